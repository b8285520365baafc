/// The values a capture session logs: its header, camera frames with their detections and
/// depth samples, whole-frame depth maps and the app's fused observations.
///
/// Every type here is a plain `Sendable` value in the units and frames of
/// `Docs/recording-format.md` (metres, seconds, pixels; world frame of the AR session, y up;
/// camera looking down −z; upright image, origin top-left). The recorder only copies them
/// into its queue; a background thread encodes them as the JSON Lines records that
/// `spatial-eval import --jsonl` reads.

/// What the session is: written once, as the file's `header` record (its `meta` table).
public struct SessionHeader: Sendable, Equatable {
    /// A unique id for the session (e.g. a UUID string); `meta.session_id`.
    public var sessionID: String
    /// The device model, e.g. `iPhone 15 Pro`; `meta.device`.
    public var device: String
    /// The app's version and build, e.g. `2.3 (412)`; `meta.app_version`.
    public var appVersion: String
    /// The app's constants at capture time (identity radius, step clamp, …), by name;
    /// written as one JSON object (sorted keys) in `meta.app_config`.
    public var configuration: [String: Double]
    /// Further facts (`room`, `lighting`, `protocol`, `scenario`, `notes`, …), copied into
    /// `meta` as given. `source` defaults to `app`; a recording whose `source` is `app`
    /// is reported as recorded, not simulated.
    public var meta: [String: String]

    /// Creates a header.
    public init(
        sessionID: String, device: String, appVersion: String, configuration: [String: Double] = [:],
        meta: [String: String] = [:]
    ) {
        self.sessionID = sessionID
        self.device = device
        self.appVersion = appVersion
        self.configuration = configuration
        self.meta = meta
    }
}

/// The AR session's tracking state on a frame (ARKit's `ARCamera.TrackingState`).
public enum TrackingQuality: String, Sendable, CaseIterable {
    /// Full-quality tracking.
    case normal
    /// Degraded tracking (fast motion, low texture, relocalizing…).
    case limited
    /// No usable pose.
    case notAvailable = "not_available"
}

/// Pinhole intrinsics of the upright image, pixels (`fx`, `fy`, `cx`, `cy`).
public struct PinholeIntrinsics: Sendable, Equatable {
    /// Focal length along u.
    public var fx: Double
    /// Focal length along v.
    public var fy: Double
    /// Principal point u, from the left edge.
    public var cx: Double
    /// Principal point v, from the top edge.
    public var cy: Double

    /// Creates intrinsics, pixels.
    public init(fx: Double, fy: Double, cx: Double, cy: Double) {
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
    }
}

/// A camera-to-world rigid transform (`world_from_camera`): 16 numbers, **row-major**, so
/// `rowMajor[3]`, `[7]`, `[11]` are the camera centre in world metres.
public struct CameraPose: Sendable, Equatable {
    /// The 4 × 4 matrix, row by row.
    public var rowMajor: [Double]

    /// A pose from its 16 row-major values (the recording format's order).
    public init(rowMajor: [Double]) {
        self.rowMajor = rowMajor
    }

    /// A pose from 16 column-major values, the order of `simd_float4x4` / ARKit's
    /// `ARCamera.transform` read column by column (`columns.0.x, columns.0.y, …`).
    public init(columnMajor values: [Double]) {
        var rows = [Double](repeating: 0, count: 16)
        for index in 0..<min(16, values.count) { rows[(index % 4) * 4 + index / 4] = values[index] }
        rowMajor = rows
    }

