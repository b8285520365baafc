import Foundation
@testable import EvalNumerics
import Testing

@Suite("LAPACK least squares and the Wilcoxon signed-rank test")
struct LeastSquaresAndWilcoxonTests {
    @Test("dgelsd recovers an exact line, reports its condition number, and reuses a grown workspace")
    func exactLine() throws {
        var solver = LeastSquaresSolver(columns: 2)
        for rows in [5, 300, 7] {
            let x = (0..<rows).map { Double($0) * 0.1 + 0.5 }
            let d = try solver.solve(rows: rows, design: { i, j in j == 0 ? x[i] : 1 }, target: { 2.5 * x[$0] - 0.75 })
            #expect(abs(solver.coefficient(0) - 2.5) < 1e-12 && abs(solver.coefficient(1) + 0.75) < 1e-12)
            #expect(d.rank == 2)
            // The condition number from the singular values equals the one from the Gram matrix's eigenvalues.
            let sxx = x.reduce(0) { $0 + $1 * $1 }, sx = x.reduce(0, +), n = Double(rows)
            let mean = (sxx + n) / 2, radius = (((sxx - n) / 2) * ((sxx - n) / 2) + sx * sx).squareRoot()
            #expect(abs(d.conditionNumber - ((mean + radius) / (mean - radius)).squareRoot()) < 1e-8 * d.conditionNumber)
        }
    }

    @Test("A constant column is rank-deficient; no rows or a NaN are refused")
    func degenerate() {
        var solver = LeastSquaresSolver(columns: 2)
        let d = try? solver.solve(rows: 10, design: { _, _ in 1 }, target: { _ in 3 })
        #expect(d?.rank == 1)
        #expect(throws: LinearAlgebraError.self) { try solver.solve(rows: 0, design: { _, _ in 1 }, target: { _ in 1 }) }
        #expect(throws: LinearAlgebraError.self) { try solver.solve(rows: 3, design: { i, _ in i == 1 ? .nan : 1 }, target: { _ in 1 }) }
    }

    @Test("The exact p-value equals a brute-force enumeration of all sign flips")
    func exactMatchesEnumeration() {
        var generator = SplitMix64(seed: 11)
        for n in [5, 9, 14] {
            let d = (0..<n).map { k in (Double(k) + Double.random(in: 0..<0.9, using: &generator)) * (Bool.random(using: &generator) ? 1 : -1) }
            let test = WilcoxonSignedRank(d)
            #expect(test.method == .exact)
            let ranks = Ranks.average(d.map(abs)).ranks
            let observed = zip(d, ranks).reduce(0.0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
            var low = 0, high = 0
            for mask in 0..<(1 << n) {
                let total = (0..<n).reduce(0.0) { (mask >> $1) & 1 == 1 ? $0 + ranks[$1] : $0 }
                if total <= observed { low += 1 }
                if total >= observed { high += 1 }
            }
            let expected = min(1, 2 * Double(min(low, high)) / Double(1 << n))
            #expect(abs(test.pValue - expected) < 1e-12)
        }
    }

    @Test("Swapping the sign of every difference keeps p; zeros and ties switch the method; all zeros give NaN")
    func symmetryAndMethods() {
        let d = [0.3, -1.2, 0.8, 2.2, -0.1, 1.7, 0.9, -0.4, 1.1, 0.05, 0.6, -0.7]
        #expect(WilcoxonSignedRank(d).pValue == WilcoxonSignedRank(d.map { -$0 }).pValue)
        #expect(WilcoxonSignedRank(d + [0]).method == .permutation)
        #expect(WilcoxonSignedRank(d + d.map { $0 * 2 } + [0.3]).method == .asymptotic)
        #expect(WilcoxonSignedRank((0..<60).map { Double($0) - 20.5 }).method == .asymptotic)
        #expect(WilcoxonSignedRank([0, 0, 0]).pValue.isNaN)
    }

    @Test("Average ranks share ties")
    func ranks() {
        let (r, ties) = Ranks.average([3, 1, 3, 2, 3])
        #expect(r == [4, 1, 4, 2, 4] && ties == [3])
    }
}

@Suite("Paired comparison with clustered resampling")
struct ClusteredPairedComparisonTests {
    @Test("Clusters of identical pairs resample as their single value would; resampling the copies alone is narrower")
    func clustersResampleTogether() {
        var generator = SplitMix64(seed: 11)
        let values = (0..<12).map { _ in generator.nextUnit() - 0.4 }
        let copies = 10
        let a = values.flatMap { Array(repeating: $0, count: copies) }
        let b = Array(repeating: 0.0, count: a.count)
        let labels = values.indices.flatMap { Array(repeating: $0, count: copies) }
        let clustered = PairedComparison(a: a, b: b, clusters: labels, resamples: 999, seed: 5)
        let single = PairedComparison(a: values, b: Array(repeating: 0, count: values.count), resamples: 999, seed: 5)
        #expect(clustered.units == 12 && clustered.count == 120)
        #expect(abs(clustered.meanDifference.lower - single.meanDifference.lower) < 1e-12)
        #expect(abs(clustered.meanDifference.upper - single.meanDifference.upper) < 1e-12)
        let naive = PairedComparison(a: a, b: b, resamples: 999, seed: 5)
        let width = { (c: PairedComparison) in c.meanDifference.upper - c.meanDifference.lower }
        #expect(width(naive) < 0.5 * width(clustered), "ignoring the clusters understates the uncertainty")
        #expect(clustered.wilcoxon == naive.wilcoxon, "the test sees every pair either way")
    }
}
