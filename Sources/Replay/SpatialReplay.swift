import Recording

/// Which tracker ids the anchor registry sees.
public enum TrackSource: String, CaseIterable, Codable, Sendable, Equatable {
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
    /// The same observations as the registry received them (one per registry event, in order).
    public var anchorObservations: [AnchorObservation]
    /// The registry after the whole recording: instances, events (with raw gaps), history.
    public var registry: AnchorRegistry
}

/// Runs the tracker, depth fusion and anchor registry replicas over a recording.
public enum SpatialReplay {
    /// Replays `recording` with `configuration`.
    ///
    /// Frames whose tracking state is not `normal` are not anchored (spec.md#perception-tracking-gate:
    /// perception is gated on ARKit's tracking state). A detection is admitted when, per
    /// `trackSource`, it belongs to a confirmed replica track or lies on a frame where the
    /// detector ran. An admitted detection is captured when it has a depth grid with a usable
    /// depth, or, when the guided-class refresh makes its class due on a frame of one of the
    /// guidance sessions `guided`, from the frame's LiDAR map (``GuidedClassRefresh``,
    /// spec.md#guidance-class-refresh). `guided` defaults to the recording's guidance requests
    /// (their objects' labels as the user's queries); a replay of an app's log passes the
    /// sessions the app logged.
    public static func run(
        _ recording: Recording, configuration: ReplayConfiguration = .init(), trackSource: TrackSource = .replica,
        guided: [GuidanceRequest]? = nil
    ) -> SpatialReplayResult {
        let tracks = TrackerReplay.run(recording, configuration: configuration.tracker)
        var trackOfDetection: [Int64: Int64] = [:]
        for frame in tracks {
            for box in frame.tracks { if let d = box.detection { trackOfDetection[d] = box.trackID } }
        }
        var gridOf: [Int64: Int] = [:]
        for (i, grid) in recording.depthGrids.enumerated() { gridOf[grid.detection] = i }
        var frameOf: [Int64: Frame] = [:]
        for frame in recording.frames { frameOf[frame.index] = frame }
        var mapOf: [Int64: LidarMap] = [:]
        for map in recording.lidarMaps { mapOf[map.frame] = map }
        var refresh = GuidedClassRefresh(
            requests: guided ?? recording.guidanceRequests.compactMap { GuidanceRequest($0, objects: recording.groundTruthObjects) },
            period: configuration.guidance.refreshPeriod)

        var fuser = DepthFuser()
        var registry = AnchorRegistry(configuration: configuration.anchors)
        var observations: [FusedObservation] = []
        var fed: [AnchorObservation] = []
        var currentFrame: Int64?
        for detection in recording.detectionsInFrameOrder() {
            guard let frame = frameOf[detection.frame], frame.trackingState == .normal else { continue }
            if frame.index != currentFrame {
                refresh.begin(frame) { label in registry.instances.contains { $0.label == label } }
                currentFrame = frame.index
            }
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
            let placed: FusedObservation?
            if let g = gridOf[detection.id] {
                placed = FusedObservation.place(detection, fusion: fuser.fuse(recording.depthGrids[g], configuration: configuration.depthFusion), frame: frame)
            } else if refresh.isDue(detection.label), let map = mapOf[frame.index] {
                placed = FusedObservation.placeFromLidarMap(detection, map: map, frame: frame, configuration: configuration.depthFusion)
            } else {
                continue
            }
            guard let placed else { continue }
            refresh.noteCapture(detection.label, at: frame.time)
            let observation = AnchorObservation(
                frame: frame.index, time: frame.time, label: detection.label, position: placed.position,
                embedding: detection.embedding, trackID: trackID, extent: placed.extent)
            observations.append(placed)
            fed.append(observation)
            registry.observe(observation)
        }
        return SpatialReplayResult(tracks: tracks, observations: observations, anchorObservations: fed, registry: registry)
    }
}
