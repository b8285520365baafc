import EvalNumerics

/// Where a LiDAR reading at a silhouette lies between the near (0) and the far (1) surface,
/// drawn from the histogram measured on real ARKit scene depth (`lidar-edges.json`,
/// Data/error-models/SOURCES.md).
public struct EdgeMixing: Equatable, Sendable {
    /// Cumulative probability at the upper edge of each bin over [0, 1].
    public let cumulative: [Double]

    /// The measured histogram.
    public static let measured = EdgeMixing(histogram: ErrorModelTables.lidarEdgeHistogram.map(Double.init))

    /// A distribution from bin counts over [0, 1].
    public init(histogram: [Double]) {
        let total = histogram.reduce(0, +)
        var running = 0.0
        cumulative = histogram.map { running += $0; return total > 0 ? running / total : 0 }
    }

    /// One mixing fraction: a bin by its probability, uniform within the bin.
    public func draw(_ random: inout SplitMix64) -> Double {
        let u = random.nextUnit()
        let bin = cumulative.firstIndex { u < $0 } ?? max(cumulative.count - 1, 0)
        return (Double(bin) + random.nextUnit()) / Double(max(cumulative.count, 1))
    }
}
