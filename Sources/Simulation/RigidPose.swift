import Foundation
import Recording

/// A camera pose `world_from_camera` as three world-frame axes and a centre.
///
/// The camera frame is x right, y up, looking down −z (Docs/recording-format.md), so
/// `back` is the world direction of the camera's +z axis, opposite to where it looks.
public struct RigidPose: Equatable, Sendable {
    /// World direction of the camera's x axis.
    public var right: SIMD3<Double>
    /// World direction of the camera's y axis.
    public var up: SIMD3<Double>
    /// World direction of the camera's z axis (the camera looks along `-back`).
    public var back: SIMD3<Double>
    /// Camera centre in world metres.
    public var position: SIMD3<Double>

    /// Creates a pose from orthonormal axes and a centre.
    public init(right: SIMD3<Double>, up: SIMD3<Double>, back: SIMD3<Double>, position: SIMD3<Double>) {
        self.right = right
        self.up = up
        self.back = back
        self.position = position
    }

    /// A camera at `position` looking at `target`, kept level (no roll; world y is up).
    ///
    /// - Precondition: the viewing direction is not vertical.
    public init(position: SIMD3<Double>, lookingAt target: SIMD3<Double>) {
        let forward = normalized(target - position)
        let right = normalized(cross(forward, SIMD3(0, 1, 0)))
        self.init(right: right, up: cross(right, forward), back: -forward, position: position)
    }

    /// The camera's viewing direction in world coordinates.
    public var forward: SIMD3<Double> { -back }

    /// Maps a camera-frame point to world coordinates.
    public func worldPoint(fromCamera point: SIMD3<Double>) -> SIMD3<Double> {
        position + right * point.x + up * point.y + back * point.z
    }

    /// Maps a world direction to camera coordinates (no translation).
    public func cameraDirection(fromWorld direction: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(dot(right, direction), dot(up, direction), dot(back, direction))
    }

    /// Maps a world point to camera coordinates.
    public func cameraPoint(fromWorld point: SIMD3<Double>) -> SIMD3<Double> {
        cameraDirection(fromWorld: point - position)
    }

    /// The same pose rotated by `angle` radians about the world y axis through the origin,
    /// then shifted by `offset`: how visual-inertial drift bends a trajectory.
    public func drifted(yaw angle: Double, offset: SIMD3<Double>) -> RigidPose {
        let (c, s) = (cos(angle), sin(angle))
        func turn(_ v: SIMD3<Double>) -> SIMD3<Double> { SIMD3(c * v.x + s * v.z, v.y, -s * v.x + c * v.z) }
        return RigidPose(right: turn(right), up: turn(up), back: turn(back), position: turn(position) + offset)
    }

    /// The same pose turned by the world-frame rotation vector `rotation` (radians, about the
    /// camera centre) and shifted by `offset`: a tracking error `R_err · R`, `p + e`.
    public func perturbed(rotation: SIMD3<Double>, offset: SIMD3<Double>) -> RigidPose {
        let angle = length(rotation)
        guard angle > 0 else { return RigidPose(right: right, up: up, back: back, position: position + offset) }
        let axis = rotation / angle
        let (c, s) = (cos(angle), sin(angle))
        func turn(_ v: SIMD3<Double>) -> SIMD3<Double> { v * c + cross(axis, v) * s + axis * (dot(axis, v) * (1 - c)) }
        return RigidPose(right: turn(right), up: turn(up), back: turn(back), position: position + offset)
    }

    /// The pose as a row-major `world_from_camera` transform, as stored in recordings.
    public var transform: Transform4x4 {
        Transform4x4(
            rotation: [right.x, up.x, back.x, right.y, up.y, back.y, right.z, up.z, back.z],
            translation: position)
    }
}

/// The dot product of two vectors.
func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

/// The cross product of two vectors.
func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// The Euclidean length of a vector.
func length(_ v: SIMD3<Double>) -> Double { dot(v, v).squareRoot() }

/// `v` scaled to unit length.
func normalized(_ v: SIMD3<Double>) -> SIMD3<Double> { v / length(v) }
