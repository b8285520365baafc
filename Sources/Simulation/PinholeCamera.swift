import Recording

/// The upright-image pinhole camera of a simulated capture.
///
/// Projection follows Docs/recording-format.md: a camera-frame point (x, y, z) with z < 0
/// lands at `u = cx + fx·x/(−z)`, `v = cy − fy·y/(−z)`; depth is −z.
public struct PinholeCamera: Equatable, Sendable, Codable {
    /// Upright image width in pixels.
    public var width: Int
    /// Upright image height in pixels.
    public var height: Int
    /// Focal length along u, pixels.
    public var fx: Double
    /// Focal length along v, pixels.
    public var fy: Double
    /// Principal point u, pixels.
    public var cx: Double
    /// Principal point v, pixels.
    public var cy: Double

    /// Creates a camera from image size and intrinsics.
    public init(width: Int, height: Int, fx: Double, fy: Double, cx: Double, cy: Double) {
        self.width = width
        self.height = height
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
    }

    /// An iPhone wide camera on the portrait upright image: 1440×1920, fx = fy = 1450 px
    /// (about 53° × 67° field of view, ARKit's 1920×1440 buffer rotated upright, spec.md#sim-camera).
    public static let iPhonePortrait = PinholeCamera(width: 1440, height: 1920, fx: 1450, fy: 1450, cx: 720, cy: 960)

    /// The intrinsics as stored in recordings.
    public var intrinsics: CameraIntrinsics { CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy) }

    /// The pixel of a camera-frame point, or nil when it is not in front of the camera
    /// (depth below `nearPlane` metres).
    public func project(_ point: SIMD3<Double>, nearPlane: Double = 1e-6) -> SIMD2<Double>? {
        let depth = -point.z
        guard depth > nearPlane else { return nil }
        return SIMD2(cx + fx * point.x / depth, cy - fy * point.y / depth)
    }

    /// The camera-frame point at `depth` metres (along −z) behind pixel (`u`, `v`).
    public func unproject(u: Double, v: Double, depth: Double) -> SIMD3<Double> {
        ray(u: u, v: v) * depth
    }

    /// The camera-frame ray through pixel (`u`, `v`), scaled so that its z is −1 (so a ray
    /// parameter equals depth).
    public func ray(u: Double, v: Double) -> SIMD3<Double> {
        SIMD3((u - cx) / fx, -(v - cy) / fy, -1)
    }
}
