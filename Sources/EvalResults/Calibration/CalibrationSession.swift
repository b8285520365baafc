import EvalMetrics
import Evaluation
import Recording
import Replay
import Simulation

/// What one simulated session contributes to the calibration (`SimulatorCalibration`): the
/// raw re-anchor gaps of the registry replica, the fast/full network pairs, the detector's
/// record on bottles near 3.1 m and the twin cosine pairs. All of it is simulated.
public struct CalibrationSession: Equatable, Sendable {
    /// The session's seed.
    public var seed: UInt64
    /// Raw re-anchor gaps (metres) of the registry replica with the shipped constants.
    public var gaps: [Double]
    /// Fast-pass network outputs, one per grid sample with both passes finite.
    public var fastPass: [Double]
    /// Full-pass network outputs at the same samples.
    public var fullPass: [Double]
    /// Detector runs on a fully visible bottle between 2.9 and 3.3 m.
    public var bottleLooks: Int
    /// How many of those runs detected it.
    public var bottleDetections: Int
    /// Same-object and twin cross-object detection pairs with embeddings.
    public var cosinePairs: CosinePairs

    /// Creates a session from its parts.
    public init(
        seed: UInt64, gaps: [Double], fastPass: [Double], fullPass: [Double], bottleLooks: Int, bottleDetections: Int,
        cosinePairs: CosinePairs
    ) {
        self.seed = seed
        self.gaps = gaps
        self.fastPass = fastPass
        self.fullPass = fullPass
        self.bottleLooks = bottleLooks
        self.bottleDetections = bottleDetections
        self.cosinePairs = cosinePairs
    }

    /// Distances, metres, of the bottle looks counted (the app's false-missing bottle was at 3.1 m).
    public static let bottleDistances: ClosedRange<Double> = 2.9...3.3

    /// Simulates `scenario` with `seed` (stretched to `duration`, if given) and measures it:
    /// the replicas run with their shipped defaults.
    public static func measure(
        _ scenario: Scenario, seed: UInt64, duration: Double?, configuration: SimulationConfiguration
    ) -> CalibrationSession {
        let capture = CaptureSimulator(configuration: configuration).simulate(scenario, seed: seed, duration: duration)
        let recording = capture.recording
        let replay = SpatialReplay.run(recording, configuration: ReplayConfiguration())
        let (fast, full) = networkPairs(recording)
        let (looks, detections) = bottleRecord(capture, configuration: configuration)
        return CalibrationSession(
            seed: seed, gaps: replay.registry.events.compactMap(\.gap).filter(\.isFinite), fastPass: fast, fullPass: full,
            bottleLooks: looks, bottleDetections: detections, cosinePairs: RecordingTruth(recording).cosinePairs)
    }

    /// The fast and full network outputs at every grid sample where both are finite and the
    /// full one is not zero (spec.md#depth-resolution-agreement).
    public static func networkPairs(_ recording: Recording) -> ([Double], [Double]) {
        var fullOf: [Int64: [Float]] = [:]
        for grid in recording.depthGrids { fullOf[grid.detection] = grid.relativeInverseDepth }
        var fast: [Double] = [], full: [Double] = []
        for pass in recording.depthNetworkPasses where pass.variant == DepthNetworkVariant.fast.rawValue {
            guard let reference = fullOf[pass.detection], reference.count == pass.relativeInverseDepth.count else { continue }
            for (low, high) in zip(pass.relativeInverseDepth, reference) where low.isFinite && high.isFinite && high != 0 {
                fast.append(Double(low))
                full.append(Double(high))
            }
        }
        return (fast, full)
    }

    /// Detector runs on fully visible bottles at `bottleDistances`, and how many detected them.
    public static func bottleRecord(_ capture: SimulatedCapture, configuration: SimulationConfiguration) -> (Int, Int) {
        let projector = GroundTruthProjector(camera: configuration.camera, rules: configuration.groundTruth)
        var detected = Set<[Int64]>()
        for (detection, cause) in zip(capture.recording.detections, capture.detectionCauses) {
            if let source = cause.source { detected.insert([detection.frame, source]) }
        }
        var looks = 0, hits = 0
        for (offset, frame) in capture.recording.frames.enumerated() where frame.detectorRan {
            let camera = capture.cameras[offset]
            for sighting in projector.sightings(of: capture.scene, pose: camera.truePose, time: camera.time)
            where sighting.kind == .bottle && bottleDistances.contains(sighting.distance) && sighting.visibility >= 0.75 {
                looks += 1
                if detected.contains([frame.index, sighting.object]) { hits += 1 }
            }
        }
        return (looks, hits)
    }
}
