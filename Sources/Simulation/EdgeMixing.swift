import EvalNumerics

/// A distribution over a range given by bin counts of equal width, drawn by picking a bin by
/// its weight and a point uniformly within it: the measured LiDAR edge mixing
/// (`lidar-edges.json`) and the measured background depth jumps (`background-jumps.json`,
/// Data/error-models/SOURCES.md).
public struct BinnedDistribution: Equatable, Sendable {
    /// Cumulative probability at the upper edge of each bin.
    public let cumulative: [Double]
    /// The range the bins cover.
    public let range: ClosedRange<Double>

    /// Where a LiDAR reading at a silhouette lies between the near (0) and the far (1) surface,
    /// measured on real ARKit scene depth (`lidar-edges.json`).
    public static let measured = BinnedDistribution(histogram: ErrorModelTables.lidarEdgeHistogram.map(Double.init))

    /// The depth jump, metres, from an object to the surface behind its boundary, measured on
    /// real RGB-D depth maps (`background-jumps.json`: Open3D's RGBD sample and the
    /// Prior-Depth-Anything ground truths, each scene weighted equally).
    public static let backgroundJump = BinnedDistribution(
        histogram: ErrorModelTables.backgroundJumpHistogram.map(Double.init), range: ErrorModelTables.backgroundJumpRange)

    /// A distribution from bin counts over `range` (default [0, 1]).
    public init(histogram: [Double], range: ClosedRange<Double> = 0...1) {
        let total = histogram.reduce(0, +)
        var running = 0.0
        cumulative = histogram.map { running += $0; return total > 0 ? running / total : 0 }
        self.range = range
    }

    /// One value: a bin by its probability, uniform within the bin.
    public func draw(_ random: inout SplitMix64) -> Double {
        let u = random.nextUnit()
        let bin = cumulative.firstIndex { u < $0 } ?? max(cumulative.count - 1, 0)
        let fraction = (Double(bin) + random.nextUnit()) / Double(max(cumulative.count, 1))
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }
}

/// The LiDAR edge-mixing distribution's former name (`BinnedDistribution.measured`).
public typealias EdgeMixing = BinnedDistribution