    /// The identity pose (camera at the world origin, axes aligned).
    public static let identity = CameraPose(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
}

/// An axis-aligned box in the upright image, pixels: left, top, width, height.
public struct ImageBox: Sendable, Equatable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a box from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The depth samples the app fused for one detection: a `rows × cols` grid, row-major,
/// row 0 at the top of the box (16 × 16 in the app). NaN depths are written as `null`.
public struct DepthSamples: Sendable, Equatable {
    /// Grid rows.
    public var rows: Int
    /// Grid columns.
    public var cols: Int
    /// Sample positions, pixels of the upright image.
    public var u: [Float], v: [Float]
    /// LiDAR depth, metres along −z; NaN where there was no return.
    public var lidarDepth: [Float]
    /// LiDAR confidence: 0 low, 1 medium, 2 high.
    public var lidarConfidence: [UInt8]
    /// The depth network's relative inverse depth.
    public var inverseDepth: [Float]
    /// 1 inside the subject mask, 0 outside.
    public var inMask: [UInt8]
    /// True depth in metres, when known (simulators and tests only; apps leave it nil).
    public var groundTruthDepth: [Float]?

    /// Creates a grid from its arrays (each of `rows × cols` values).
    public init(
        rows: Int, cols: Int, u: [Float], v: [Float], lidarDepth: [Float], lidarConfidence: [UInt8],
        inverseDepth: [Float], inMask: [UInt8], groundTruthDepth: [Float]? = nil
    ) {
        self.rows = rows
        self.cols = cols
        self.u = u
        self.v = v
        self.lidarDepth = lidarDepth
        self.lidarConfidence = lidarConfidence
        self.inverseDepth = inverseDepth
        self.inMask = inMask
        self.groundTruthDepth = groundTruthDepth
    }
}

/// Another pass of the depth network over a detection's grid samples (e.g. the fast 364-px
/// pass beside the grid's values): the `depth_network_passes` table.
public struct DepthNetworkPassSamples: Sendable, Equatable {
    /// The pass's name, e.g. `fast`.
    public var variant: String
    /// Relative inverse depth at the grid's samples, same order and length.
    public var inverseDepth: [Float]

    /// Creates a pass.
    public init(variant: String, inverseDepth: [Float]) {
        self.variant = variant
        self.inverseDepth = inverseDepth
    }
}

/// One detector output, with what the app's tracker made of it.
public struct RecordedDetection: Sendable, Equatable {
    /// Unique in the session; decisions name it. Nil lets the importer number it (one more
    /// than the largest so far), which is only safe when no decision refers to it.
    public var id: Int64?
    /// Class name (COCO), e.g. `cup`.
    public var label: String
    /// Confidence in [0, 1].
    public var score: Double
    /// The box, pixels of the upright image.
    public var box: ImageBox
    /// Appearance embedding (written as float32), when computed.
    public var embedding: [Float]?
    /// The app's tracker id.
    public var trackID: Int64?
    /// The app's persistent instance id.
    public var instanceID: String?
    /// The depth grid the app fused for it, when it did.
    public var depth: DepthSamples?
    /// Further depth-network passes over `depth`'s samples (rarely used by apps).
    public var networkPasses: [DepthNetworkPassSamples]

    /// Creates a detection.
    public init(
        id: Int64?, label: String, score: Double, box: ImageBox, embedding: [Float]? = nil, trackID: Int64? = nil,
        instanceID: String? = nil, depth: DepthSamples? = nil, networkPasses: [DepthNetworkPassSamples] = []
    ) {
        self.id = id
        self.label = label
        self.score = score
        self.box = box
        self.embedding = embedding
        self.trackID = trackID
        self.instanceID = instanceID
        self.depth = depth
        self.networkPasses = networkPasses
    }
}

/// One camera frame: when, where the camera was, how it saw, and what was detected on it.
public struct RecordedFrame: Sendable, Equatable {
    /// Frame number, strictly increasing in the session.
    public var frame: Int64
    /// Capture time, seconds (e.g. `ARFrame.timestamp`); strictly increasing.
    public var time: Double
    /// The tracking state.
    public var tracking: TrackingQuality
    /// Whether the detector ran on this frame (false on coasting frames).
    public var detectorRan: Bool
    /// `world_from_camera`.
    public var pose: CameraPose
    /// Intrinsics of the upright image.
    public var intrinsics: PinholeIntrinsics
    /// Upright image size, pixels.
    public var width: Int, height: Int
    /// The detections of this frame (empty on coasting frames).
    public var detections: [RecordedDetection]

