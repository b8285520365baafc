import Foundation
import Testing
import EvalNumerics
@testable import Simulation

/// LiDAR confidence drawn from the shares measured on real iPhone captures
/// (`lidar-confidence.json`, spec.md#sim-lidar), and the low-light pose-error factor (ARexp).
@Suite struct LidarConfidenceTests {
    let table = LidarConfidence.measured

    @Test func sharesAreProbabilitiesAndHighConfidenceEndsNearSixMetres() {
        for depth in stride(from: 0.0, through: 17, by: 0.25) {
            for distance in [nil, 0, 1, 2, 3] as [Int?] {
                let p = table.shares(depth: depth, edgeDistance: distance)
                #expect(abs(p.sum() - 1) < 1e-12 && p.min() >= 0, "\(depth) m, \(String(describing: distance)): \(p)")
            }
        }
        // The corridor keeps high confidence to 4–5 m and none beyond 6 m (lidar-confidence.json).
        #expect(table.shares(depth: 3.2, edgeDistance: nil).z > 0.85)
        #expect(table.shares(depth: 4.7, edgeDistance: nil).z > 0.75)
        #expect(table.shares(depth: 6.5, edgeDistance: nil).z < 0.01)
        #expect(table.shares(depth: 12, edgeDistance: nil).x > 0.99)
    }

    @Test func highConfidenceFallsTowardsAnEdge() {
        let highs = [0, 1, 2, 3, nil].map { table.shares(depth: 1.5, edgeDistance: $0).z }
        #expect(zip(highs, highs.dropFirst()).allSatisfy { $0 < $1 }, "\(highs)")
        #expect(highs[0] < 0.25 * highs[4])
    }

    /// A silhouette sample of a coarse map (60 px) lies 4 or more real samples (30 px) from the edge
    /// about half the time; one of a fine grid (6 px) never does.
    @Test func drawnLevelsFollowTheTableAtTheSamplesPitch() {
        var random = SplitMix64(seed: 7)
        let draws = 40_000
        func highShare(pitch: Double?) -> Double {
            Double((0..<draws).count { _ in
                let distance = pitch.map { table.edgeDistance(pitchPixels: $0, random: &random) }
                return table.level(depth: 2.2, edgeDistance: distance, random: &random) == 2
            }) / Double(draws)
        }
        let away = table.shares(depth: 2.2, edgeDistance: nil).z
        #expect(abs(highShare(pitch: nil) - away) < 0.01)
        let coarse = (0..<4).map { table.shares(depth: 2.2, edgeDistance: $0).z }.reduce(0, +) / 8 + away / 2
        #expect(abs(highShare(pitch: 60) - coarse) < 0.01)
        #expect(abs(highShare(pitch: 6) - table.shares(depth: 2.2, edgeDistance: 0).z) < 0.01)
    }

    @Test func lowLightScalesThePoseErrorOnlyInLowLight() {
        func errors(_ scenario: Scenario, factor: Double) -> [Double] {
            var configuration = SimulationConfiguration()
            configuration.drift.lowLightErrorFactor = factor
            return CaptureSimulator(configuration: configuration).simulate(scenario, seed: 3, duration: 8).cameras
                .map { length($0.recordedPose.position - $0.truePose.position) }
        }
        let (one, three) = (errors(.lowLight, factor: 1), errors(.lowLight, factor: 3))
        #expect(one.last! > 0)
        #expect(zip(one, three).allSatisfy { abs($1 - 3 * $0) < 1e-9 })
        #expect(errors(.walkawayReapproach, factor: 1) == errors(.walkawayReapproach, factor: 3))
    }
}
