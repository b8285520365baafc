import Foundation

/// The camera's true path: keyframes of where it stands and what it looks at, joined by
/// eased (smoothstep) motion, so the camera starts and stops gently and pans slowly
/// between keyframes, plus a small hand shake.
public struct CameraPath: Equatable, Sendable {
    /// The keyframes, in time order; the first is at time 0.
    public var keyframes: [CameraKeyframe]
    /// Hand-shake amplitude, metres, of the camera centre (and of the look target).
    public var shake: Double

    /// Creates a path.
    ///
    /// - Precondition: at least one keyframe, times increasing.
    public init(keyframes: [CameraKeyframe], shake: Double = 0.004) {
        precondition(!keyframes.isEmpty, "a camera path needs a keyframe")
        self.keyframes = keyframes
        self.shake = shake
    }

    /// The last keyframe's time, seconds.
    public var duration: Double { keyframes[keyframes.count - 1].time }

    /// The true camera pose at `time`.
    public func pose(at time: Double) -> RigidPose {
        let next = keyframes.firstIndex { $0.time > time } ?? keyframes.count
        let (position, target): (SIMD3<Double>, SIMD3<Double>)
        if next == 0 || next == keyframes.count {
            let key = keyframes[max(0, next - 1)]
            (position, target) = (key.position, key.target)
        } else {
            let (a, b) = (keyframes[next - 1], keyframes[next])
            let x = (time - a.time) / (b.time - a.time)
            let eased = x * x * (3 - 2 * x)
            position = a.position + (b.position - a.position) * eased
            target = a.target + (b.target - a.target) * eased
        }
        let wobble = SIMD3(sin(time * 7.1), sin(time * 5.3 + 1), sin(time * 6.7 + 2)) * shake
        return RigidPose(position: position + wobble, lookingAt: target - wobble)
    }

    /// The path moved by `offset`.
    public func translated(by offset: SIMD3<Double>) -> CameraPath {
        CameraPath(
            keyframes: keyframes.map { CameraKeyframe(time: $0.time, position: $0.position + offset, target: $0.target + offset) },
            shake: shake)
    }

    /// The path with its times multiplied by `factor` (a faster or slower walk).
    public func rescaled(by factor: Double) -> CameraPath {
        CameraPath(
            keyframes: keyframes.map { CameraKeyframe(time: $0.time * factor, position: $0.position, target: $0.target) },
            shake: shake)
    }
}

/// Where the camera stands and what it looks at, at one time.
public struct CameraKeyframe: Equatable, Sendable {
    /// Time, seconds.
    public var time: Double
    /// Camera centre, metres.
    public var position: SIMD3<Double>
    /// The point it looks at, metres.
    public var target: SIMD3<Double>

    /// Creates a keyframe.
    public init(time: Double, position: SIMD3<Double>, target: SIMD3<Double>) {
        self.time = time
        self.position = position
        self.target = target
    }
}
