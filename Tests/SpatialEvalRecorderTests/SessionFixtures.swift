import Foundation
@testable import SpatialEvalRecorder

/// A small session made through the recorder: two cups (twins) and a bottle, a few frames
/// with detections and decisions, marks for every kind and a guide step.
enum SessionFixtures {
    static let intrinsics = PinholeIntrinsics(fx: 1450, fy: 1450, cx: 720, cy: 960)
    static let header = SessionHeader(
        sessionID: "fixture", device: "iPhone 15 Pro", appVersion: "2.3 (412)",
        configuration: ["merge.nearRadius": 0.35, "anchors.stepClamp": 0.15], meta: ["room": "study"])

    /// Frame `index` at 10 Hz, with two detections on odd frames (ids 10·index, 10·index + 1).
    static func frame(_ index: Int64) -> RecordedFrame {
        let detections = index % 2 == 1 ? [
            RecordedDetection(id: 10 * index, label: "cup", score: 0.9, box: ImageBox(x: 100, y: 200, width: 40, height: 50),
                              embedding: [0.25, -0.5], trackID: 7),
            RecordedDetection(id: 10 * index + 1, label: "bottle", score: 0.6, box: ImageBox(x: 300, y: 200, width: 30, height: 90),
                              depth: DepthSamples(rows: 1, cols: 2, u: [310, 320], v: [240, 240], lidarDepth: [1.5, .nan],
                                                  lidarConfidence: [2, 0], inverseDepth: [0.7, 0.6], inMask: [1, 0])),
        ] : []
        return RecordedFrame(
            frame: index, time: Double(index) / 10, detectorRan: index % 2 == 1,
            pose: CameraPose(rowMajor: [1, 0, 0, 0, 0, 1, 0, 1.4, 0, 0, 1, Double(index) * 0.01, 0, 0, 0, 1]),
            intrinsics: intrinsics, width: 1440, height: 1920, detections: detections)
    }

    /// The marks of the fixture, in time order.
    static let marks: [GroundTruthMark] = [
        GroundTruthMark(time: 0.1, frame: 1, object: 1, kind: .placed(position: WorldPoint(x: -0.6, y: 0.9, z: -1.5), errorBound: 0.02)),
        GroundTruthMark(time: 0.1, frame: 1, object: 2, kind: .placed(position: WorldPoint(x: 0.4, y: 0.9, z: -1.5), errorBound: 0.03)),
        GroundTruthMark(time: 0.1, frame: 1, object: 2, kind: .twin(of: 1)),
        GroundTruthMark(time: 0.1, frame: 1, object: 3, kind: .placed(position: WorldPoint(x: 0, y: 1, z: -2), errorBound: 0.05)),
        GroundTruthMark(time: 0.2, frame: 2, object: 1, kind: .moved),
        GroundTruthMark(time: 0.3, frame: 3, object: nil, kind: .stepStart(.walkAway)),
        GroundTruthMark(time: 0.4, frame: 4, object: 1, kind: .placed(position: WorldPoint(x: -0.2, y: 0.9, z: -1.5), errorBound: 0.02)),
        GroundTruthMark(time: 0.4, frame: 4, object: 3, kind: .removed, note: "taken to the kitchen"),
        GroundTruthMark(time: 0.5, frame: 5, object: nil, kind: .stepStop(.walkAway)),
        GroundTruthMark(time: 0.5, frame: 5, object: 2, kind: .stepStart(.guide)),
        GroundTruthMark(time: 0.6, frame: 6, object: 2, kind: .stepStop(.guide)),
    ]

    /// Records the fixture into `folder` (six frames, a depth map on frame 3, decisions on
    /// frames 1, 3, 5, marks and a labelled box) and returns the counters.
    @discardableResult
    static func record(into folder: String, configure: (inout RecorderConfiguration) -> Void = { _ in }) throws -> RecorderCounters {
        var configuration = RecorderConfiguration(directory: folder)
        configure(&configuration)
        let recorder = try SessionRecorder(configuration: configuration, header: header)
        recorder.define(MarkedObject(object: 1, label: "cup", extent: WorldPoint(x: 0.08, y: 0.1, z: 0.08)))
        recorder.define(MarkedObject(object: 2, label: "cup", extent: WorldPoint(x: 0.08, y: 0.1, z: 0.08), description: "the other cup"))
        recorder.define(MarkedObject(object: 3, label: "bottle", extent: WorldPoint(x: 0.07, y: 0.25, z: 0.07)))
        var marks = marks[...]
        for index in Int64(1)...6 {
            let frame = frame(index)
            while let mark = marks.first, mark.time <= frame.time + 1e-9 {
                recorder.mark(mark)
                marks = marks.dropFirst()
            }
            recorder.record(frame)
            if recorder.wantsDepthMap(forFrame: index) {
                recorder.record(DepthMap(frame: index, rows: 1, cols: 2, depth: [1.5, .nan], confidence: [2, 0]))
            }
            if index == 1 {
                recorder.record(RecordedDecision(frame: 1, instance: "cup-1", event: .instance(
                    detection: 10, rule: .new, position: WorldPoint(x: -0.6, y: 0.9, z: -1.5), label: "cup")))
            } else if index == 3 {
                recorder.record(RecordedDecision(frame: 3, instance: "cup-1", event: .instance(detection: 30, rule: .sameTrack, position: nil, label: nil)))
                recorder.record(RecordedDecision(frame: 3, instance: "cup-1", event: .anchorUpdate(
                    detection: 30, gap: 0.02, clamped: false, snapped: false, followed: true, position: WorldPoint(x: -0.59, y: 0.9, z: -1.5))))
                recorder.record(FusedObservation(
                    frame: 3, instance: "cup-1", kind: "ema", raw: WorldPoint(x: -0.58, y: 0.9, z: -1.5),
                    before: WorldPoint(x: -0.6, y: 0.9, z: -1.5), after: WorldPoint(x: -0.59, y: 0.9, z: -1.5),
                    depth: 1.5, fit: ["pairs": 12, "scale": 2.1]))
            } else if index == 5 {
                recorder.record(RecordedDecision(frame: 5, instance: "cup-1", event: .absenceLook(look: .noEvidence, reason: .outOfView, samples: 0)))
                recorder.record(RecordedDecision(frame: 5, instance: "cup-1", event: .missingFlip(
                    missing: false, evidence: [FlipEvidence(frame: 5, look: .covered)])))
            }
        }
        recorder.record(LabelledBox(frame: 1, object: 1, box: ImageBox(x: 101, y: 201, width: 40, height: 50), visibility: 0.75))
        return recorder.finish()
    }
}
