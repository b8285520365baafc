@testable import EvalNumerics
import Testing

@Suite("Selection")
struct SelectionTests {
    @Test("The selected median equals the sorted median, for odd and even sizes, ties and sorted inputs")
    func matchesSortedMedian() {
        var generator = SplitMix64(seed: 3)
        for n in [1, 2, 3, 4, 5, 8, 17, 64, 255, 256, 1000] {
            for pattern in 0..<4 {
                var values = (0..<n).map { _ in Double.random(in: -5..<5, using: &generator) }
                if pattern == 1 { values = values.map { ($0 * 2).rounded() } }  // many ties
                if pattern == 2 { values.sort() }
                if pattern == 3 { values = values.sorted().reversed() }
                let expected = Quantile.median(values)
                var copy = values
                #expect(Selection.median(&copy) == expected, "n \(n) pattern \(pattern)")
                #expect(copy.sorted() == values.sorted())
            }
        }
    }
}
