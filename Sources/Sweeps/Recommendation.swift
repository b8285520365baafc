import EvalNumerics

/// One fold of leave-one-recording-out validation (spec.md#sweep-leave-one-out).
public struct LeaveOneOutFold: Sendable, Equatable {
    /// The recording left out.
    public var heldOut: Int
    /// The point chosen on the other recordings (nil when none was feasible there).
    public var chosen: Int?
    /// The objective metric of the chosen point on the held-out recording.
    public var heldOutValue: Double
    /// The best objective value any feasible point reaches on the held-out recording alone.
    public var heldOutBest: Double
    /// Whether the chosen point meets the caps on the held-out recording.
    public var heldOutFeasible: Bool

    /// heldOutValue − heldOutBest in cost orientation (≥ 0; 0 = the choice generalised).
    public func gap(_ metric: SweepMetric) -> Double {
        metric.largerIsBetter ? heldOutBest - heldOutValue : heldOutValue - heldOutBest
    }
}

/// The evidence for a recommended configuration: the chosen point, the Pareto front, a
/// bootstrap interval of each recommended value over recordings, and leave-one-out folds.
public struct Recommendation: Sendable, Equatable {
    /// The chosen point on all recordings pooled (nil when no point is feasible).
    public var chosen: Int?
    /// Pareto mask over the points on the objective's two Pareto metrics (pooled).
    public var paretoMask: [Bool]
    /// Per swept key: the percentile interval of the chosen value over bootstrap resamples
    /// of whole recordings (nil without a chosen point).
    public var intervals: [BootstrapInterval?]
    /// Resamples in which no point was feasible (left out of the intervals).
    public var infeasibleResamples: Int
    /// Points meeting the rule that tie with the chosen one on every metric the rule compares
    /// (the chosen included); only closeness to the shipped constants picked among them.
    public var tied: [Int]
    /// One fold per recording (empty with fewer than two recordings).
    public var folds: [LeaveOneOutFold]

    /// The smallest and largest value of axis `a` among the ``tied`` points.
    public func tiedRange(_ plan: SweepPlan, axis a: Int) -> (Double, Double)? {
        let values = tied.map { plan.points[$0][a] }
        guard let low = values.min(), let high = values.max() else { return nil }
        return (low, high)
    }

    /// Computes the evidence for `plan` from `outcome` under `objective`.
    ///
    /// - Parameters:
    ///   - resamples: bootstrap resamples of the recordings (with replacement, n of n).
    ///   - confidence: level of the percentile intervals.
    ///   - seed: seed of the resampling stream.
    public init(plan: SweepPlan, outcome: SweepOutcome, objective: Objective, resamples: Int, confidence: Double, seed: UInt64) {
        let n = outcome.components.first?.count ?? 0
        let spans = plan.keys.indices.map { a in
            (plan.points.map { $0[a] }.max() ?? 0) - (plan.points.map { $0[a] }.min() ?? 0)
        }
        func choose(_ subset: [Int]) -> Int? {
            objective.choose(outcome.pooled(subset), points: plan.points, shipped: plan.shipped, spans: spans)
        }
        let all = Array(0..<n)
        let pooled = outcome.pooled()
        chosen = choose(all)
        tied = chosen.map { c in
            pooled.indices.filter { objective.isFeasible(pooled[$0]) && objective.rank(pooled[$0]) == objective.rank(pooled[c]) }
        } ?? []
        paretoMask = ParetoFront.mask(pooled.map { c in objective.pareto.map { $0.cost(c) } })

        var generator = SplitMix64(seed: seed)
        var picks: [[Double]] = []
        var infeasible = 0
        if n > 0 {
            // The choice depends only on the multiset of recordings drawn (few distinct ones
            // for few recordings), so each is chosen once.
            var chosenFor: [[Int]: Int?] = [:]
            for _ in 0..<resamples {
                let subset = (0..<n).map { _ in Int.random(in: 0..<n, using: &generator) }.sorted()
                let pick: Int?
                if let known = chosenFor[subset] {
                    pick = known
                } else {
                    pick = choose(subset)
                    chosenFor[subset] = pick
                }
                if let p = pick { picks.append(plan.points[p]) } else { infeasible += 1 }
            }
        }
        infeasibleResamples = infeasible
        intervals = plan.keys.indices.map { [chosen] a in
            guard let chosen, !picks.isEmpty else { return nil }
            return BootstrapInterval.percentile(estimate: plan.points[chosen][a], replicates: picks.map { $0[a] }, confidenceLevel: confidence)
        }

        folds = n < 2 ? [] : all.map { left in
            let training = all.filter { $0 != left }
            let chosenHere = choose(training)
            let heldOut = outcome.pooled([left])
            let best = heldOut.filter(objective.isFeasible).map(objective.minimise.cost).min()
            let value = chosenHere.map { objective.minimise.value(heldOut[$0]) } ?? .nan
            return LeaveOneOutFold(
                heldOut: left, chosen: chosenHere, heldOutValue: value,
                heldOutBest: best.map { objective.minimise.largerIsBetter ? -$0 : $0 } ?? .nan,
                heldOutFeasible: chosenHere.map { objective.isFeasible(heldOut[$0]) } ?? false)
        }
    }
}
