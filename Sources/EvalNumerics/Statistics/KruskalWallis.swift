/// The Kruskal–Wallis H test: do k independent samples come from one distribution?
/// (`scipy.stats.kruskal`: mid-ranks for ties, the tie correction, χ² with k − 1 degrees
/// of freedom.)
public struct KruskalWallis: Equatable, Sendable {
    /// The H statistic, tie-corrected.
    public var statistic: Double
    /// P(χ²_{k−1} ≥ H).
    public var pValue: Double
    /// Number of groups.
    public var groups: Int
    /// Total number of observations.
    public var count: Int

    /// Runs the test on `samples` (one array per group). Non-finite values are dropped
    /// first; with fewer than two non-empty groups, or when every value is equal, the
    /// statistic and p-value are NaN (scipy raises or returns NaN there).
    public init(_ samples: [[Double]]) {
        let groups = samples.map { $0.filter(\.isFinite) }.filter { !$0.isEmpty }
        self.groups = groups.count
        let pooled = groups.flatMap { $0 }
        count = pooled.count
        guard groups.count >= 2 else {
            (statistic, pValue) = (.nan, .nan)
            return
        }
        let (ranks, ties) = Ranks.average(pooled)
        var h = 0.0, offset = 0
        for values in groups {
            let rankSum = ranks[offset..<(offset + values.count)].reduce(0, +)
            h += rankSum * rankSum / Double(values.count)
            offset += values.count
        }
        let n = Double(pooled.count)
        h = 12 / (n * (n + 1)) * h - 3 * (n + 1)
        let tieTerm = ties.reduce(0.0) { t, size in t + Double(size * size * size - size) }
        let correction = 1 - tieTerm / (n * n * n - n)
        guard correction > 0 else {
            (statistic, pValue) = (.nan, .nan)
            return
        }
        statistic = h / correction
        pValue = SpecialFunctions.chiSquaredSurvival(statistic, degreesOfFreedom: Double(groups.count - 1))
    }
}
