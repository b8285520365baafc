import Recording
@testable import Simulation

/// Short simulations shared by the tests (computed once per process).
enum SimulationFixtures {
    /// `twins-moved` stretched to 20 s, seed 3.
    static let twins = CaptureSimulator().simulate(.twinsMoved, seed: 3, duration: 20)
    /// `walkaway-reapproach` at its nominal length, seed 5.
    static let walkaway = CaptureSimulator().simulate(.walkawayReapproach, seed: 5)

    /// The placement of `object` covering `time` in a recording's ground truth.
    static func placement(of object: Int64, at time: Double, in recording: Recording) -> GroundTruthPlacement? {
        recording.groundTruthPlacements.first {
            $0.object == object && $0.from <= time && ($0.to.map { time < $0 } ?? true)
        }
    }
}
