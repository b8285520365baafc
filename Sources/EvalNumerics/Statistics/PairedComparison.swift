/// Paired differences a − b of one metric under two conditions on the same units (boxes,
/// frames): their mean and median, a bootstrap interval of each, and the Wilcoxon
/// signed-rank test.
public struct PairedComparison: Equatable, Sendable {
    /// Number of pairs.
    public var count: Int
    /// mean(a − b) with its bootstrap interval.
    public var meanDifference: BootstrapInterval
    /// median(a − b) with its bootstrap interval.
    public var medianDifference: BootstrapInterval
    /// The Wilcoxon signed-rank test of a − b.
    public var wilcoxon: WilcoxonSignedRank

    /// Number of resampling units (clusters; equal to `count` when pairs are resampled alone).
    public var units: Int

    /// Compares `a` with `b` (same length ≥ 2, no NaN); pairs are resampled with replacement
    /// `resamples` times from `seed` (percentile intervals at `confidenceLevel`). With
    /// `clusters` (one label per pair), whole clusters are resampled instead — the pairs of
    /// one cluster (e.g. the boxes of one object) are correlated, and resampling them alone
    /// would make the intervals too narrow. The Wilcoxon test always sees every pair.
    public init(
        a: [Double], b: [Double], clusters: [Int]? = nil, resamples: Int = 2000, seed: UInt64 = 1, confidenceLevel: Double = 0.95
    ) {
        precondition(a.count == b.count && a.count >= 2, "paired comparison needs two equal arrays of two or more values")
        precondition(clusters.map { $0.count == a.count } ?? true, "one cluster label per pair")
        let differences = zip(a, b).map { $0 - $1 }
        count = differences.count
        var groups: [[Double]]
        if let clusters {
            var index: [Int: Int] = [:]
            groups = []
            for (k, label) in clusters.enumerated() {
                if let g = index[label] { groups[g].append(differences[k]) } else {
                    index[label] = groups.count
                    groups.append([differences[k]])
                }
            }
        } else {
            groups = differences.map { [$0] }
        }
        if groups.count < 2 { groups = differences.map { [$0] } }
        units = groups.count
        meanDifference = Bootstrap.interval(
            units: groups, method: .percentile, confidenceLevel: confidenceLevel, resamples: resamples, seed: seed,
            statistic: { Descriptive.mean($0.flatMap { $0 }) })
        medianDifference = Bootstrap.interval(
            units: groups, method: .percentile, confidenceLevel: confidenceLevel, resamples: resamples, seed: seed,
            statistic: { Quantile.median($0.flatMap { $0 }) })
        wilcoxon = WilcoxonSignedRank(differences)
    }

    /// A one-line reading for a metric where lower is better: a side is called lower only
    /// when the Wilcoxon p-value is below `alpha` and the median difference's interval
    /// excludes 0; otherwise "no clear difference". Quotes the median difference, its
    /// interval and p.
    public func verdict(metric: String, a: String, b: String, alpha: Double = 0.05, format: (Double) -> String) -> String {
        let m = medianDifference
        let p = Self.pFormat(wilcoxon.pValue)
        let evidence = "median Δ \(format(m.estimate)) [\(format(m.lower)), \(format(m.upper))], Wilcoxon p \(p.hasPrefix("<") ? p : "= " + p), n = \(count)"
        guard wilcoxon.pValue < alpha, m.lower > 0 || m.upper < 0 else {
            return "\(metric): no clear difference between \(a) and \(b) (\(evidence))"
        }
        return m.upper < 0 ? "\(metric): \(a) is lower than \(b) (\(evidence))" : "\(metric): \(b) is lower than \(a) (\(evidence))"
    }

    /// A p-value with three significant digits, or "< 1e-6".
    public static func pFormat(_ p: Double) -> String {
        guard p.isFinite else { return "n/a" }
        if p < 1e-6 { return "< 1e-6" }
        var digits = 3, scaled = p
        while scaled < 0.1 && digits < 8 { scaled *= 10; digits += 1 }
        let factor = (0..<digits).reduce(1.0) { acc, _ in acc * 10 }
        return "\((p * factor).rounded() / factor)"
    }
}
