import EvalMetrics
import EvalNumerics
import Recording
import Replay

/// Which marked object each detection saw, on a recording whose ground truth comes from marks
/// (spec.md#marks-attribution). Like the labelled-box rule (`DetectionObjects.assign`) it is
/// per detection and label-agnostic; unlike it, it reads only what no replay constant changes:
/// the recorded LiDAR samples inside the box, the box, the recorded pose and intrinsics, and
/// the placements the marks gave.
///
/// 1. **By position**, for a detection whose depth grid holds at least ``minimumSamples``
///    LiDAR returns of at least medium confidence inside the subject mask: the box centre
///    unprojected at their median depth through the frame's recorded pose is the detection's
///    position. It belongs to the nearest object placed at the frame's time whose centre is
///    within the object's reach: half its extent's diagonal, plus the marks' error bound, plus
///    ``poseAllowance`` for the drift between the recorded frame and the marks' frame. Ties go
///    to the smaller object id.
/// 2. **By projected box**, for every other detection: the highest IoU, at least the minimum
///    (0.5), with the boxes `ProjectedMarks` projects on its frame; ties to the smaller id.
///
/// When a detection could go either way, position wins: it does not depend on how well the
/// projected box (an upright box through a drifting pose) fits the detector's box.
public enum MarkAttribution {
    /// LiDAR returns a detection needs to be placed in 3-D.
    public static let minimumSamples = 3
    /// The least LiDAR confidence used (1, medium).
    public static let minimumConfidence: UInt8 = 1
    /// Allowance for drift between the recorded frame of a detection and the frame its
    /// object's mark was made in, metres.
    public static let poseAllowance = 0.15

    /// How many detections each route attributed, and how many it looked at.
    public struct Counts: Equatable, Sendable {
        /// Detections placed in 3-D (route 1), and of those attributed to an object.
        public var placed = 0, placedAttributed = 0
        /// Detections judged by projected box (route 2), and of those attributed.
        public var boxed = 0, boxedAttributed = 0
    }

    /// The object of every attributed detection, keyed by detection id, and the counts.
    public static func assign(
        _ recording: Recording, projected: [GroundTruthBox], errorBound: Double, minimumIoU: Double = 0.5
    ) -> (objects: [Int64: Int64], counts: Counts) {
        let frames = Dictionary(recording.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        let grids = Dictionary(recording.depthGrids.map { ($0.detection, $0) }, uniquingKeysWith: { a, _ in a })
        let reach = Dictionary(recording.groundTruthObjects.map { object in
            let e = object.extent
            return (object.id, (e * e).sum().squareRoot() / 2 + errorBound + poseAllowance)
        }, uniquingKeysWith: { a, _ in a })
        let timeline = PlacementTimeline(recording.groundTruthPlacements)
        let objects = recording.groundTruthObjects.map(\.id).sorted()
        var boxesOfFrame: [Int64: [GroundTruthBox]] = [:]
        for box in projected { boxesOfFrame[box.frame, default: []].append(box) }
        var result: [Int64: Int64] = [:], counts = Counts()
        for detection in recording.detections {
            guard let frame = frames[detection.frame] else { continue }
            if let grid = grids[detection.id], let position = position(of: detection, grid: grid, frame: frame) {
                counts.placed += 1
                var best: (distance: Double, object: Int64)?
                for object in objects {
                    guard let centre = timeline.position(of: object, at: frame.time), let limit = reach[object] else { continue }
                    let d = centre - position
                    let distance = (d * d).sum().squareRoot()
                    if distance <= limit, best.map({ distance < $0.distance }) ?? true { best = (distance, object) }
                }
                if let best {
                    result[detection.id] = best.object
                    counts.placedAttributed += 1
                }
            } else {
                counts.boxed += 1
                if let object = DetectionObjects.bestOverlap(detection.box, among: boxesOfFrame[detection.frame] ?? [], minimumIoU: minimumIoU) {
                    result[detection.id] = object
                    counts.boxedAttributed += 1
                }
            }
        }
        return (result, counts)
    }

    /// The detection's world position from its LiDAR samples, nil with too few of them.
    static func position(of detection: Detection, grid: DepthGrid, frame: Frame) -> SIMD3<Double>? {
        var depths: [Double] = []
        for k in grid.lidarDepth.indices where grid.inMask[k] != 0 && grid.lidarConfidence[k] >= minimumConfidence {
            let depth = Double(grid.lidarDepth[k])
            if depth.isFinite && depth > 0 { depths.append(depth) }
        }
        guard depths.count >= minimumSamples else { return nil }
        let median = Quantile.median(depths)
        let centre = SIMD2(detection.box.x + detection.box.width / 2, detection.box.y + detection.box.height / 2)
        return CameraGeometry.unproject(pixel: centre, depth: median, frame: frame)
    }
}
