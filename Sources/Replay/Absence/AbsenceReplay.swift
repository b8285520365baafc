import Recording

/// The absence sweep over a whole recording, driven by the registry's anchors (seed 000 §7.2).
public enum AbsenceReplay {
    /// Replays the sweep on `recording` against the finished `registry`.
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
        _ recording: Recording, registry: AnchorRegistry, configuration: AbsenceConfiguration = .init()
    ) -> [AbsenceEvent] {
        let events = registry.events
        let instances = registry.instances
        var mapOfFrame: [Int64: Int] = [:]
        for (index, map) in recording.lidarMaps.enumerated() { mapOfFrame[map.frame] = index }
        let detections = recording.detectionsInFrameOrder()
        var detectionCursor = 0
        var sweep = AbsenceSweep(configuration: configuration)
        var targets: [AbsenceTarget] = []
        var targetIndex: [Int: Int] = [:]
        var eventCursor = 0
        var looks: [AbsenceEvent] = []
        for frame in recording.frames {
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
            while detectionCursor < detections.count, detections[detectionCursor].frame < frame.index { detectionCursor += 1 }
            let firstDetection = detectionCursor
            while detectionCursor < detections.count, detections[detectionCursor].frame == frame.index { detectionCursor += 1 }
            guard frame.trackingState == .normal, let m = mapOfFrame[frame.index], !targets.isEmpty else { continue }
            let map = recording.lidarMaps[m]
            let minimum = UInt8(clamping: configuration.minimumLidarConfidence)
            // Instances are created in id order, so `targets` is sorted by instance id.
            sweep.pass(
                targets: targets, frame: frame, detections: detections[firstDetection..<detectionCursor],
                lidarDepth: { map.depth(at: $0, width: frame.width, height: frame.height, minimumConfidence: minimum) },
                events: &looks)
        }
        return looks
    }
}
