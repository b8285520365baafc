import EvalMetrics
import Recording
import Replay

/// One row of the detect-every-N table: the tracker replica's scores beside its proxies.
public struct DetectEveryNRow: Sendable, Equatable {
    /// The detector runs on every N-th detector frame of the recording.
    public var detectEvery: Int
    /// MOTA, IDF1, HOTA against the ground-truth boxes (TrackEval rules, every frame).
    public var summary: TrackingSummary
    /// New-id rate and mean track lifetime of the same tracks.
    public var proxies: TrackProxies
}

/// Tracking on one recording: the replica at detect-every-N = 1…5, and the app's recorded
/// track ids when the recording has them.
public struct RecordingTrackingReport: Sendable, Equatable {
    /// One row per N, ascending.
    public var rows: [DetectEveryNRow]
    /// The app's recorded `track_id`s scored on the frames where the detector ran
    /// (the only frames they exist on), with their proxies; nil when there are none.
    public var recorded: (summary: TrackingSummary, proxies: TrackProxies)?

    /// Equality of rows and of the recorded scores.
    public static func == (a: Self, b: Self) -> Bool {
        a.rows == b.rows && a.recorded?.summary == b.recorded?.summary && a.recorded?.proxies == b.recorded?.proxies
    }
}

/// Runs the tracker replica on a recording and scores it (`Docs/recording-metrics.md`).
public enum RecordingTrackingJob {
    /// The confirmed tracks of a replica run as track boxes (coasting predictions included).
    public static func trackBoxes(_ frames: [TrackerFrame]) -> [TrackBox] {
        frames.flatMap { frame in frame.tracks.map { TrackBox(frame: frame.frame, trackID: $0.trackID, box: $0.box) } }
    }

    /// Scores the replica at each `detectEvery` value and the recorded ids when present.
    ///
    /// The proxies' detection count is the number of detections on the frames where the
    /// replica ran the detector.
    public static func run(
        _ recording: Recording, configuration: TrackerConfiguration = .init(), detectEvery: [Int] = Array(1...5)
    ) throws(InputError) -> RecordingTrackingReport {
        try run(RecordingGroundTruth(recording), configuration: configuration, detectEvery: detectEvery)
    }

    /// ``run(_:configuration:detectEvery:)`` against a resolved ground truth: its labelled
    /// boxes, or the boxes projected from its marks (spec.md#ground-truth-route).
    public static func run(
        _ truth: RecordingGroundTruth, configuration: TrackerConfiguration = .init(), detectEvery: [Int] = Array(1...5)
    ) throws(InputError) -> RecordingTrackingReport {
        let recording = truth.recording
        let numbering = RecordingMOT(recording)
        var detectionsOnFrame: [Int64: Int] = [:]
        for detection in recording.detections { detectionsOnFrame[detection.frame, default: 0] += 1 }
        var rows: [DetectEveryNRow] = []
        for n in detectEvery {
            var tracker = configuration
            tracker.detectEvery = n
            let frames = TrackerReplay.run(recording, configuration: tracker)
            let boxes = trackBoxes(frames)
            let fed = frames.filter(\.detectorRan).reduce(0) { $0 + (detectionsOnFrame[$1.frame] ?? 0) }
            rows.append(DetectEveryNRow(
                detectEvery: n, summary: try numbering.score(boxes, against: recording),
                proxies: TrackProxies(boxes, recording: recording, detectionCount: fed)))
        }
        let recordedBoxes = TrackBox.recorded(in: recording)
        var recorded: (TrackingSummary, TrackProxies)?
        if !recordedBoxes.isEmpty {
            let detectorFrames = Set(recording.frames.filter(\.detectorRan).map(\.index))
            recorded = (
                try numbering.score(recordedBoxes, against: recording, frames: detectorFrames),
                TrackProxies(recordedBoxes, recording: recording, detectionCount: recordedBoxes.count))
        }
        return RecordingTrackingReport(rows: rows, recorded: recorded)
    }
}
