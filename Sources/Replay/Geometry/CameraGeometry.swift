import Recording

/// Pinhole projection and unprojection through a frame's pose (Docs/recording-format.md):
/// camera x right, y up, looking down −z; image v grows downwards.
public enum CameraGeometry {
    /// The world point seen at pixel (u, v) at `depth` metres along the viewing axis (−z).
    public static func unproject(pixel: SIMD2<Double>, depth: Double, frame: Frame) -> SIMD3<Double> {
        let k = frame.intrinsics
        let camera = SIMD3((pixel.x - k.cx) * depth / k.fx, -(pixel.y - k.cy) * depth / k.fy, -depth)
        return worldPoint(camera, pose: frame.pose)
    }

    /// The pixel a world point projects to and its depth along −z; nil when it is not in front of the camera.
    public static func project(_ world: SIMD3<Double>, frame: Frame) -> (pixel: SIMD2<Double>, depth: Double)? {
        FrameCamera(frame).project(world)
    }

    /// True when a pixel lies inside the frame's image.
    public static func isInImage(_ pixel: SIMD2<Double>, frame: Frame) -> Bool {
        FrameCamera(frame).isInImage(pixel)
    }

    /// `pose · p` for a point.
    public static func worldPoint(_ p: SIMD3<Double>, pose m: Transform4x4) -> SIMD3<Double> {
        SIMD3(
            m[0, 0] * p.x + m[0, 1] * p.y + m[0, 2] * p.z + m[0, 3],
            m[1, 0] * p.x + m[1, 1] * p.y + m[1, 2] * p.z + m[1, 3],
            m[2, 0] * p.x + m[2, 1] * p.y + m[2, 2] * p.z + m[2, 3])
    }

}
