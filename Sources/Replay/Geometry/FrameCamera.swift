import Recording

/// One frame's camera read out of its pose once, for projecting many points from it (the
/// absence replay projects every looked-at anchor of every pass): the rotation's columns, the
/// camera centre, the intrinsics and the image size. ``project(_:)`` does
/// ``CameraGeometry/project(_:frame:)``'s arithmetic in its order, so the two agree bit for bit.
public struct FrameCamera: Sendable {
    /// Columns of the pose's rotation block (camera axes in world coordinates).
    let c0: SIMD3<Double>, c1: SIMD3<Double>, c2: SIMD3<Double>
    /// The camera centre, world metres.
    public let position: SIMD3<Double>
    /// The frame's intrinsics.
    public let intrinsics: CameraIntrinsics
    /// The image size, pixels.
    public let width: Int, height: Int

    /// Reads `frame`'s pose, intrinsics and size.
    public init(_ frame: Frame) {
        let m = frame.pose
        c0 = SIMD3(m[0, 0], m[1, 0], m[2, 0])
        c1 = SIMD3(m[0, 1], m[1, 1], m[2, 1])
        c2 = SIMD3(m[0, 2], m[1, 2], m[2, 2])
        position = m.translation
        intrinsics = frame.intrinsics
        width = frame.width
        height = frame.height
    }

    /// `pose⁻¹ · p` (Rᵀ(p − t)).
    public func cameraPoint(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let q = p - position
        return SIMD3(
            c0.x * q.x + c0.y * q.y + c0.z * q.z,
            c1.x * q.x + c1.y * q.y + c1.z * q.z,
            c2.x * q.x + c2.y * q.y + c2.z * q.z)
    }

    /// The pixel a world point projects to and its depth along −z; nil when it is not in front of the camera.
    public func project(_ world: SIMD3<Double>) -> (pixel: SIMD2<Double>, depth: Double)? {
        let p = cameraPoint(world)
        guard p.z < 0 else { return nil }
        let k = intrinsics, depth = -p.z
        return (SIMD2(k.cx + k.fx * p.x / depth, k.cy - k.fy * p.y / depth), depth)
    }

    /// True when a pixel lies inside the image.
    public func isInImage(_ pixel: SIMD2<Double>) -> Bool {
        pixel.x >= 0 && pixel.y >= 0 && pixel.x <= Double(width) && pixel.y <= Double(height)
    }
}
