/// Every parameter of the simulator's sensor and error models, in one `Codable` value.
///
/// No default is derived from the app's constants or reported figures (those are what the
/// simulator is calibrated against, `spatial-eval calibrate`): error models replay real
/// reference data (Data/error-models) or published detector and sensor figures, and the
/// remaining choices are marked as our assumptions (Docs/simulator.md, spec.md#simulator). Encode it with `JSONEncoder`
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
    /// Camera-pose error (replayed tracking residuals) and tracking dropouts.
    public var drift: DriftModel = DriftModel()
    /// The object detector's error model.
    public var detector: DetectorModel = DetectorModel()
    /// Appearance embeddings of identities and views.
    public var embeddings: EmbeddingModel = EmbeddingModel()
    /// LiDAR depth on each detection's grid.
    public var lidar: LidarModel = LidarModel()
    /// The monocular relative inverse-depth network.
    public var depthNetwork: DepthNetworkModel = DepthNetworkModel()
    /// The subject mask on each grid, with its boundary errors and leaks.
    public var segmentation: SegmentationModel = SegmentationModel()
    /// Where the scenarios' drawn placements (twin separations, move distances) come from.
    public var layout: LayoutModel = LayoutModel()
    /// Ground-truth box rules (occlusion sampling, minimum size).
    public var groundTruth: GroundTruthRules = GroundTruthRules()

    /// The default configuration.
    public init() {}

    /// Every parameter the whole-frame LiDAR maps (`lidar_maps`) of a simulation read,
    /// besides its scenario, seed and duration: the scene's layout, the true camera path's
    /// frame rate, the camera, the LiDAR model and the cadence of detector frames and maps
    /// (`DepthGridSampler.lidarMap` casts from the true pose with its own random stream per
    /// frame). Two configurations that agree here cast the same maps for the same member, so
    /// a corpus variant that changes only the drift, the detector, the embeddings, the depth
    /// network or the segmentation reuses its base member's maps.
    public var lidarMapInputs: LidarMapInputs {
        LidarMapInputs(
            camera: camera, framesPerSecond: framesPerSecond, layout: layout, lidar: lidar,
            detectorEveryNFrames: cadence.detectorEveryNFrames, lidarMapEveryNFrames: cadence.lidarMapEveryNFrames,
            lidarMapRows: cadence.lidarMapRows, lidarMapColumns: cadence.lidarMapColumns)
    }

    /// Every parameter the depth grids (`depth_grids`) of a simulation read, besides its
    /// scenario, seed and duration, as a configuration: this one with the parameters the grids
    /// never read set to their defaults. Those are the pose error (`drift`: grids, detections
    /// and ground truth are all taken from the true pose, which the pose error leaves alone),
    /// the appearance embeddings, and the cadences of embeddings, LiDAR maps and the fast
    /// network pass (each draws from its own random stream per frame). The rest counts as an
    /// input, so a parameter added later does too until it is shown not to be. Two
    /// configurations that agree here give the same grids for the same member, so a corpus
    /// variant that changes only the drift or the embeddings reuses its base member's grids.
    public var depthGridInputs: SimulationConfiguration {
        var inputs = self
        let defaults = SimulationConfiguration()
        inputs.drift = defaults.drift
        inputs.embeddings = defaults.embeddings
        inputs.cadence.embeddingEveryNFrames = defaults.cadence.embeddingEveryNFrames
        inputs.cadence.lidarMapEveryNFrames = defaults.cadence.lidarMapEveryNFrames
        inputs.cadence.lidarMapRows = defaults.cadence.lidarMapRows
        inputs.cadence.lidarMapColumns = defaults.cadence.lidarMapColumns
        inputs.cadence.fastNetworkPass = defaults.cadence.fastNetworkPass
        return inputs
    }
}

/// The parameters the LiDAR maps of a simulation depend on (``SimulationConfiguration/lidarMapInputs``).
public struct LidarMapInputs: Equatable, Sendable {
    /// The camera.
    public var camera: PinholeCamera
    /// Frames per second of the true camera path.
    public var framesPerSecond: Double
    /// The scene layout model.
    public var layout: LayoutModel
    /// The LiDAR model.
    public var lidar: LidarModel
    /// Every N-th frame runs the detector.
    public var detectorEveryNFrames: Int
    /// Every N-th detector frame has a map.
    public var lidarMapEveryNFrames: Int
    /// Map rows.
    public var lidarMapRows: Int
    /// Map columns.
    public var lidarMapColumns: Int
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

/// Camera-pose error: the recorded pose is the true pose with a world-frame position error and
/// rotation error replayed from real tracking residuals (`PoseErrorTrack`), plus tracking
/// dropouts.
///
/// Source (Data/error-models/SOURCES.md): the TUM RGB-D `fr1_xyz` (RGBDSLAM) and `fr2_desk`
/// (ORB-SLAM) estimates against their ground truth, aligned by Umeyama SE(3); their residuals'
/// increments per 5 cm of travel are replayed in blocks of `blockMetres`, so the error grows
/// with distance travelled as the real one does and keeps its autocorrelation within a block.
/// Nothing here comes from the app's constants or figures.
public struct DriftModel: Equatable, Sendable, Codable {
    /// The residual sequences blocks are drawn from (`fr1_xyz`, `fr2_desk`; an empty list or
    /// unknown names give no pose error).
    public var residualSequences: [String] = ["fr1_xyz", "fr2_desk"]
    /// Length of one resampled block, metres of travel: the increments' autocorrelation has
    /// died out after one 5 cm step in both sequences (`pose-residuals.json`), so 1 m blocks
    /// keep every structure the data shows while drawing from ~26 distinct metres.
    public var blockMetres: Double = 1
    /// Factor on the replayed residuals (1: as measured on the TUM sequences).
    public var errorScale: Double = 1
    /// Extra factor on the residuals in low light: ARKit's tracking error at 7 lux over its
    /// error at 200 lux, measured on a real iPhone against an XY stage (ARexp,
    /// `low-light-pose.json`: 5.78 vs 5.84 mm RMS, 0.99). It bounds the error over 0.4 m of
    /// travel, not drift across a room; at 0 lux ARKit did not follow the stage at all.
    public var lowLightErrorFactor: Double = ErrorModelTables.lowLightPoseErrorFactor
    /// Whether the rotation residual is applied (false: position error only).
    public var rotationError: Bool = true
    /// Angular speed, rad/s, above which tracking is reported `limited` (*our assumption*:
    /// visual tracking loses features in fast pans; spec.md#sim-tracking-state).
    public var limitedTrackingAngularSpeed: Double = 2.0
    /// Mean number of tracking dropouts (`limited` spells) per minute (*our assumption*,
    /// spec.md#sim-tracking-state: brief relocalisations in ordinary indoor use).
    public var dropoutsPerMinute: Double = 0.5
    /// Length of one dropout, seconds.
    public var dropoutSeconds: Double = 0.5

    /// The default pose-error model.
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
