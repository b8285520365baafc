import Recording

/// Which tracker ids the anchor registry sees.
public enum TrackSource: String, Codable, Sendable, Equatable {
    /// The tracker replica's ids; only detections of its confirmed tracks are anchored.
    case replica
    /// The app's recorded `track_id`s; every detection on a detector frame is anchored.
    case recorded
    /// No tracker ids (the same-track follow never applies); every detection is anchored.
    case none
}

/// The chained replicas on one recording: tracker → depth fusion → anchor registry.
public struct SpatialReplayResult: Sendable {
    /// The tracker replica's confirmed tracks per frame.
    public var tracks: [TrackerFrame]
    /// The world observations fed to the registry, in feeding order.
    public var observations: [FusedObservation]
    /// The registry after the whole recording: instances, events (with raw gaps), history.
    public var registry: AnchorRegistry
}

/// Runs the tracker, depth fusion and anchor registry replicas over a recording.
public enum SpatialReplay {
    /// Replays `recording` with `configuration`.
    ///
    /// Frames whose tracking state is not `normal` are not anchored (spec.md#perception-tracking-gate:
    /// perception is gated on ARKit's tracking state). A detection is anchored when it has
    /// a depth grid with a usable depth and, per `trackSource`, belongs to a confirmed
    /// replica track or lies on a frame where the detector ran.
    public static func run(_ recording: Recording, configuration: ReplayConfiguration = .init(), trackSource: TrackSource = .replica) -> SpatialReplayResult {
        let tracks = TrackerReplay.run(recording, configuration: configuration.tracker)
        var trackOfDetection: [Int64: Int64] = [:]
        for frame in tracks {
            for box in frame.tracks { if let d = box.detection { trackOfDetection[d] = box.trackID } }
        }
        var gridOf: [Int64: Int] = [:]
        for (i, grid) in recording.depthGrids.enumerated() { gridOf[grid.detection] = i }
        var frameOf: [Int64: Frame] = [:]
        for frame in recording.frames { frameOf[frame.index] = frame }

        var fuser = DepthFuser()
        var registry = AnchorRegistry(configuration: configuration.anchors)
        var observations: [FusedObservation] = []
        for detection in recording.detectionsInFrameOrder() {
            guard let frame = frameOf[detection.frame], frame.trackingState == .normal, let g = gridOf[detection.id] else { continue }
            let trackID: Int64?
            switch trackSource {
            case .replica:
                guard let t = trackOfDetection[detection.id] else { continue }
                trackID = t
            case .recorded:
                guard frame.detectorRan else { continue }
                trackID = detection.trackID
            case .none:
                guard frame.detectorRan else { continue }
                trackID = nil
            }
            let fusion = fuser.fuse(recording.depthGrids[g], configuration: configuration.depthFusion)
            guard let placed = FusedObservation.place(detection, fusion: fusion, frame: frame) else { continue }
            observations.append(placed)
            registry.observe(AnchorObservation(
                frame: frame.index, time: frame.time, label: detection.label, position: placed.position,
                embedding: detection.embedding, trackID: trackID, extent: placed.extent))
        }
        return SpatialReplayResult(tracks: tracks, observations: observations, registry: registry)
    }
}
