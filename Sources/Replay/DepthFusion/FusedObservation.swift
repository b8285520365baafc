import Recording

/// A detection placed in the world: depth fusion, unprojection and physical extent
/// (spec.md#fusion-unprojection).
public struct FusedObservation: Equatable, Sendable {
    /// The detection.
    public var detection: Int64
    /// Its frame.
    public var frame: Int64
    /// The frame's capture time, seconds.
    public var time: Double
    /// The detection's label.
    public var label: String
    /// The unprojected masked centroid (the box centre when the mask is empty), world metres.
    public var position: SIMD3<Double>
    /// Physical width and height, metres: w = w_px·ẑ/f_x, h = h_px·ẑ/f_y.
    public var extent: SIMD2<Double>
    /// The depth-fusion details behind `position`.
    public var fusion: DepthFusionResult

    /// Creates an observation from its parts.
    public init(detection: Int64, frame: Int64, time: Double, label: String, position: SIMD3<Double>, extent: SIMD2<Double>, fusion: DepthFusionResult) {
        self.detection = detection
        self.frame = frame
        self.time = time
        self.label = label
        self.position = position
        self.extent = extent
        self.fusion = fusion
    }

    /// Places `detection` in the world from its fused `fusion` result; nil without a depth.
    public static func place(_ detection: Detection, fusion: DepthFusionResult, frame: Frame) -> FusedObservation? {
        guard let depth = fusion.depth else { return nil }
        let pixel = fusion.maskCentroid ?? detection.box.centre
        let k = frame.intrinsics
        return FusedObservation(
            detection: detection.id, frame: frame.index, time: frame.time, label: detection.label,
            position: CameraGeometry.unproject(pixel: pixel, depth: depth, frame: frame),
            extent: SIMD2(detection.box.width * depth / k.fx, detection.box.height * depth / k.fy),
            fusion: fusion)
    }
}

/// Runs depth fusion over every detection of a recording that has a depth grid.
public enum DepthFusionReplay {
    /// The world observations of `recording`'s detections, in detection order; detections
    /// without a grid, a frame, or any usable depth are skipped.
    public static func run(_ recording: Recording, configuration: DepthFusionConfiguration = .init()) -> [FusedObservation] {
        var gridIndex: [Int64: Int] = [:]
        for (i, grid) in recording.depthGrids.enumerated() { gridIndex[grid.detection] = i }
        var frameIndex: [Int64: Int] = [:]
        for (i, frame) in recording.frames.enumerated() { frameIndex[frame.index] = i }
        var fuser = DepthFuser()
        var result: [FusedObservation] = []
        for detection in recording.detections {
            guard let g = gridIndex[detection.id], let f = frameIndex[detection.frame] else { continue }
            let fusion = fuser.fuse(recording.depthGrids[g], configuration: configuration)
            if let observation = FusedObservation.place(detection, fusion: fusion, frame: recording.frames[f]) {
                result.append(observation)
            }
        }
        return result
    }
}
