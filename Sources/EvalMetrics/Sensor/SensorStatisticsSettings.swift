/// What the sensor statistics measure and how (`spec.md#sensor-statistics`). The defaults are
/// what `spatial-eval sensor-stats` and `Reports/real-captures` use.
public struct SensorStatisticsSettings: Equatable, Sendable, Codable {
    /// Edges of the depth bins of the confidence shares, metres: bin k is [edge k, edge k + 1),
    /// the last bin open-ended. They reach past the simulator's 5 m range to the sensor's own.
    public var depthBinEdges: [Double] = [0, 1, 2, 3, 4, 5, 6, 8, 10, 15]
    /// A sample is at a depth discontinuity when a 4-neighbour's depth differs from its own by
    /// more than this, metres (the simulator's silhouette step).
    public var discontinuityStep: Double = 0.1
    /// Distance bins to the nearest discontinuity, in map samples: bin k is [edge k, edge k + 1),
    /// the last bin open-ended (and holding maps without a discontinuity).
    public var edgeDistanceBinEdges: [Int] = [0, 1, 2, 3, 4]
    /// Only samples read at or nearer than this, metres, enter the confidence-by-edge shares
    /// (beyond it the depth alone caps the simulator's confidence).
    public var edgeMaximumDepth: Double = 3
    /// Edges of the predicted-depth bins of the frame-pair disagreement, metres.
    public var disagreementDepthEdges: [Double] = [0, 1, 2, 3, 5]
    /// Times apart of the frame pairs, seconds; the first is the gap of the by-depth table.
    public var pairGaps: [Double] = [0.2, 0.5, 1, 2, 4]
    /// A pair is taken when its frames lie within this fraction of the gap of the gap.
    public var pairGapTolerance: Double = 0.25
    /// Only points predicted at or nearer than this, metres, enter the by-gap table.
    public var pairMaximumDepth: Double = 3
    /// Poses of the speed and angular speed are at least this far apart, seconds.
    public var motionStep: Double = 0.2
    /// Gap of the frame-pair alignment, seconds.
    public var alignmentGap: Double = 1
    /// Depth limit of the frame-pair alignment's points, metres.
    public var alignmentMaximumDepth: Double = 3
    /// The bootstrap resamples blocks of this many seconds of the recording.
    public var blockSeconds: Double = 2
    /// Bootstrap resamples.
    public var resamples: Int = 2000
    /// Bootstrap seed.
    public var seed: UInt64 = 20_261_207
    /// Confidence level of the intervals.
    public var confidenceLevel: Double = 0.95

    /// The defaults.
    public init() {}
}
