import Recording

/// Turns a recording's ground-truth boxes and any tracker's boxes into MOTChallenge rows,
/// so the existing CLEAR / Identity / HOTA code scores them (TrackEval convention).
///
/// Frame numbering: the recording's frames, sorted by frame number, become MOT frames
/// `1...frames.count` (recordings need not number frames contiguously nor from 1); the
/// sequence length is the number of frames. Every row gets confidence 1 and class 1.
/// Boxes on frames the recording does not have are dropped.
public struct RecordingMOT: Sendable {
    /// The MOT frame number (from 1) of each recording frame number.
    public let motFrame: [Int64: Int]
    /// The recording frame numbers in MOT order.
    public let recordingFrames: [Int64]

    /// Numbers the frames of `recording`.
    public init(_ recording: Recording) {
        recordingFrames = recording.frames.map(\.index).sorted()
        var map: [Int64: Int] = [:]
        for (k, frame) in recordingFrames.enumerated() { map[frame] = k + 1 }
        motFrame = map
    }

    /// The ground-truth rows: each `gt_boxes` row whose visibility is at least
    /// `minimumVisibility` (0 keeps every box, occluded ones included), object id as id.
    public func groundTruthRows(_ recording: Recording, minimumVisibility: Double = 0) -> MOTRows {
        rows(TrackBox.groundTruth(of: recording, minimumVisibility: minimumVisibility), path: "gt_boxes", keeping: nil)
    }

    /// The tracker rows of `boxes`; when `frames` is given, only boxes on those recording frames.
    public func trackerRows(_ boxes: [TrackBox], frames: Set<Int64>? = nil) -> MOTRows {
        rows(boxes, path: "tracker", keeping: frames)
    }

    /// Scores `boxes` against the recording's ground truth with TrackEval's rules.
    ///
    /// - Parameters:
    ///   - frames: score only these recording frames (both sides); nil scores every frame.
    ///     Use the detector frames to score output that exists only there (recorded ids).
    ///   - minimumVisibility: ground-truth boxes less visible than this are left out.
    /// - Throws: `InputError` when a track id repeats within a frame.
    public func score(
        _ boxes: [TrackBox], against recording: Recording, frames: Set<Int64>? = nil, minimumVisibility: Double = 0
    ) throws(InputError) -> TrackingSummary {
        let truth = TrackBox.groundTruth(of: recording, minimumVisibility: minimumVisibility)
        let sequence = MOTSequence(
            name: recording.meta["scenario"] ?? "recording", length: recordingFrames.count,
            groundTruth: rows(truth, path: "gt_boxes", keeping: frames),
            tracker: rows(boxes, path: "tracker", keeping: frames))
        return TrackingSummary(try TrackingEvaluation.evaluate(sequence, convention: .trackeval).scores)
    }

    private func rows(_ boxes: [TrackBox], path: String, keeping frames: Set<Int64>?) -> MOTRows {
        var result = MOTRows(path: path)
        result.reserve(boxes.count)
        for (k, item) in boxes.enumerated() {
            guard let frame = motFrame[item.frame], frames?.contains(item.frame) ?? true else { continue }
            result.append(
                frame: frame, id: Int(item.trackID), left: item.box.x, top: item.box.y,
                width: item.box.width, height: item.box.height, confidence: 1, classId: 1, line: k + 1)
        }
        return result
    }
}

/// The headline figures of a TrackEval-convention score: MOTA, IDF1, HOTA and the counts
/// behind them, with the full scores kept for anyone who needs more.
public struct TrackingSummary: Sendable, Equatable {
    /// CLEAR MOTA.
    public var mota: Double
    /// Identity IDF1.
    public var idf1: Double
    /// HOTA, averaged over the localisation thresholds.
    public var hota: Double
    /// Identity switches (CLEAR).
    public var identitySwitches: Int
    /// Ground-truth boxes scored (CLEAR TP + FN).
    public var groundTruthCount: Int
    /// Every field of the evaluation.
    public var scores: TrackingScores

    /// Reads the headline figures out of `scores` (NaN for any field the convention lacks).
    public init(_ scores: TrackingScores) {
        self.scores = scores
        let fields = scores.fields
        func value(_ name: String) -> Double { fields.first { $0.0 == name }?.1.scalar ?? .nan }
        mota = value("MOTA")
        idf1 = value("IDF1")
        hota = value("HOTA")
        identitySwitches = Int(value("IDSW").isFinite ? value("IDSW") : 0)
        let tp = value("CLR_TP"), fn = value("CLR_FN")
        groundTruthCount = tp.isFinite && fn.isFinite ? Int(tp + fn) : 0
    }
}
