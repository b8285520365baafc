import EvalMetrics
import Recording

/// A recording's ground truth as every judgement reads it (spec.md#ground-truth-route): the
/// route it comes by, the object each detection saw, and the recording with the boxes tracking
/// is scored against — its labelled boxes, or the boxes projected from its marks.
///
/// Every job that judges a recording (`run`, `sweep`, `view`, the fusion study) starts from
/// this value, so none of them reads an empty `gt_boxes` table where marks hold the truth.
public struct RecordingGroundTruth: Sendable {
    /// Where the truth comes from.
    public let route: GroundTruthRoute
    /// The object each attributed detection saw, keyed by detection id.
    public let objectOfDetection: [Int64: Int64]
    /// The recording with `groundTruthBoxes` as tracking judges it: unchanged on the labelled
    /// route, the projected boxes on the marks route, empty without ground truth.
    public let recording: Recording
    /// On the marks route, how many detections each attribution route looked at and attributed.
    public let attribution: MarkAttribution.Counts?

    /// Resolves the ground truth of `recording`; `minimumIoU` is the labelled-box and
    /// projected-box rules' IoU threshold.
    public init(_ recording: Recording, minimumIoU: Double = 0.5) {
        route = GroundTruthRoute(recording)
        switch route {
        case .labelledBoxes, .none:
            objectOfDetection = DetectionObjects.assign(recording, minimumIoU: minimumIoU)
            self.recording = recording
            attribution = nil
        case .marks(let bound):
            var judged = recording
            judged.groundTruthBoxes = ProjectedMarks.boxes(recording, errorBound: bound ?? 0)
            let assigned = MarkAttribution.assign(recording, projected: judged.groundTruthBoxes, errorBound: bound ?? 0, minimumIoU: minimumIoU)
            objectOfDetection = assigned.objects
            self.recording = judged
            attribution = assigned.counts
        }
    }
}
