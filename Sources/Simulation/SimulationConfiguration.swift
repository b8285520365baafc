/// Every parameter of the simulator's sensor and error models, in one `Codable` value.
///
/// Defaults are the figures the app's worklog measured or implies (Docs/spec.md#simulator);
/// each property's documentation cites the rule. Where the app is silent the
/// default says so and gives the public figure it rests on. Encode it with `JSONEncoder`
/// (`spatial-eval simulate --print-config`) to see or edit every value.
public struct SimulationConfiguration: Equatable, Sendable, Codable {
    /// The camera: image size and intrinsics of the upright image (spec.md#sim-camera: the app
    /// detects on the portrait, `.oriented(.right)` image of an iPhone).
    public var camera: PinholeCamera = .iPhonePortrait
    /// Frames per second of the capture (ARKit's 30 fps delivery, spec.md#sim-camera: ~1320 frames
    /// in ~45 s).
    public var framesPerSecond: Double = 30
    /// What is computed on which frames.
    public var cadence: Cadence = Cadence()
    /// Visual-inertial drift and tracking dropouts.
    public var drift: DriftModel = DriftModel()
    /// The object detector's error model.
    public var detector: DetectorModel = DetectorModel()
    /// Appearance embeddings of identities and views.
    public var embeddings: EmbeddingModel = EmbeddingModel()
    /// LiDAR depth on each detection's grid.
    public var lidar: LidarModel = LidarModel()
    /// The monocular relative inverse-depth network.
    public var depthNetwork: DepthNetworkModel = DepthNetworkModel()
    /// Ground-truth box rules (occlusion sampling, minimum size).
    public var groundTruth: GroundTruthRules = GroundTruthRules()

    /// The default configuration.
    public init() {}
}

/// Which frames carry detections, embeddings and depth grids.
public struct Cadence: Equatable, Sendable, Codable {
    /// The detector runs on every N-th frame; frames between coast (spec.md#sim-cadence,
    /// spec.md#tracker-detect-every-n: detect-every-N with N = 1…5; 3 keeps the shipped files small).
    public var detectorEveryNFrames: Int = 3
    /// Embeddings are computed on keyframes, every N-th frame (spec.md#sim-cadence: keyframes on
    /// scene-change / motion / periodic triggers; here a periodic 1 s trigger).
    public var embeddingEveryNFrames: Int = 30
    /// Depth grids are sampled every N-th frame (spec.md#sim-cadence: mask and depth run at a lower
    /// cadence than detection, and stop under thermal pressure).
    public var depthGridEveryNFrames: Int = 30
    /// Grid rows and columns per detection (spec.md#fusion-sample-filter: a 16×16 grid per box).
    public var gridSize: Int = 16
    /// A whole-frame LiDAR map (`lidar_maps`) is recorded on every N-th frame on which the
    /// detector ran, for the absence sweep (the app reads ARKit's 256×192 scene depth at the
    /// anchor's pixel; the map is a coarse sample of it). Every detector frame by default,
    /// as the sweep runs on every perception pass. 0 records none.
    public var lidarMapEveryNFrames: Int = 3
    /// Also record the fast (364-px) network pass over every grid (`depth_network_passes`,
    /// variant `fast`, independent noise at the fast variant's level) when the grids hold the
    /// full pass, for the resolution comparison of spec.md#depth-resolution-agreement.
    public var fastNetworkPass: Bool = true
    /// Rows of the whole-frame LiDAR map (portrait image: more rows than columns).
    public var lidarMapRows: Int = 32
    /// Columns of the whole-frame LiDAR map.
    public var lidarMapColumns: Int = 24

    /// The default cadence.
    public init() {}
}

/// Visual-inertial odometry drift: the recorded pose is the true pose bent by a yaw and
/// shifted by an offset that both random-walk with distance travelled.
public struct DriftModel: Equatable, Sendable, Codable {
    /// Translation random-walk density, metres per √metre travelled, per axis. The app's
    /// same-room re-anchor scatter has p90 19.2 cm over a session (spec.md#seed-figures); drift is one part
    /// of it, so a session of ~30 m walks a few centimetres from this term.
    public var translationPerSqrtMetre: Double = 0.01
    /// Systematic drift, metres per metre travelled, in a per-session random horizontal
    /// direction (ARKit-class VIO drifts ~0.5–1 % of distance; spec.md#sim-drift "a removed
    /// object's anchor carries uncorrectable drift").
    public var translationBiasPerMetre: Double = 0.005
    /// Yaw random-walk density, radians per √metre travelled (about 0.1° per √m).
    public var yawPerSqrtMetre: Double = 0.002
    /// Vertical drift as a fraction of horizontal (gravity makes y well observed).
    public var verticalFraction: Double = 0.3
    /// Angular speed, rad/s, above which tracking is reported `limited` (fast pans;
    /// spec.md#tracker-ephemeral-ids: fast pans are dropped upstream).
    public var limitedTrackingAngularSpeed: Double = 2.0
    /// Mean number of tracking dropouts (`limited` spells) per minute (the app is silent, spec.md#sim-tracking-state; ARKit
    /// reports brief relocalisations in ordinary indoor use).
    public var dropoutsPerMinute: Double = 0.5
    /// Length of one dropout, seconds.
    public var dropoutSeconds: Double = 0.5

    /// The default drift model.
    public init() {}
}

/// Rules for the ground-truth boxes written with each frame.
public struct GroundTruthRules: Equatable, Sendable, Codable {
    /// Samples per box side used to estimate visibility: a sample counts as visible when
    /// it is inside the image and not inside the projected box of a nearer object.
    public var visibilitySamplesPerSide: Int = 8
    /// Smallest clipped box side, pixels, for a box to be written.
    public var minimumBoxSide: Double = 2
    /// Nearest depth, metres, of every corner of an object for it to be boxed (objects
    /// straddling the camera plane are left out).
    public var nearPlane: Double = 0.1
    /// Farthest object distance, metres, for a box to be written.
    public var maximumDistance: Double = 15

    /// The default rules.
    public init() {}
}
