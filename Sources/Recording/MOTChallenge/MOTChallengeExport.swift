/// A recording's boxes as MOTChallenge text files, ready for `spatial-eval score-mot`.
///
/// - Tracker file: one row per detection that has a track id,
///   `frame,track_id,x,y,w,h,score,-1,-1,-1`.
/// - Ground-truth file: one row per ground-truth box, `frame,object,x,y,w,h,conf,1,visibility`
///   with `conf` 1, or 0 ("ignore") when the visibility is below the chosen minimum. The
///   class column is always 1: score-mot (like TrackEval's MOT15 setting) ignores it.
///
/// MOTChallenge counts frames from 1: frame numbers are shifted so that the recording's
/// first frame is 1 (gaps are kept), so a recording imported from MOTChallenge exports
/// with its original numbers. Rows are sorted by frame, then id. Numbers are written in
/// the shortest form that reads back to the same `Double`, so `MOTChallengeReader`
/// recovers every value exactly. This is the inverse of `MOTChallengeImport`.
public struct MOTChallengeExport: Equatable, Sendable {
    /// What to export.
    public struct Options: Equatable, Sendable {
        /// Only detections and ground-truth objects with this label; nil for all.
        public var label: String?
        /// Ground-truth boxes less visible than this get `conf` 0 (ignored when scoring).
        public var minimumVisibility: Double
        /// Only frames on which the detector ran (ground truth on other frames would count
        /// as misses of a tracker that reports on detector frames only).
        public var detectorFramesOnly: Bool

        /// Creates options; the defaults export everything.
        public init(label: String? = nil, minimumVisibility: Double = 0, detectorFramesOnly: Bool = false) {
            self.label = label
            self.minimumVisibility = minimumVisibility
            self.detectorFramesOnly = detectorFramesOnly
        }
    }

    /// The ground-truth file's text.
    public var groundTruth: String
    /// The tracker file's text.
    public var tracker: String
    /// Number of MOTChallenge frames (last exported frame number; 0 without frames).
    public var sequenceLength: Int
    /// Detections left out because they have no track id.
    public var detectionsWithoutTrack: Int

    /// Exports `recording`.
    public init(_ recording: Recording, options: Options = Options()) {
        let first = recording.frames.first?.index ?? 1
        let kept = Set(recording.frames.filter { !options.detectorFramesOnly || $0.detectorRan }.map(\.index))
        func motFrame(_ frame: Int64) -> Int64 { frame - first + 1 }
        let labelled = Set(recording.groundTruthObjects.filter { options.label == nil || $0.label == options.label }.map(\.id))

        let detections = recording.detections.filter {
            kept.contains($0.frame) && (options.label == nil || $0.label == options.label)
        }
        let tracked = detections.compactMap { detection in
            detection.trackID.map { track in
                Row(frame: motFrame(detection.frame), id: track, box: detection.box,
                    tail: "\(Self.number(detection.score)),-1,-1,-1")
            }
        }
        let boxes = recording.groundTruthBoxes.filter { kept.contains($0.frame) && labelled.contains($0.object) }
        let truth = boxes.map { box in
            Row(frame: motFrame(box.frame), id: box.object, box: box.box,
                tail: "\(box.visibility < options.minimumVisibility ? 0 : 1),1,\(Self.number(box.visibility))")
        }
        tracker = Self.text(tracked)
        groundTruth = Self.text(truth)
        detectionsWithoutTrack = detections.count - tracked.count
        sequenceLength = Int(recording.frames.last.map { motFrame($0.index) } ?? 0)
    }

    /// A `seqinfo.ini` naming the sequence and its length, as score-mot's benchmark
    /// layout expects.
    public func sequenceInfo(name: String) -> String {
        "[Sequence]\nname=\(name)\nseqLength=\(sequenceLength)\n"
    }

    /// One output row before formatting.
    private struct Row {
        var frame: Int64
        var id: Int64
        var box: PixelBox
        var tail: String
    }

    private static func text(_ rows: [Row]) -> String {
        rows.sorted { ($0.frame, $0.id) < ($1.frame, $1.id) }.map { row in
            let box = [row.box.x, row.box.y, row.box.width, row.box.height].map(number).joined(separator: ",")
            return "\(row.frame),\(row.id),\(box),\(row.tail)\n"
        }.joined()
    }

    /// The shortest decimal text that reads back to `value` (integers without `.0`).
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
