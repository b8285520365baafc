import Foundation
import EvalNumerics
import Recording

/// One simulated frame's camera: the true pose, the pose the app would record (with
/// visual-inertial drift) and the tracking state.
public struct CameraSample: Equatable, Sendable {
    /// Capture time, seconds.
    public var time: Double
    /// Where the camera really was.
    public var truePose: RigidPose
    /// The drifted pose the app records in `frames.pose`.
    public var recordedPose: RigidPose
    /// ARKit's tracking state.
    public var tracking: TrackingState
    /// Distance the camera has travelled since the start, metres.
    public var travelled: Double
}

/// Samples a camera path at the frame rate and applies the drift model.
///
/// Drift is a yaw about the world origin plus an offset, both random walks whose steps
/// scale with the distance travelled since the previous frame, plus a systematic bias
/// proportional to distance; the first frame has none, as ARKit's origin is its start.
public struct TrajectorySimulator: Sendable {
    /// The drift model.
    public var drift: DriftModel
    /// Frames per second.
    public var framesPerSecond: Double

    /// Creates a trajectory simulator.
    public init(drift: DriftModel, framesPerSecond: Double) {
        self.drift = drift
        self.framesPerSecond = framesPerSecond
    }

    /// One sample per frame from time 0 to the path's end.
    public func samples(of path: CameraPath, streams: RandomStreams) -> [CameraSample] {
        var random = streams.generator(.drift)
        let count = Int((path.duration * framesPerSecond).rounded(.down)) + 1
        let biasAngle = random.uniform(0, 2 * .pi)
        let bias = SIMD3(cos(biasAngle), 0, sin(biasAngle)) * drift.translationBiasPerMetre
        let dropouts = dropoutIntervals(duration: path.duration, random: &random)
        var offset = SIMD3<Double>.zero
        var yaw = 0.0
        var travelled = 0.0
        var previous: RigidPose?
        var samples: [CameraSample] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            let time = Double(index) / framesPerSecond
            let pose = path.pose(at: time)
            var turnRate = 0.0
            if let previous {
                let step = length(pose.position - previous.position)
                travelled += step
                let walk = drift.translationPerSqrtMetre * step.squareRoot()
                offset += SIMD3(random.gaussian(), random.gaussian() * drift.verticalFraction, random.gaussian()) * walk
                offset += bias * step
                yaw += random.gaussian() * drift.yawPerSqrtMetre * step.squareRoot()
                turnRate = acos(min(1, max(-1, dot(pose.back, previous.back)))) * framesPerSecond
            }
            let dropped = dropouts.contains { $0.contains(time) }
            let tracking: TrackingState = dropped || turnRate > drift.limitedTrackingAngularSpeed ? .limited : .normal
            samples.append(CameraSample(
                time: time, truePose: pose, recordedPose: pose.drifted(yaw: yaw, offset: offset),
                tracking: tracking, travelled: travelled))
            previous = pose
        }
        return samples
    }

    /// Dropout spells: a Poisson number over the capture, at uniform times.
    private func dropoutIntervals(duration: Double, random: inout SplitMix64) -> [Range<Double>] {
        let count = random.poisson(drift.dropoutsPerMinute * duration / 60)
        return (0..<count).map { _ in
            let start = random.uniform(0, max(duration - drift.dropoutSeconds, 0))
            return start..<(start + drift.dropoutSeconds)
        }.sorted { $0.lowerBound < $1.lowerBound }
    }
}
