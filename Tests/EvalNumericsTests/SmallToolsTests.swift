import EvalNumerics
import Testing

@Suite("Seeded generator and integer map")
struct SmallToolsTests {
    @Test("SplitMix64 is a pure function of its seed, and units lie in [0, 1)")
    func generatorIsDeterministic() {
        var a = SplitMix64(seed: 99), b = SplitMix64(seed: 99), c = SplitMix64(seed: 100)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
        #expect((0..<10_000).allSatisfy { _ in (0..<1).contains(a.nextUnit()) })
    }

    @Test("IntegerHashMap behaves like a Dictionary")
    func hashMapMatchesDictionary() {
        var generator = SplitMix64(seed: 1)
        var map = IntegerHashMap()
        var reference: [Int: Int32] = [:]
        for step in 0..<20_000 {
            let key = Int(Int64(bitPattern: generator.next() % 5_000)) - 2_500 + (step % 3 == 0 ? Int.max / 3 : 0)
            if generator.next() % 2 == 0 {
                map.set(Int32(step), for: key)
                reference[key] = Int32(step)
            } else {
                let inserted = map.value(for: key) { Int32(-step) }
                if reference[key] == nil { reference[key] = Int32(-step) }
                #expect(inserted == reference[key])
            }
            #expect(map.value(for: key) == reference[key])
        }
        #expect(map.count == reference.count)
        for (key, value) in reference { #expect(map.value(for: key) == value) }
    }
}
