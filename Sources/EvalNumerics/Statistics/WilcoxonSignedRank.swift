import Foundation

/// The Wilcoxon signed-rank test of paired differences, two-sided, with the semantics of
/// `scipy.stats.wilcoxon(d)` in scipy 1.17 at its defaults (`zero_method='wilcox'`,
/// `correction=False`, `method='auto'`).
///
/// Zeros are dropped before ranking (Wilcoxon's rule); the absolute differences are ranked
/// with ties averaged; T⁺ is the rank sum of the positive differences. `auto` picks:
/// more than 50 differences (zeros included) → the normal approximation; otherwise, with no
/// ties and no zeros → the exact null distribution of T⁺; otherwise, up to 13 differences →
/// the exact permutation test over all 2ⁿ sign flips; otherwise → the normal approximation.
public struct WilcoxonSignedRank: Equatable, Sendable {
    /// How the p-value was computed.
    public enum Method: String, Sendable, Equatable {
        /// Exact null distribution of T⁺ (no ties, no zeros).
        case exact
        /// All 2ⁿ sign flips of the differences enumerated (ties or zeros, n ≤ 13).
        case permutation
        /// Normal approximation with the tie correction of the variance, no continuity correction.
        case asymptotic
    }

    /// scipy's statistic: min(T⁺, T⁻).
    public var statistic: Double
    /// T⁺, the rank sum of the positive differences.
    public var positiveRankSum: Double
    /// The two-sided p-value (NaN when every difference is zero or there are none).
    public var pValue: Double
    /// The z statistic −|T⁺ − n(n+1)/4| / σ (NaN unless `method` is asymptotic).
    public var z: Double
    /// Differences left after dropping zeros.
    public var count: Int
    /// How `pValue` was computed.
    public var method: Method

    /// The test of `differences` (x − y of the pairs); NaNs are not allowed.
    public init(_ differences: [Double]) {
        precondition(!differences.contains(where: \.isNaN), "Wilcoxon test of a sample with NaN")
        let nonzero = differences.filter { $0 != 0 }
        let zeros = differences.count - nonzero.count
        let (ranks, ties) = Ranks.average(nonzero.map(abs))
        let tPlus = zip(nonzero, ranks).reduce(0.0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
        let tMinus = zip(nonzero, ranks).reduce(0.0) { $0 + ($1.0 < 0 ? $1.1 : 0) }
        let n = Double(nonzero.count)
        let mean = n * (n + 1) / 4
        let tieCorrection = ties.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) }
        let sigma = ((n * (n + 1) * (2 * n + 1) - tieCorrection / 2) / 24).squareRoot()
        count = nonzero.count
        positiveRankSum = tPlus
        statistic = min(tPlus, tMinus)
        z = .nan
        if differences.isEmpty || nonzero.isEmpty {
            method = .asymptotic
            pValue = .nan
            return
        }
        if differences.count > 50 || ((!ties.isEmpty || zeros > 0) && differences.count > 13) {
            method = .asymptotic
            let signed = (tPlus - mean) / sigma
            z = -abs(signed)
            pValue = min(1, 2 * NormalDistribution.cdf(-abs(signed)))
        } else if ties.isEmpty && zeros == 0 {
            method = .exact
            pValue = Self.exactPValue(tPlus: tPlus, n: nonzero.count)
        } else {
            method = .permutation
            pValue = Self.permutationPValue(ranks: ranks, observed: tPlus)
        }
    }

    /// Two-sided exact p-value: 2·min(P(T⁺ ≥ ⌊t⌋), P(T⁺ ≤ ⌈t⌉)) clipped to 1, from the
    /// counts of every rank sum over the 2ⁿ sign assignments.
    static func exactPValue(tPlus: Double, n: Int) -> Double {
        let maxSum = n * (n + 1) / 2
        var counts = [Double](repeating: 0, count: maxSum + 1)
        counts[0] = 1
        for rank in 1...n {
            for total in stride(from: maxSum, through: rank, by: -1) { counts[total] += counts[total - rank] }
        }
        let all = pow(2.0, Double(n))
        let lower = Int(tPlus.rounded(.up)), upper = Int(tPlus.rounded(.down))
        let cdf = counts[0...min(lower, maxSum)].reduce(0, +) / all
        let sf = counts[max(upper, 0)...].reduce(0, +) / all
        return min(1, 2 * min(sf, cdf))
    }

    /// Two-sided p-value of the exact permutation test, as `scipy.stats.permutation_test`
    /// computes it for `permutation_type='samples'` when every sign flip is enumerated: the
    /// fractions of flipped T⁺ at most and at least the observed (within 100 ε relative),
    /// twice the smaller, clipped to 1.
    static func permutationPValue(ranks: [Double], observed: Double) -> Double {
        let n = ranks.count
        let gamma = abs(observed * Double.ulpOfOne * 100)
        var atMost = 0, atLeast = 0
        for mask in 0..<(1 << n) {
            var total = 0.0
            for k in 0..<n where (mask >> k) & 1 == 1 { total += ranks[k] }
            if total <= observed + gamma { atMost += 1 }
            if total >= observed - gamma { atLeast += 1 }
        }
        let all = Double(1 << n)
        return min(1, 2 * min(Double(atMost) / all, Double(atLeast) / all))
    }
}
