import Recording
import Replay
import Sweeps
import Testing

/// The lock-on and removal components the corpus sweeps judge by (spec.md#sweep-metrics):
/// lockable requests are a subset of the requests in memory, their misses a subset of all
/// misses, and removals count only objects that left the scene.
@Suite struct LockAndRemovalComponentTests {
    func components(_ name: String, _ configuration: ReplayConfiguration = .init()) throws -> [Double] {
        let input = try SweepFixtures.input(name)
        return try SweepStages.naive(input.recording, truth: input.truth, configuration: configuration)
    }

    @Test(arguments: ["walkaway-reapproach", "absence", "twins-moved"])
    func lockableRequestsAreASubsetOfGuidedRequests(_ name: String) throws {
        let c = try components(name)
        func n(_ k: SweepComponent) -> Double { c[k.rawValue] }
        #expect(n(.lockableRequests) <= n(.guidedRequests))
        #expect(n(.missedLockable) <= n(.lockableRequests) && n(.missedLockable) <= n(.missedLocks))
        #expect(n(.radiusWrongLocks) <= n(.wrongTargetLocks))
        let rate = SweepMetric.missedLockRate.value(c)
        #expect(n(.lockableRequests) == 0 ? rate.isNaN : rate == n(.missedLockable) / n(.lockableRequests))
    }

    @Test func aZeroRadiusHandsNoLockToAnotherObject() throws {
        var configuration = ReplayConfiguration()
        configuration.guidance.lockOnRadius = 0
        for name in ["walkaway-reapproach", "low-light"] {
            #expect(try components(name, configuration)[SweepComponent.radiusWrongLocks.rawValue] == 0)
        }
    }

    @Test func movesAreNotRemovals() throws {
        // twins-moved moves bottle B and removes nothing: no removal to miss.
        let c = try components("twins-moved")
        #expect(c[SweepComponent.removals.rawValue] == 0 && c[SweepComponent.missedRemovals.rawValue] == 0)
    }
}
