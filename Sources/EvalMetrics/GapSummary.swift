import EvalNumerics
/// One step of an empirical CDF: the fraction of values ≤ `value`.
public struct ECDFPoint: Equatable, Sendable {
    /// A distinct observed value.
    public var value: Double
    /// Fraction of the values that are ≤ `value`, in (0, 1].
    public var fraction: Double

    /// Creates a point from its parts.
    public init(value: Double, fraction: Double) {
        self.value = value
        self.fraction = fraction
    }
}

/// Summary of re-anchor gaps (metres): n, median, p90, mean, min, max and the ECDF.
///
/// Plain sorting-based statistics; no intervals (bootstrap intervals that resample whole
/// instances belong to `EvalNumerics`). The quantile rule is a parameter, numpy's default
/// (linear) rule unless another is given. An empty list gives n = 0, NaN statistics and
/// an empty ECDF. Non-finite gaps are left out.
public struct GapSummary: Equatable, Sendable {
    /// Number of gaps.
    public var count: Int
    /// Median (the 0.5 quantile).
    public var median: Double
    /// 90th percentile (the 0.9 quantile).
    public var p90: Double
    /// Arithmetic mean.
    public var mean: Double
    /// Smallest gap.
    public var minimum: Double
    /// Largest gap.
    public var maximum: Double
    /// The ECDF at each distinct gap, ascending.
    public var ecdf: [ECDFPoint]

    /// Summarises `gaps` with numpy's default linear quantile rule.
    public init(_ gaps: [Double]) {
        self.init(gaps, quantile: { Quantile.linear(sorted: $0, $1) })
    }

    /// Summarises `gaps`, computing the median and p90 with `quantile(sorted, p)`, which
    /// receives the finite gaps sorted ascending (never empty) and p in [0, 1].
    public init(_ gaps: [Double], quantile: ([Double], Double) -> Double) {
        let sorted = gaps.filter(\.isFinite).sorted()
        count = sorted.count
        guard let first = sorted.first, let last = sorted.last else {
            (median, p90, mean, minimum, maximum, ecdf) = (.nan, .nan, .nan, .nan, .nan, [])
            return
        }
        median = quantile(sorted, 0.5)
        p90 = quantile(sorted, 0.9)
        mean = sorted.reduce(0, +) / Double(sorted.count)
        minimum = first
        maximum = last
        var points: [ECDFPoint] = []
        for (k, value) in sorted.enumerated() where k + 1 == sorted.count || sorted[k + 1] != value {
            points.append(ECDFPoint(value: value, fraction: Double(k + 1) / Double(sorted.count)))
        }
        ecdf = points
    }

    /// The summary of several runs' gaps pooled into one list.
    public static func pooled(_ runs: [[Double]]) -> GapSummary {
        GapSummary(runs.flatMap { $0 })
    }
}
