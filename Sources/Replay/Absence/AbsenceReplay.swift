import Recording

/// What the absence sweep reads of a recording, indexed once: the frames, each frame's
/// detections and its LiDAR map. A sweep replays the absence stage for many configurations
/// of one recording, so it prepares this once and reuses it.
public struct AbsenceScene: Sendable {
    /// The recording's frames, in order.
    public let frames: [Frame]
    /// The detections in frame order.
    let detections: [Detection]
    /// For each frame (same index as `frames`), the range of its detections in `detections`.
    let detectionRanges: [Range<Int>]
    /// The recording's LiDAR maps.
    let lidarMaps: [LidarMap]
    /// For each frame, the index of its map in `lidarMaps` (-1 without one).
    let mapOfFrame: [Int]
    /// For each frame with a map, its camera read out once (nil for the others).
    let cameras: [FrameCamera?]

    /// Indexes `recording`.
    public init(_ recording: Recording) {
        frames = recording.frames
        detections = recording.detectionsInFrameOrder()
        lidarMaps = recording.lidarMaps
        var mapOfIndex: [Int64: Int] = [:]
        for (k, map) in recording.lidarMaps.enumerated() { mapOfIndex[map.frame] = k }
        mapOfFrame = frames.map { mapOfIndex[$0.index] ?? -1 }
        cameras = zip(frames, mapOfFrame).map { frame, map in map >= 0 ? FrameCamera(frame) : nil }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(frames.count)
        var cursor = 0
        for frame in frames {
            while cursor < detections.count, detections[cursor].frame < frame.index { cursor += 1 }
            let first = cursor
            while cursor < detections.count, detections[cursor].frame == frame.index { cursor += 1 }
            ranges.append(first..<cursor)
        }
        detectionRanges = ranges
    }
}

/// The absence sweep over a whole recording, driven by the registry's anchors (spec.md#absence-over-recording).
public enum AbsenceReplay {
    /// Replays the sweep on `recording` against the finished `registry`
    /// (``run(_:registry:configuration:lidarConfidence:)-scene`` on a freshly indexed scene).
    public static func run(
        _ recording: Recording, registry: AnchorRegistry, configuration: AbsenceConfiguration = .init(),
        lidarConfidence: UInt8 = DepthFusionConfiguration().minLidarConfidence
    ) -> [AbsenceEvent] {
        run(AbsenceScene(recording), registry: registry, configuration: configuration, lidarConfidence: lidarConfidence)
    }

    /// Replays the sweep on `scene` against the finished `registry`: the walk of
    /// ``AbsenceLookTable`` replayed under `configuration`.
    public static func run(
        _ scene: AbsenceScene, registry: AnchorRegistry, configuration: AbsenceConfiguration = .init(),
        lidarConfidence: UInt8 = DepthFusionConfiguration().minLidarConfidence
    ) -> [AbsenceEvent] {
        AbsenceLookTable(scene: scene, registry: registry, budgetPerPass: configuration.budgetPerPass, lidarConfidence: lidarConfidence)
            .events(configuration: configuration)
    }
}
