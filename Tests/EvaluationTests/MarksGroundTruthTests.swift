import EvalMetrics
@testable import Evaluation
import Foundation
import Recording
import Simulation
import Testing

/// Ground truth from marks: the route, projected boxes and detection attribution
/// (spec.md#ground-truth-route, spec.md#projected-marks, spec.md#marks-attribution).
@Suite struct MarksGroundTruthTests {
    /// A 640 × 480 camera (f = 500 px) at the origin looking down −z, frame `index` at `index`/30 s.
    static func frame(_ index: Int64) -> Frame {
        Frame(index: index, time: Double(index) / 30, pose: Transform4x4(rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: .zero),
              intrinsics: CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240), width: 640, height: 480)
    }

    /// One 0.2 m cube 2 m ahead (object 1) and one 0.2 m cube 2 m ahead and 0.5 m to the right (object 2).
    static func marked(frames: Int64 = 3) -> Recording {
        var recording = Recording(meta: ["source": "app"], frames: (0..<frames).map(frame))
        recording.groundTruthObjects = [1, 2].map { GroundTruthObject(id: $0, label: "cup", extent: SIMD3(repeating: 0.2)) }
        recording.groundTruthPlacements = [
            GroundTruthPlacement(id: 1, object: 1, from: 0, to: nil, position: SIMD3(0, 0, -2)),
            GroundTruthPlacement(id: 2, object: 2, from: 0, to: nil, position: SIMD3(0.5, 0, -2)),
        ]
        return recording
    }

    /// A full-frame 24 × 32 LiDAR map (the recorder's) of one depth everywhere: samples 20 px apart.
    static func map(frame: Int64, depth: Float) -> LidarMap {
        LidarMap(frame: frame, rows: 24, columns: 32, depth: Array(repeating: depth, count: 768), confidence: Array(repeating: 2, count: 768))
    }

    @Test func theRouteFollowsWhatTheRecordingHolds() {
        var recording = Self.marked()
        #expect(GroundTruthRoute(recording) == .marks(errorBound: nil))
        recording.marks = [CaptureMark(id: 1, time: 0, object: 1, kind: .placed, position: SIMD3(0, 0, -2), errorBound: 0.04)]
        #expect(GroundTruthRoute(recording) == .marks(errorBound: 0.04))
        #expect(GroundTruthRoute(recording).text == "marks ±0.04 m")
        recording.groundTruthBoxes = [GroundTruthBox(id: 1, frame: 0, object: 1, box: PixelBox(x: 0, y: 0, width: 10, height: 10), visibility: 1)]
        #expect(GroundTruthRoute(recording) == .labelledBoxes)
        #expect(GroundTruthRoute(Recording(frames: [Self.frame(0)])) == .none)
        for route in [GroundTruthRoute.labelledBoxes, .none, .marks(errorBound: nil), .marks(errorBound: 0.05)] {
            #expect(GroundTruthRoute(text: route.text) == route)
        }
        #expect(GroundTruthRoute(text: "marks ±x m") == nil)
    }

    @Test func aMarkedBoxProjectsToTheBoundsOfItsCorners() {
        let boxes = ProjectedMarks.boxes(Self.marked(frames: 1))
        // Object 1: corners at x = ±0.1, y = ±0.1, z = −1.9 … −2.1: nearest corners at 1.9 m give the box.
        let half = 500 * 0.1 / 1.9
        #expect(boxes.count == 2)
        #expect(abs(boxes[0].box.x - (320 - half)) < 1e-9 && abs(boxes[0].box.width - 2 * half) < 1e-9)
        #expect(abs(boxes[0].box.y - (240 - half)) < 1e-9 && abs(boxes[0].box.height - 2 * half) < 1e-9)
        #expect(boxes.map(\.visibility) == [1, 1])
    }

    @Test func lidarInFrontHidesAMarkedObjectAndLidarBehindShowsIt() {
        var wall = Self.marked(frames: 1)
        wall.lidarMaps = [Self.map(frame: 0, depth: 1.0)]
        #expect(ProjectedMarks.boxes(wall).isEmpty)
        var behind = Self.marked(frames: 1)
        behind.lidarMaps = [Self.map(frame: 0, depth: 3.0)]
        #expect(ProjectedMarks.boxes(behind).map(\.visibility) == [1, 1])
        // Nearer than the object by less than the margin: not clearly in front.
        var close = Self.marked(frames: 1)
        close.lidarMaps = [Self.map(frame: 0, depth: Float(1.9 - ProjectedMarks.occlusionMargin + 0.01))]
        #expect(ProjectedMarks.boxes(close).count == 2)
        // Low confidence and no return are no evidence.
        var unsure = Self.marked(frames: 1)
        unsure.lidarMaps = [LidarMap(frame: 0, rows: 24, columns: 32, depth: (0..<768).map { $0 % 2 == 0 ? 1.0 : .nan },
                                     confidence: (0..<768).map { $0 % 2 == 0 ? 0 : 2 })]
        #expect(ProjectedMarks.boxes(unsure).map(\.visibility) == [1, 1])
        // Half the evidence in front: half visible.
        var half = Self.marked(frames: 1)
        half.lidarMaps = [LidarMap(frame: 0, rows: 24, columns: 32, depth: (0..<768).map { ($0 % 32) % 2 == 0 ? 1.0 : 3.0 },
                                   confidence: Array(repeating: 2, count: 768))]
        let shares = ProjectedMarks.boxes(half).map(\.visibility)
        #expect(shares.count == 2 && shares.allSatisfy { $0 > 0.3 && $0 < 0.7 })
    }

    @Test func aMapJudgesFramesWithinItsWindowOnly() {
        var recording = Self.marked(frames: 30)
        recording.lidarMaps = [Self.map(frame: 0, depth: 1.0)]
        let boxes = ProjectedMarks.boxes(recording)
        let window = Int64((ProjectedMarks.mapWindow * 30).rounded(.down))
        #expect(Set(boxes.map(\.frame)) == Set((window + 1)..<30))
    }

    /// A detection of `box` on frame 0 with a 2 × 2 LiDAR grid at `depth` inside the mask.
    static func detection(_ id: Int64, box: PixelBox, depth: Float?) -> (Detection, DepthGrid?) {
        let detection = Detection(id: id, frame: 0, label: "cup", score: 0.9, box: box)
        guard let depth else { return (detection, nil) }
        let u = Float(box.x + box.width / 2), v = Float(box.y + box.height / 2)
        return (detection, DepthGrid(detection: id, rows: 2, columns: 2, u: [u, u, u, u], v: [v, v, v, v],
                                      lidarDepth: [depth, depth, depth, depth], lidarConfidence: [2, 2, 1, 2],
                                      relativeInverseDepth: [1, 1, 1, 1], inMask: [1, 1, 1, 1]))
    }

    @Test func detectionsGoToTheNearestMarkedObjectByPositionElseByProjectedBox() {
        var recording = Self.marked(frames: 1)
        let centred = PixelBox(x: 295, y: 215, width: 50, height: 50)       // centre (320, 240): object 1
        let right = PixelBox(x: 420, y: 215, width: 50, height: 50)         // centre (445, 240): x = 0.5 m at 2 m: object 2
        let pieces = [
            Self.detection(1, box: centred, depth: 1.95),                    // by position: object 1
            Self.detection(2, box: right, depth: 1.95),                      // by position: object 2
            Self.detection(3, box: centred, depth: 4.0),                     // by position: 2 m behind, beyond reach: none
            Self.detection(4, box: centred, depth: nil),                     // by projected box: IoU ≥ 0.5 with object 1
            Self.detection(5, box: PixelBox(x: 0, y: 0, width: 40, height: 40), depth: nil),  // overlaps nothing
        ]
        recording.detections = pieces.map(\.0)
        recording.depthGrids = pieces.compactMap(\.1)
        let truth = RecordingGroundTruth(recording)
        #expect(truth.route == .marks(errorBound: nil))
        #expect(truth.objectOfDetection == [1: 1, 2: 2, 4: 1])
        #expect(truth.attribution == MarkAttribution.Counts(placed: 3, placedAttributed: 2, boxed: 2, boxedAttributed: 1))
        #expect(truth.recording.groundTruthBoxes.count == 2)
    }

    @Test func aLabelledRecordingKeepsTheLabelledRule() {
        var recording = Self.marked(frames: 1)
        recording.groundTruthBoxes = [GroundTruthBox(id: 1, frame: 0, object: 2, box: PixelBox(x: 295, y: 215, width: 50, height: 50), visibility: 1)]
        let piece = Self.detection(1, box: PixelBox(x: 295, y: 215, width: 50, height: 50), depth: 1.95)
        recording.detections = [piece.0]
        recording.depthGrids = [piece.1!]
        let truth = RecordingGroundTruth(recording)
        #expect(truth.route == .labelledBoxes && truth.attribution == nil)
        #expect(truth.objectOfDetection == [1: 2])
        #expect(truth.recording == recording)
    }

    @Test func theAlignmentShiftsProjectedBoxesOntoWhatTheDetectorSaw() {
        // The recorded pose is yawed by 0.02 rad (a drifting pose): marks project ~10 px to the side
        // of where the detector, looking through the true camera, drew the boxes.
        let yaw = 0.02
        var recording = Self.marked(frames: 60)
        for k in recording.frames.indices {
            recording.frames[k].pose = Transform4x4(rotation: [cos(yaw), 0, sin(yaw), 0, 1, 0, -sin(yaw), 0, cos(yaw)], translation: .zero)
        }
        let truthBoxes = ProjectedMarks.boxes(Self.marked(frames: 1))
        var id: Int64 = 0
        for frame in recording.frames where frame.index % 3 == 0 {
            for box in truthBoxes {
                id += 1
                recording.detections.append(Detection(id: id, frame: frame.index, label: "cup", score: 0.9, box: box.box))
            }
        }
        let unaligned = ProjectedMarks.boxes(Self.marked(frames: 1).with(pose: recording.frames[0].pose))
        #expect(abs(unaligned[0].box.x - truthBoxes[0].box.x) > 5)
        let aligned = ProjectedMarks.boxes(recording)
        for box in aligned {
            let truth = truthBoxes.first { $0.object == box.object }!
            #expect(abs(box.box.x - truth.box.x) < 1 && abs(box.box.y - truth.box.y) < 1)
        }
    }
}

private extension Recording {
    /// The recording with every frame at `pose`.
    func with(pose: Transform4x4) -> Recording {
        var copy = self
        for k in copy.frames.indices { copy.frames[k].pose = pose }
        return copy
    }
}
