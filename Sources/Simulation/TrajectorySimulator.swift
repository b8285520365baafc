import Foundation
import EvalNumerics
import Recording

/// One simulated frame's camera: the true pose, the pose the app would record (with the
/// replayed tracking error) and the tracking state.
public struct CameraSample: Equatable, Sendable {
    /// Capture time, seconds.
    public var time: Double
    /// Where the camera really was.
    public var truePose: RigidPose
    /// The pose the app records in `frames.pose` (true pose with the tracking error).
    public var recordedPose: RigidPose
    /// ARKit's tracking state.
    public var tracking: TrackingState
    /// Distance the camera has travelled since the start, metres.
    public var travelled: Double
    /// Angular speed of the viewing direction, rad/s (since the previous frame).
    public var angularSpeed: Double = 0
    /// Speed of the camera centre, m/s (since the previous frame).
    public var speed: Double = 0
}

/// Samples a camera path at the frame rate and applies the pose-error model.
///
/// The recorded pose is the true pose with the error a `PoseErrorTrack` gives after the
/// distance travelled so far (zero at the first frame, as ARKit's origin is its start).
public struct TrajectorySimulator: Sendable {
    /// The pose-error model.
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
        let dropouts = dropoutIntervals(duration: path.duration, random: &random)
        var samples: [CameraSample] = []
        samples.reserveCapacity(count)
        var travelled = 0.0
        var previous: RigidPose?
        for index in 0..<count {
            let time = Double(index) / framesPerSecond
            let pose = path.pose(at: time)
            var (turnRate, speed) = (0.0, 0.0)
            if let previous {
                let step = length(pose.position - previous.position)
                travelled += step
                speed = step * framesPerSecond
                turnRate = acos(min(1, max(-1, dot(pose.back, previous.back)))) * framesPerSecond
            }
            let dropped = dropouts.contains { $0.contains(time) }
            let tracking: TrackingState = dropped || turnRate > drift.limitedTrackingAngularSpeed ? .limited : .normal
            samples.append(CameraSample(
                time: time, truePose: pose, recordedPose: pose, tracking: tracking, travelled: travelled,
                angularSpeed: turnRate, speed: speed))
            previous = pose
        }
        let track = PoseErrorTrack(distance: travelled, model: drift, random: &random)
        for index in samples.indices {
            let error = track.error(at: samples[index].travelled)
            samples[index].recordedPose = samples[index].truePose.perturbed(rotation: error.rotation, offset: error.position)
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
