import Foundation
import EvalNumerics
import TestSupport
import Testing

@Suite("NumPy-ordered sums")
struct PairwiseSumTests {
    private static func rows(seed: UInt64) -> [[Double]] {
        var generator = SplitMix64(seed: seed)
        return (0..<300).map { index in
            let length = index < 40 ? index : Int(generator.next() % 700)
            return (0..<length).map { _ in
                let scale = [1.0, 1e-9, 1e9][Int(generator.next() % 3)]
                return generator.next() % 2 == 0 ? 0 : generator.nextUnit() * scale
            }
        }
    }

    @Test("dense sums are bit-identical to numpy.sum",
          .enabled(if: ReferencePython.isAvailable, "needs the reference Python (Scripts/test makes it)"))
    func denseMatchesNumpy() throws {
        let rows = Self.rows(seed: 3)
        let input = rows.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "\n") + "\n"
        let script = """
            import sys, numpy as np
            for line in sys.stdin.read().split('\\n')[:-1]:
                a = np.array([float(x) for x in line.split()], dtype=np.float64)
                print(np.stack([a, a]).sum(1)[0].hex())
            """
        let output = String(decoding: try ReferencePython.run(script, input: Data(input.utf8)), as: UTF8.self)
        let expected = output.split(separator: "\n").map { hexFloat(String($0)) }
        #expect(expected.count == rows.count)
        for (row, reference) in zip(rows, expected) {
            #expect(PairwiseSum.sum(row).bitPattern == reference.bitPattern, "length \(row.count)")
        }
    }

    @Test("the sparse sum equals the dense sum bit for bit")
    func sparseEqualsDense() {
        for row in Self.rows(seed: 5) {
            let positions = row.indices.filter { row[$0] != 0 }
            let sparse = PairwiseSum.sparseSum(
                count: row.count, positions: ArraySlice(positions.map { Int32($0) }),
                values: ArraySlice(positions.map { row[$0] }))
            #expect(sparse.bitPattern == PairwiseSum.sum(row).bitPattern, "length \(row.count)")
        }
    }
}

/// Parses Python's `float.hex()` form, e.g. `0x1.8000000000000p+1`.
private func hexFloat(_ text: String) -> Double {
    if text == "0x0.0p+0" { return 0 }
    return Double(text) ?? .nan
}
