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
    /// For each frame, its LiDAR map, if it has one.
    let maps: [LidarMap?]

    /// Indexes `recording`.
    public init(_ recording: Recording) {
        frames = recording.frames
        detections = recording.detectionsInFrameOrder()
        var mapOfFrame: [Int64: LidarMap] = [:]
        for map in recording.lidarMaps { mapOfFrame[map.frame] = map }
        maps = frames.map { mapOfFrame[$0.index] }
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
    /// (``run(_:registry:configuration:)-scene`` on a freshly indexed scene).
    public static func run(
        _ recording: Recording, registry: AnchorRegistry, configuration: AbsenceConfiguration = .init()
    ) -> [AbsenceEvent] {
        run(AbsenceScene(recording), registry: registry, configuration: configuration)
    }

    /// Replays the sweep on `scene` against the finished `registry`.
    ///
    /// Walks the frames in order. Every registry event up to and including a frame moves
    /// its instance's stored anchor to the event's `after` position and counts as a
    /// sighting (`AbsenceSweep.recordSighting`). On each frame that has a LiDAR map
    /// (`lidar_maps`) and `normal` tracking, one budgeted pass looks at the instances
    /// created so far: the depth where an anchor projects is the map's nearest sample with
    /// confidence ≥ `minimumLidarConfidence`. The object size of the range gate is the
    /// larger side of the instance's latest extent (0 when none was measured, so the gate
    /// falls to its lower clamp); instances labelled `person` are exempt.
    public static func run(
        _ scene: AbsenceScene, registry: AnchorRegistry, configuration: AbsenceConfiguration = .init()
    ) -> [AbsenceEvent] {
        let events = registry.events
        let instances = registry.instances
        let minimum = UInt8(clamping: configuration.minimumLidarConfidence)
        var sweep = AbsenceSweep(configuration: configuration)
        var targets: [AbsenceTarget] = []
        var targetIndex: [Int: Int] = [:]
        var eventCursor = 0
        var looks: [AbsenceEvent] = []
        for (f, frame) in scene.frames.enumerated() {
            while eventCursor < events.count, events[eventCursor].frame <= frame.index {
                let event = events[eventCursor]
                if let index = targetIndex[event.instance] {
                    targets[index].position = event.after
                } else {
                    let instance = instances[event.instance]
                    targetIndex[event.instance] = targets.count
                    targets.append(AbsenceTarget(
                        instance: event.instance, label: instance.label, position: event.after,
                        size: instance.extent.map { max($0.x, $0.y) } ?? 0, isPerson: instance.label == "person"))
                }
                sweep.recordSighting(event.instance)
                eventCursor += 1
            }
            guard frame.trackingState == .normal, let map = scene.maps[f], !targets.isEmpty else { continue }
            // Instances are created in id order, so `targets` is sorted by instance id.
            sweep.pass(
                targets: targets, frame: frame, detections: scene.detections[scene.detectionRanges[f]],
                lidarDepth: { map.depth(at: $0, width: frame.width, height: frame.height, minimumConfidence: minimum) },
                events: &looks)
        }
        return looks
    }
}
