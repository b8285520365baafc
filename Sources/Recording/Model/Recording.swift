/// One capture session: camera frames, what the app detected and did, and ground truth.
///
/// A plain value: `RecordingStore` reads and writes it, `RecordingValidator` checks it.
/// Arrays are kept in the order of their identifiers when read from a file.
public struct Recording: Equatable, Sendable {
    /// Free-form facts about the session: `session_id`, `source` (app / simulator /
    /// import), `device`, `room`, `lighting`, `protocol`, `notes`, ….
    public var meta: [String: String]
    /// Camera frames in capture order.
    public var frames: [Frame]
    /// Detector outputs.
    public var detections: [Detection]
    /// Depth samples of detections (at most one grid per detection).
    public var depthGrids: [DepthGrid]
    /// The app's registry updates, if recorded.
    public var observations: [Observation]
    /// Ground-truth objects.
    public var groundTruthObjects: [GroundTruthObject]
    /// Ground-truth placements of the objects over time.
    public var groundTruthPlacements: [GroundTruthPlacement]
    /// Ground-truth image boxes per frame.
    public var groundTruthBoxes: [GroundTruthBox]
    /// Coarse whole-frame LiDAR maps (optional; what the absence sweep looks at).
    public var lidarMaps: [LidarMap]
    /// The capture protocol's "guide me to object X" requests (optional).
    public var guidanceRequests: [CaptureGuidanceRequest]
    /// Further depth-network passes over the grids' samples (optional).
    public var depthNetworkPasses: [DepthNetworkPass]
    /// The decisions the app logged, in id order (optional; schema version 2).
    public var decisions: [AppDecision]
    /// Ground-truth marks made while capturing (optional table `gt_marks`), in id order.
    public var marks: [CaptureMark]

    /// Creates a recording; every part defaults to empty.
    public init(
        meta: [String: String] = [:], frames: [Frame] = [], detections: [Detection] = [],
        depthGrids: [DepthGrid] = [], observations: [Observation] = [],
        groundTruthObjects: [GroundTruthObject] = [], groundTruthPlacements: [GroundTruthPlacement] = [],
        groundTruthBoxes: [GroundTruthBox] = [], lidarMaps: [LidarMap] = [],
        guidanceRequests: [CaptureGuidanceRequest] = [], depthNetworkPasses: [DepthNetworkPass] = [],
        decisions: [AppDecision] = [], marks: [CaptureMark] = []
    ) {
        self.meta = meta
        self.frames = frames
        self.detections = detections
        self.depthGrids = depthGrids
        self.observations = observations
        self.groundTruthObjects = groundTruthObjects
        self.groundTruthPlacements = groundTruthPlacements
        self.groundTruthBoxes = groundTruthBoxes
        self.lidarMaps = lidarMaps
        self.guidanceRequests = guidanceRequests
        self.depthNetworkPasses = depthNetworkPasses
        self.decisions = decisions
        self.marks = marks
    }
}
