/// The summary evo reports for an error array (`PE.get_all_statistics`): rmse, mean,
/// median, population standard deviation, min, max and sum of squares. Sums are taken in
/// numpy's pairwise order (``PairwiseSum``).
public struct ErrorStatistics: Equatable, Sendable {
    /// Number of values.
    public var count: Int
    /// √(mean e²).
    public var rmse: Double
    /// Arithmetic mean.
    public var mean: Double
    /// `numpy.median`.
    public var median: Double
    /// Population standard deviation (divides by n; `numpy.std` with ddof 0).
    public var std: Double
    /// Smallest value.
    public var min: Double
    /// Largest value.
    public var max: Double
    /// Σ e².
    public var sse: Double

    /// The statistics of `errors` (must not be empty).
    public init(_ errors: [Double]) {
        precondition(!errors.isEmpty, "statistics of an empty error array")
        let sorted = errors.sorted()
        count = errors.count
        let squares = errors.map { $0 * $0 }
        sse = PairwiseSum.sum(squares)
        rmse = (sse / Double(count)).squareRoot()
        mean = Descriptive.mean(errors)
        median = Quantile.median(sorted: sorted)
        std = Descriptive.standardDeviation(errors)
        min = sorted.first!
        max = sorted.last!
    }

    /// The statistics by name, in evo's order: rmse, mean, median, std, min, max, sse.
    public var named: [(name: String, value: Double)] {
        [("rmse", rmse), ("mean", mean), ("median", median), ("std", std), ("min", min), ("max", max), ("sse", sse)]
    }
}

/// Means and spreads computed as numpy computes them.
public enum Descriptive {
    /// `numpy.mean`: the pairwise sum divided by n.
    public static func mean(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "mean of an empty sample")
        return PairwiseSum.sum(values) / Double(values.count)
    }

    /// `numpy.std(values, ddof=ddof)`: √(Σ(x − x̄)² / (n − ddof)).
    public static func standardDeviation(_ values: [Double], ddof: Int = 0) -> Double {
        precondition(values.count > ddof, "standard deviation needs more than ddof values")
        let centre = mean(values)
        let squares = values.map { ($0 - centre) * ($0 - centre) }
        return (PairwiseSum.sum(squares) / Double(values.count - ddof)).squareRoot()
    }
}
