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
        let pooled = groups.enumerated().flatMap { g, values in values.map { (value: $0, group: g) } }
            .sorted { $0.value < $1.value }
        count = pooled.count
        guard groups.count >= 2 else {
            (statistic, pValue) = (.nan, .nan)
            return
        }
        var rankSums = [Double](repeating: 0, count: groups.count)
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].value == pooled[start].value { end += 1 }
            let midRank = Double(start + end + 2) / 2
            for k in start...end { rankSums[pooled[k].group] += midRank }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        let n = Double(pooled.count)
        var h = 0.0
        for (g, values) in groups.enumerated() { h += rankSums[g] * rankSums[g] / Double(values.count) }
        h = 12 / (n * (n + 1)) * h - 3 * (n + 1)
        let correction = 1 - tieTerm / (n * n * n - n)
        guard correction > 0 else {
            (statistic, pValue) = (.nan, .nan)
            return
        }
        statistic = h / correction
        pValue = SpecialFunctions.chiSquaredSurvival(statistic, degreesOfFreedom: Double(groups.count - 1))
    }
}
