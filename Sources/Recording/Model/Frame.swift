/// The tracking quality the AR session reported for a frame (ARKit's `TrackingState`).
public enum TrackingState: String, CaseIterable, Sendable {
    /// Full-quality tracking.
    case normal
    /// Degraded tracking (fast motion, low texture, relocalizing…); poses may be poor.
    case limited
    /// No pose is available; the stored pose should not be trusted.
    case notAvailable = "not_available"
}

/// Pinhole intrinsics of the upright image, in pixels.
///
/// A camera-frame point (x, y, z) with z < 0 projects to
/// `u = cx + fx · x / −z`, `v = cy − fy · y / −z` (image origin top-left, v down).
public struct CameraIntrinsics: Equatable, Sendable {
    /// Focal length along u, in pixels.
    public var fx: Double
    /// Focal length along v, in pixels.
    public var fy: Double
    /// Principal point u, in pixels from the left edge.
    public var cx: Double
    /// Principal point v, in pixels from the top edge.
    public var cy: Double

    /// Creates intrinsics from focal lengths and principal point, in pixels.
    public init(fx: Double, fy: Double, cx: Double, cy: Double) {
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
    }
}

/// One camera frame of a capture: when, where the camera was, and how it saw.
public struct Frame: Equatable, Sendable {
    /// The frame number, unique within the recording (not necessarily contiguous).
    public var index: Int64
    /// Capture time in seconds from an arbitrary origin; strictly increasing with `index`.
    public var time: Double
    /// The session's tracking state at this frame.
    public var trackingState: TrackingState
    /// Whether the object detector ran on this frame (false on coasting frames).
    public var detectorRan: Bool
    /// The camera pose `world_from_camera`.
    public var pose: Transform4x4
    /// Intrinsics of the upright image.
    public var intrinsics: CameraIntrinsics
    /// Upright image width in pixels.
    public var width: Int
    /// Upright image height in pixels.
    public var height: Int

    /// Creates a frame from its parts.
    public init(
        index: Int64, time: Double, trackingState: TrackingState = .normal, detectorRan: Bool = true,
        pose: Transform4x4, intrinsics: CameraIntrinsics, width: Int, height: Int
    ) {
        self.index = index
        self.time = time
        self.trackingState = trackingState
        self.detectorRan = detectorRan
        self.pose = pose
        self.intrinsics = intrinsics
        self.width = width
        self.height = height
    }
}