    /// Creates a frame.
    public init(
        frame: Int64, time: Double, tracking: TrackingQuality = .normal, detectorRan: Bool, pose: CameraPose,
        intrinsics: PinholeIntrinsics, width: Int, height: Int, detections: [RecordedDetection] = []
    ) {
        self.frame = frame
        self.time = time
        self.tracking = tracking
        self.detectorRan = detectorRan
        self.pose = pose
        self.intrinsics = intrinsics
        self.width = width
        self.height = height
        self.detections = detections
    }
}

/// A coarse whole-frame depth map (what the absence sweep looks at): `rows × cols` samples,
/// row-major; sample (r, c) lies at pixel `((c + 0.5)·width/cols, (r + 0.5)·height/rows)`.
public struct DepthMap: Sendable, Equatable {
    /// The frame it belongs to.
    public var frame: Int64
    /// Map size.
    public var rows: Int, cols: Int
    /// Depth, metres along −z; NaN where there was no return.
    public var depth: [Float]
    /// Confidence: 0 low, 1 medium, 2 high.
    public var confidence: [UInt8]

    /// Creates a map.
    public init(frame: Int64, rows: Int, cols: Int, depth: [Float], confidence: [UInt8]) {
        self.frame = frame
        self.rows = rows
        self.cols = cols
        self.depth = depth
        self.confidence = confidence
    }
}

/// A world position or size, metres.
public struct WorldPoint: Sendable, Equatable {
    /// Coordinates, metres.
    public var x: Double, y: Double, z: Double

    /// Creates a point.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// One update of the app's object registry from a fused observation (the `observations`
/// table), with the fusion's diagnostics.
public struct FusedObservation: Sendable, Equatable {
    /// Unique among observations; nil lets the importer number it.
    public var id: Int64?
    /// The frame that caused the update.
    public var frame: Int64
    /// The instance updated.
    public var instance: String
    /// The app's name for the update: `create`, `ema`, `snap`, `merge`, ….
    public var kind: String
    /// The raw world position measured on this frame (the anchor position the fusion gave).
    public var raw: WorldPoint
    /// The stored position before the update; nil on creation.
    public var before: WorldPoint?
    /// The stored position after the update.
    public var after: WorldPoint
    /// The app's estimated physical size, when known.
    public var extent: WorldPoint?
    /// The fused box depth, metres (diagnostic; kept in the file, not imported).
    public var depth: Double?
    /// The fit's diagnostics (e.g. `scale`, `shift`, `pairs`, `residual`; kept in the file,
    /// not imported).
    public var fit: [String: Double]

    /// Creates an observation.
    public init(
        id: Int64? = nil, frame: Int64, instance: String, kind: String, raw: WorldPoint, before: WorldPoint?,
        after: WorldPoint, extent: WorldPoint? = nil, depth: Double? = nil, fit: [String: Double] = [:]
    ) {
        self.id = id
        self.frame = frame
        self.instance = instance
        self.kind = kind
        self.raw = raw
        self.before = before
        self.after = after
        self.extent = extent
        self.depth = depth
        self.fit = fit
    }
}

/// A ground-truth box on one frame from offline labelling (the `gt_boxes` table).
public struct LabelledBox: Sendable, Equatable {
    /// Unique among boxes; nil lets the importer number it.
    public var id: Int64?
    /// The frame.
    public var frame: Int64
    /// The marked object.
    public var object: Int64
    /// The object's full projection, clipped to the image, pixels.
    public var box: ImageBox
    /// Visible fraction in [0, 1].
    public var visibility: Double

    /// Creates a box.
    public init(id: Int64? = nil, frame: Int64, object: Int64, box: ImageBox, visibility: Double) {
        self.id = id
        self.frame = frame
        self.object = object
        self.box = box
        self.visibility = visibility
    }
}
