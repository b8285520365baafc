import Sweeps
import Testing

@Suite struct RecommendationTests {
    /// Components with only duplicates and impure feeds set (feeds fixed at 100).
    private func components(duplicates: Double, impure: Double) -> [Double] {
        var c = Array(repeating: 0.0, count: SweepComponent.allCases.count)
        c[SweepComponent.duplicates.rawValue] = duplicates
        c[SweepComponent.impureFeeds.rawValue] = impure
        c[SweepComponent.feeds.rawValue] = 100
        return c
    }

    private let objective = Objective(
        minimise: .duplicates, caps: [MetricCap(metric: .falseMergeRate, max: 0.01)], pareto: [.falseMergeRate, .duplicates])

    @Test func choosesTheFewestDuplicatesUnderTheCapThenTheShippedValue() throws {
        let plan = try SweepPlan(name: "m", space: ParameterSpace(axes: [SweepAxis(key: "anchors.farCosine", values: [0.8, 0.9, 0.92, 0.96, 0.99])]))
        // False merges fall and duplicates rise with the cosine; 0.92 and 0.96 tie.
        let pooled = [components(duplicates: 0, impure: 5), components(duplicates: 1, impure: 2), components(duplicates: 2, impure: 1),
                      components(duplicates: 2, impure: 1), components(duplicates: 4, impure: 0)]
        let pick = objective.choose(pooled, points: plan.points, shipped: plan.shipped, spans: [0.19])
        #expect(pick == 2, "0.92 meets the cap with 2 duplicates and is the shipped value")
        #expect(objective.choose(pooled.map { _ in components(duplicates: 0, impure: 50) }, points: plan.points,
                                 shipped: plan.shipped, spans: [0.19]) == nil)
        #expect(objective.text == "smallest duplicates with false_merge_rate ≤ 0.01")
    }

    /// Two recordings disagree: leave-one-out shows the choice made on one does not transfer.
    @Test func leaveOneOutReportsTheGeneralisationGap() throws {
        let plan = try SweepPlan(name: "m", space: ParameterSpace(axes: [SweepAxis(key: "anchors.farCosine", values: [0.8, 0.9, 0.99])]))
        let a = [components(duplicates: 0, impure: 0), components(duplicates: 1, impure: 0), components(duplicates: 3, impure: 0)]
        let b = [components(duplicates: 0, impure: 9), components(duplicates: 2, impure: 0), components(duplicates: 3, impure: 0)]
        let outcome = SweepOutcome(components: (0..<3).map { [a[$0], b[$0]] })
        let r = Recommendation(plan: plan, outcome: outcome, objective: objective, resamples: 200, confidence: 0.95, seed: 1)
        #expect(r.chosen == 1, "pooled, 0.8 breaks the cap (9 / 200 impure feeds)")
        #expect(r.folds.count == 2)
        let leaveB = r.folds[1], leaveA = r.folds[0]
        #expect(leaveB.chosen == 0 && !leaveB.heldOutFeasible, "chosen on a alone, 0.8 fails on b")
        #expect(leaveA.chosen == 1 && leaveA.heldOutFeasible && leaveA.gap(.duplicates) == 1)
        let interval = try #require(r.intervals[0])
        #expect(interval.lower >= 0.8 && interval.upper <= 0.9 && interval.estimate == 0.9)
        #expect(r.paretoMask == [true, true, false])
    }

    @Test func minimumBoundsAndThenMetricsBreakTies() throws {
        var low = components(duplicates: 1, impure: 0), high = components(duplicates: 1, impure: 0), none = components(duplicates: 0, impure: 0)
        low[SweepComponent.idf1Weighted.rawValue] = 40
        high[SweepComponent.idf1Weighted.rawValue] = 60
        none[SweepComponent.idf1Weighted.rawValue] = 10
        for c in [SweepComponent.groundTruthBoxes] { low[c.rawValue] = 100; high[c.rawValue] = 100; none[c.rawValue] = 100 }
        let rule = Objective(minimise: .duplicates, caps: [MetricCap(metric: .idf1, min: 0.3)], pareto: [.falseMergeRate, .duplicates], then: [.idf1])
        let points: [[Double]] = [[1], [2], [3]]
        #expect(rule.choose([none, low, high], points: points, shipped: [2], spans: [2]) == 2,
                "0 duplicates fails idf1 ≥ 0.3; of the two with 1 duplicate the larger idf1 wins over closeness to the shipped value")
        #expect(rule.text == "smallest duplicates with idf1 ≥ 0.3, then largest idf1")
        #expect(MetricCap(metric: .idf1, max: 0.5, min: 0.1).admits(.nan) == false)
    }
}
