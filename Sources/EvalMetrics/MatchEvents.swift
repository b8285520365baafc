/// What happened to each detection in each timestep, one row per event, for the raw
/// results file: a matched pair (with or without an identity switch), a missed
/// ground-truth object, or a false tracker detection.
public struct MatchEvents: Sendable, Equatable {
    /// The kind of an event; raw values are stored in results files.
    public enum Kind: Int64, Sendable, CaseIterable {
        /// Ground truth and tracker detection matched, same identity as before.
        case match = 0
        /// Matched, but the ground-truth object was last matched to another track.
        case identitySwitch = 1
        /// Ground-truth detection not matched.
        case miss = 2
        /// Tracker detection not matched.
        case falsePositive = 3

        /// The name used by py-motmetrics for this kind.
        public var label: String {
            switch self {
            case .match: "MATCH"
            case .identitySwitch: "SWITCH"
            case .miss: "MISS"
            case .falsePositive: "FP"
            }
        }
    }

    /// Frame number of each event.
    public var frame: [Int64] = []
    /// Original ground-truth id, or -1 for a false positive.
    public var groundTruthID: [Int64] = []
    /// Original tracker id, or -1 for a miss.
    public var trackerID: [Int64] = []
    /// IoU of a matched pair; NaN for misses and false positives.
    public var similarity: [Double] = []
    /// Raw value of each event's ``Kind``.
    public var kind: [Int64] = []

    /// An empty event list.
    public init() {}

    /// Number of events.
    public var count: Int { frame.count }

    /// Appends one event.
    public mutating func append(frame: Int, groundTruth: Int?, tracker: Int?, similarity: Double, kind: Kind) {
        self.frame.append(Int64(frame))
        groundTruthID.append(Int64(groundTruth ?? -1))
        trackerID.append(Int64(tracker ?? -1))
        self.similarity.append(similarity)
        self.kind.append(kind.rawValue)
    }
}
