@testable import ResultStore
import Testing

@Suite struct FileBytesTests {
    /// Every offset where `pattern` starts, tried one by one.
    static func naive(_ pattern: [UInt8], _ bytes: [UInt8]) -> [Int] {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<$0 + pattern.count]) == pattern }
    }

    /// The `memchr` search finds exactly the offsets a one-by-one comparison finds: planted
    /// signatures at the start, the end, overlapping and back to back, partial prefixes, and
    /// random bytes over a small alphabet (many first-byte candidates).
    @Test func occurrencesEqualTheNaiveSearch() {
        let signature = Array("GCOL".utf8)
        var state: UInt64 = 7  // a fixed linear congruential stream: the same cases every run
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        var cases: [([UInt8], [UInt8])] = [
            (signature, signature), (signature, Array("GCO".utf8)), (signature, Array("GGCOLGCOLGCOGCOL".utf8)),
            (Array("AA".utf8), Array("AAAAA".utf8)), (Array("G".utf8), Array("xGxGG".utf8)), (signature, []),
        ]
        for n in [1, 5, 64, 1000] {
            let alphabet = Array("GCOLx".utf8)
            var bytes = (0..<n).map { _ in alphabet[next(alphabet.count)] }
            if n >= 8 { bytes.replaceSubrange(n - 4..<n, with: signature) }
            cases.append((signature, bytes))
        }
        var total = 0
        for (pattern, bytes) in cases {
            let found = bytes.withUnsafeBufferPointer { FileBytes.occurrences(of: pattern, in: $0) }
            #expect(found == Self.naive(pattern, bytes), "\(pattern) in \(bytes.count) bytes")
            total += found.count
        }
        #expect(total > 10, "the cases must hold matches, or the comparison proves little")
    }
}
