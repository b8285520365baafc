import EvalNumerics
import Recording

/// A sequence ready for scoring: both sides grouped into the same timesteps, rows
/// filtered and boxes read as the chosen convention prescribes.
///
/// - TrackEval: timesteps are frames `1...seqLength`; ground-truth rows are kept when
///   `trunc(conf) ≠ 0`; every tracker row is kept.
/// - motmetrics: timesteps are the sorted frames present in either file (before filtering); ground-truth
///   rows are kept when `conf ≥ 1`, tracker rows when `conf ≥ −1`.
public struct PreparedSequence: Sendable {
    /// Sequence name.
    public let name: String
    /// The convention the sequence was prepared for.
    public let convention: ScoringConvention
    /// The frame number of each timestep.
    public let frameNumbers: [Int]
    /// Ground-truth detections by timestep.
    public private(set) var groundTruth: TimestepDetections
    /// Tracker detections by timestep.
    public private(set) var tracker: TimestepDetections

    /// Number of timesteps.
    public var timestepCount: Int { frameNumbers.count }

    /// Drops the boxes (keeping ids, timesteps and labels), for the metrics that run once
    /// the IoUs are tabulated.
    mutating func releaseBoxes() {
        groundTruth.box = []
        tracker.box = []
    }

    /// Validates and prepares `sequence`.
    ///
    /// Errors name the file and line: a frame outside `1...seqLength` (TrackEval), or the
    /// same id twice in one frame (either side, before any filtering, as TrackEval checks).
    /// Without a known length, the TrackEval convention uses the largest frame in
    /// either file.
    ///
    /// The sequence is consumed: each side's file rows are released as soon as that
    /// side is grouped, which keeps the peak memory of large files low.
    public init(_ sequence: consuming MOTSequence, convention: ScoringConvention) throws(InputError) {
        name = sequence.name
        self.convention = convention
        let knownLength = sequence.length
        var gt = sequence.groundTruth
        var trk = sequence.tracker
        _ = consume sequence
        let gtTimestep: [Int32], trackerTimestep: [Int32]
        switch convention {
        case .trackeval:
            let length = knownLength ?? max(gt.maximumFrame ?? 0, trk.maximumFrame ?? 0)
            try Self.checkFrames(gt, length: length, lengthKnown: knownLength != nil)
            try Self.checkFrames(trk, length: length, lengthKnown: knownLength != nil)
            frameNumbers = Array(stride(from: 1, through: length, by: 1))
            gtTimestep = gt.frame.map { Int32($0 - 1) }
            trackerTimestep = trk.frame.map { Int32($0 - 1) }
        case .motmetrics:
            frameNumbers = Self.motmetricsFrames(gt, trk)
            var timestepOf = IntegerHashMap(capacity: frameNumbers.count)
            for (index, frame) in frameNumbers.enumerated() { timestepOf.set(Int32(index), for: frame) }
            // Rows of frames motmetrics never visits (all filtered out) get timestep -1.
            gtTimestep = gt.frame.map { timestepOf.value(for: $0) ?? -1 }
            trackerTimestep = trk.frame.map { timestepOf.value(for: $0) ?? -1 }
        }
        groundTruth = try TimestepDetections(
            rows: gt, timestepOf: gtTimestep, timestepCount: frameNumbers.count, convention: convention,
            side: "ground truth", filter: convention == .trackeval ? .truncatedConfidenceNonZero : .confidenceAtLeast(1))
        gt = MOTRows(path: gt.path)
        tracker = try TimestepDetections(
            rows: trk, timestepOf: trackerTimestep, timestepCount: frameNumbers.count, convention: convention,
            side: "tracker", filter: convention == .trackeval ? .all : .confidenceAtLeast(-1))
        trk = MOTRows(path: trk.path)
    }

    /// The frames py-motmetrics visits: `gt.index.union(dt.index).levels[0]` of the
    /// filtered tables. pandas keeps the frames of filtered-out rows in an index's levels;
    /// `union` returns the ground-truth index unchanged when the filtered tracker index is
    /// empty or equal to it, the tracker index unchanged when the filtered ground truth is
    /// empty, and otherwise merges both level sets.
    private static func motmetricsFrames(_ gt: MOTRows, _ trk: MOTRows) -> [Int] {
        let gtKept = (0..<gt.count).filter { gt.confidence[$0] >= 1 }
        let trackerKept = (0..<trk.count).filter { trk.confidence[$0] >= -1 }
        let sameIndex = gtKept.count == trackerKept.count
            && zip(gtKept, trackerKept).allSatisfy { gt.frame[$0] == trk.frame[$1] && gt.id[$0] == trk.id[$1] }
        let frames: Set<Int>
        if trackerKept.isEmpty || sameIndex {
            frames = Set(gt.frame)
        } else if gtKept.isEmpty {
            frames = Set(trk.frame)
        } else {
            frames = Set(gt.frame).union(trk.frame)
        }
        return frames.sorted()
    }

    private static func checkFrames(_ rows: MOTRows, length: Int, lengthKnown: Bool) throws(InputError) {
        for row in 0..<rows.count where rows.frame[row] < 1 || rows.frame[row] > length {
            let limit = lengthKnown ? "seqLength \(length)" : "the last frame \(length)"
            throw InputError(
                file: rows.path, line: Int(rows.line[row]),
                message: "frame \(rows.frame[row]) is outside 1...\(length) (\(limit))")
        }
    }
}
