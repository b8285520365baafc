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
    public let groundTruth: TimestepDetections
    /// Tracker detections by timestep.
    public let tracker: TimestepDetections

    /// Number of timesteps.
    public var timestepCount: Int { frameNumbers.count }

    /// Validates and prepares `sequence`.
    ///
    /// Errors name the file and line: a frame outside `1...seqLength` (TrackEval), or the
    /// same id twice in one frame (either side, before any filtering, as TrackEval checks).
    /// Without a known length, the TrackEval convention uses the largest frame in
    /// either file.
    public init(_ sequence: MOTSequence, convention: ScoringConvention) throws(InputError) {
        name = sequence.name
        self.convention = convention
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        try Self.checkUniqueIDs(gt, side: "ground truth")
        try Self.checkUniqueIDs(trk, side: "tracker")
        switch convention {
        case .trackeval:
            let length = sequence.length ?? max(gt.maximumFrame ?? 0, trk.maximumFrame ?? 0)
            try Self.checkFrames(gt, length: length, lengthKnown: sequence.length != nil)
            try Self.checkFrames(trk, length: length, lengthKnown: sequence.length != nil)
            frameNumbers = Array(stride(from: 1, through: length, by: 1))
            groundTruth = TimestepDetections(
                rows: gt, timestepCount: length, convention: convention,
                keep: { gt.confidence[$0].rounded(.towardZero) != 0 }, timestep: { gt.frame[$0] - 1 })
            tracker = TimestepDetections(
                rows: trk, timestepCount: length, convention: convention,
                keep: { _ in true }, timestep: { trk.frame[$0] - 1 })
        case .motmetrics:
            let keepGT: (Int) -> Bool = { gt.confidence[$0] >= 1 }
            let keepTracker: (Int) -> Bool = { trk.confidence[$0] >= -1 }
            // pandas keeps the frame level of filtered-out rows, so motmetrics still
            // visits (and counts) a frame whose rows were all dropped by the filters.
            let frames = Set(gt.frame).union(trk.frame)
            let sorted = frames.sorted()
            var timestepOf: [Int: Int] = [:]
            for (index, frame) in sorted.enumerated() { timestepOf[frame] = index }
            frameNumbers = sorted
            groundTruth = TimestepDetections(
                rows: gt, timestepCount: sorted.count, convention: convention,
                keep: keepGT, timestep: { timestepOf[gt.frame[$0]]! })
            tracker = TimestepDetections(
                rows: trk, timestepCount: sorted.count, convention: convention,
                keep: keepTracker, timestep: { timestepOf[trk.frame[$0]]! })
        }
    }

    private static func checkFrames(_ rows: MOTRows, length: Int, lengthKnown: Bool) throws(InputError) {
        for row in 0..<rows.count where rows.frame[row] < 1 || rows.frame[row] > length {
            let limit = lengthKnown ? "seqLength \(length)" : "the last frame \(length)"
            throw InputError(
                file: rows.path, line: Int(rows.line[row]),
                message: "frame \(rows.frame[row]) is outside 1...\(length) (\(limit))")
        }
    }

    private static func checkUniqueIDs(_ rows: MOTRows, side: String) throws(InputError) {
        var seen = Set<Pair>()
        seen.reserveCapacity(rows.count)
        for row in 0..<rows.count where !seen.insert(Pair(frame: rows.frame[row], id: rows.id[row])).inserted {
            throw InputError(
                file: rows.path, line: Int(rows.line[row]),
                message: "\(side) has id \(rows.id[row]) more than once in frame \(rows.frame[row])")
        }
    }

    private struct Pair: Hashable {
        var frame: Int
        var id: Int
    }
}
