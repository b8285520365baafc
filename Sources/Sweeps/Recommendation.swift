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
    /// Per swept key: the interval of the chosen value over bootstrap resamples of whole
    /// recordings: the lower percentile of each resample's smallest tied value to the upper
    /// percentile of its largest (ties are a range, never broken toward the shipped value;
    /// nil without a chosen point).
    public var intervals: [BootstrapInterval?]
    /// Per swept key: the share of all resamples whose tied set contains the recommended
    /// value (the recommendation holds there; spec.md#sweep-verdict); nil without a chosen point.
    public var stability: [Double?]
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
    ///   - clusters: recordings that are resampled together (sessions sharing a room,
    ///     spec.md#sweep-verdict-recorded), as index lists covering every recording once; nil
    ///     resamples recordings one by one.
    public init(plan: SweepPlan, outcome: SweepOutcome, objective: Objective, resamples: Int, confidence: Double, seed: UInt64,
                clusters: [[Int]]? = nil) {
        let n = outcome.components.first?.count ?? 0
        let spans = plan.keys.indices.map { a in
            (plan.points.map { $0[a] }.max() ?? 0) - (plan.points.map { $0[a] }.min() ?? 0)
        }
        // The rule reads a few components; they are all the resamples and folds pool.
        let flat = PooledComponents(outcome, keeping: objective.components)
        func choose(_ subset: [Int]) -> Int? {
            objective.choose(flat.pooled(subset), points: plan.points, shipped: plan.shipped, spans: spans)
        }
        let all = Array(0..<n)
        let pooled = flat.pooled()
        chosen = choose(all)
        tied = objective.tied(pooled)
        paretoMask = ParetoFront.mask(pooled.map { c in objective.pareto.map { $0.cost(c) } })

        var generator = SplitMix64(seed: seed)
        var ranges: [[(Double, Double)]] = []
        var infeasible = 0
        if n > 0 {
            // Each resample's choice is the whole set of points tied under the rule (no tie-break
            // toward the shipped constants, spec.md#sweep-verdict); the choice depends only on
            // the multiset of recordings drawn, so each multiset is evaluated once.
            let subsets = clusters.map { Self.resamples(resamples, ofClusters: $0, using: &generator) }
                ?? Self.resamples(resamples, of: n, using: &generator)
            let tiedFor = Self.tiedSets(subsets, flat: flat, objective: objective)
            for subset in subsets {
                let tiedHere = tiedFor[subset]!
                if tiedHere.isEmpty {
                    infeasible += 1
                } else {
                    ranges.append(plan.keys.indices.map { a in
                        let values = tiedHere.map { plan.points[$0][a] }
                        return (values.min()!, values.max()!)
                    })
                }
            }
        }
        infeasibleResamples = infeasible
        intervals = plan.keys.indices.map { [chosen] a in
            guard let chosen, !ranges.isEmpty else { return nil }
            let estimate = plan.points[chosen][a]
            var interval = BootstrapInterval.percentile(estimate: estimate, replicates: ranges.map { $0[a].0 }, confidenceLevel: confidence)
            interval.upper = BootstrapInterval.percentile(estimate: estimate, replicates: ranges.map { $0[a].1 }, confidenceLevel: confidence).upper
            return interval
        }
        stability = plan.keys.indices.map { [chosen] a in
            guard let chosen, !ranges.isEmpty else { return nil }
            let value = plan.points[chosen][a]
            return Double(ranges.count { $0[a].0 <= value && value <= $0[a].1 }) / Double(resamples)
        }

        // The folds are independent and each pools every point once: they run on all cores,
        // four chunks per core of at least one fold, and come back in order.
        let (points, shipped) = (plan.points, plan.shipped)
        folds = n < 2 ? [] : Array(inChunks(of: n, minimumChunk: 1, perProcessor: 4) { chunk in
            chunk.map { left in
                let chosenHere = objective.choose(flat.pooled(leavingOut: left), points: points, shipped: shipped, spans: spans)
                let heldOut = flat.pooled([left])
                let best = heldOut.filter(objective.isFeasible).map(objective.minimise.cost).min()
                let value = chosenHere.map { objective.minimise.value(heldOut[$0]) } ?? .nan
                return LeaveOneOutFold(
                    heldOut: left, chosen: chosenHere, heldOutValue: value,
                    heldOutBest: best.map { objective.minimise.largerIsBetter ? -$0 : $0 } ?? .nan,
                    heldOutFeasible: chosenHere.map { objective.isFeasible(heldOut[$0]) } ?? false)
            }
        }.joined())
    }

    /// `count` bootstrap resamples of `n` recordings (n of n with replacement, each sorted),
    /// drawn in order from `generator`.
    static func resamples(_ count: Int, of n: Int, using generator: inout SplitMix64) -> [[Int]] {
        (0..<count).map { _ in (0..<n).map { _ in Int.random(in: 0..<n, using: &generator) }.sorted() }
    }

    /// `count` bootstrap resamples of whole clusters (k of k with replacement), each expanded
    /// to its recordings and sorted, drawn in order from `generator`. With one recording per
    /// cluster (in order) it draws exactly what ``resamples(_:of:using:)`` draws.
    static func resamples(_ count: Int, ofClusters clusters: [[Int]], using generator: inout SplitMix64) -> [[Int]] {
        (0..<count).map { _ in
            (0..<clusters.count).flatMap { _ in clusters[Int.random(in: 0..<clusters.count, using: &generator)] }.sorted()
        }
    }

    /// The tied set of every distinct subset among `subsets`, pooled a batch at a time.
    static func tiedSets(_ subsets: [[Int]], flat: PooledComponents, objective: Objective) -> [[Int]: [Int]] {
        var distinct: [[Int]] = []
        var seen = Set<[Int]>()
        for subset in subsets where seen.insert(subset).inserted { distinct.append(subset) }
        var tiedFor: [[Int]: [Int]] = [:]
        let batch = 25
        for start in stride(from: 0, to: distinct.count, by: batch) {
            let part = Array(distinct[start..<min(start + batch, distinct.count)])
            for (subset, tied) in zip(part, flat.pooled(each: part) { objective.tied($0) }) { tiedFor[subset] = tied }
        }
        return tiedFor
    }
}
