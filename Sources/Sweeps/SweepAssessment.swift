import EvalNumerics

/// A sweep judged: its recommendation, and per swept key the verdict, the practical gain over
/// the shipped value and the harm that bounds the choice (spec.md#sweep-verdict,
/// spec.md#sweep-bound). What the report, `capture-plan` and `sweep.h5` show.
public struct SweepAssessment: Sendable {
    /// The recommendation on the main recordings.
    public var recommendation: Recommendation
    /// Per key: the verdict.
    public var verdicts: [Verdict]
    /// Per key: the evidence the verdict weighed.
    public var evidence: [VerdictEvidence]
    /// Per key: what stops the rule from moving the key further, in words.
    public var bounds: [String]

    /// Judges a sweep.
    ///
    /// - Parameters:
    ///   - plan: the swept plan (after widening).
    ///   - outcome: its components.
    ///   - shipped: the shipped configuration's components per recording (the gain's reference
    ///     on sampled spaces).
    ///   - recommendation: the recommendation of `plan` on `outcome`.
    ///   - variants: the sweep rerun on each assumption variant.
    ///   - widenings: widening rounds done.
    ///   - source: whether the recordings are simulated or recorded (spec.md#sweep-verdict-recorded).
    ///   - placements: measured assumptions placed on the pivots, per key (spec.md#sweep-pivot-measured).
    ///   - harmBootstrap: resamples, confidence and seed of the shipped harm's interval when no
    ///     point meets the rule (spec.md#sweep-no-value-meets-cap).
    public init(plan: SweepPlan, outcome: SweepOutcome, shipped: [[Double]], objective: Objective, recommendation r: Recommendation,
                variants: [VariantEvidence], widenings: Int, rules: VerdictRules, source: VerdictSource = .simulated,
                placements: [[PivotPlacement]] = [], harmBootstrap: (resamples: Int, confidence: Double, seed: UInt64) = (200, 0.95, 1)) {
        recommendation = r
        let pooled = outcome.pooled()
        let shippedPooled = SweepMetric.pooled(shipped)
        var verdicts: [Verdict] = [], evidence: [VerdictEvidence] = [], bounds: [String] = []
        let harm: CapHarm?? = r.chosen == nil ? .some(Self.capHarm(plan, pooled: pooled, shipped: shipped, objective: objective, bootstrap: harmBootstrap)) : nil
        for a in plan.keys.indices {
            let values = plan.space.axes[a].values
            let key = plan.keys[a]
            let open = plan.space.sampling == .grid
                ? (GridWidening.isOpen(values, end: .low, key: key, base: plan.base), GridWidening.isOpen(values, end: .high, key: key, base: plan.base))
                : (false, false)
            let reached = GridWidening.reachedEdges(plan, recommendation: r).filter { $0.axis == a }
            let beyond = reached.flatMap { GridWidening.valuesBeyond(values, end: $0.end, key: key, base: plan.base, count: rules.widenSteps) }
            let next = (beyond.min()).map { low in min(low, values.first ?? low)...max(beyond.max()!, values.last ?? low) }
            let gain = r.chosen.map { c -> Double in
                let reference = Self.pointAlong(plan, from: c, axis: a, to: plan.shipped[a]).map { pooled[$0] } ?? shippedPooled
                return objective.gain(pooled[c], over: reference)
            }
            var e = VerdictEvidence(
                shipped: plan.shipped[a], recommended: r.chosen.map { plan.points[$0][a] }, interval: r.intervals[a], axisValues: values,
                openEnds: open, widenings: widenings, nextRange: next, stability: r.stability[a],
                events: objective.minimise.evidence(r.chosen.map { pooled[$0] } ?? shippedPooled).count, gain: gain, practical: objective.practical,
                variants: variants, axis: a, rules: rules)
            e.source = source
            e.placements = a < placements.count ? placements[a] : []
            if r.chosen == nil { e.capHarm = harm ?? nil }
            evidence.append(e)
            verdicts.append(Verdict(e, rules: rules))
            bounds.append(Self.bound(plan, pooled: pooled, objective: objective, chosen: r.chosen, axis: a))
        }
        self.verdicts = verdicts
        self.evidence = evidence
        self.bounds = bounds
    }

    /// When no point meets the rule's caps: the cap the shipped constants break most (relative
    /// to its bound), their value of it with a percentile interval over resampled recordings, and
    /// the point whose largest relative violation of any cap is smallest, with its value
    /// (spec.md#sweep-no-value-meets-cap). Nil when the rule has no caps or the shipped value
    /// of every capped metric is undefined.
    static func capHarm(_ plan: SweepPlan, pooled: [[Double]], shipped: [[Double]], objective: Objective,
                        bootstrap: (resamples: Int, confidence: Double, seed: UInt64)) -> CapHarm? {
        func violation(_ cap: MetricCap, _ value: Double) -> Double {
            guard value.isFinite else { return .infinity }
            let over = cap.max.map { (value - $0) / max(abs($0), 1e-9) } ?? -.infinity
            let under = cap.min.map { ($0 - value) / max(abs($0), 1e-9) } ?? -.infinity
            return max(over, under, 0)
        }
        let shippedPooled = SweepMetric.pooled(shipped)
        guard let worst = objective.caps.max(by: { violation($0, $0.metric.value(shippedPooled)) < violation($1, $1.metric.value(shippedPooled)) }),
              worst.metric.value(shippedPooled).isFinite else { return nil }
        let least = pooled.indices.min { p, q in
            let vp = objective.caps.map { violation($0, $0.metric.value(pooled[p])) }.max() ?? 0
            let vq = objective.caps.map { violation($0, $0.metric.value(pooled[q])) }.max() ?? 0
            return vp < vq
        }
        guard let least else { return nil }
        var generator = SplitMix64(seed: bootstrap.seed)
        let n = shipped.count
        let replicates = n < 2 ? [] : Recommendation.resamples(bootstrap.resamples, of: n, using: &generator).map { subset in
            worst.metric.value(SweepMetric.pooled(subset.map { shipped[$0] }))
        }.filter(\.isFinite)
        let estimate = worst.metric.value(shippedPooled)
        var interval = BootstrapInterval.percentile(estimate: estimate, replicates: replicates.isEmpty ? [estimate] : replicates,
                                                    confidenceLevel: bootstrap.confidence)
        if replicates.isEmpty { (interval.lower, interval.upper) = (.nan, .nan) }
        let point = zip(plan.keys, plan.points[least]).map { "\($0.name) = \(Verdict.number($1))" }.joined(separator: ", ")
        return CapHarm(cap: worst.text, shipped: interval, least: worst.metric.value(pooled[least]), leastPoint: point)
    }

    /// On a grid, the point equal to `p` but with axis `a` at the grid value nearest `value`;
    /// nil for sampled spaces.
    static func pointAlong(_ plan: SweepPlan, from p: Int, axis a: Int, to value: Double) -> Int? {
        guard plan.space.sampling == .grid, let nearest = plan.space.axes[a].values.min(by: { abs($0 - value) < abs($1 - value) }) else { return nil }
        var target = plan.points[p]
        target[a] = nearest
        return plan.points.firstIndex(of: target)
    }

    /// What bounds the choice of axis `a` at `chosen` (spec.md#sweep-bound): the neighbours one
    /// grid step either side that the optimised metric prefers, and the caps they break.
    static func bound(_ plan: SweepPlan, pooled: [[Double]], objective: Objective, chosen: Int?, axis a: Int) -> String {
        guard let chosen else {
            // How close the grid comes to each cap: the best value any point reaches.
            let closest = objective.caps.map { cap -> String in
                let values = pooled.map { cap.metric.value($0) }.filter(\.isFinite)
                let best = cap.max != nil ? values.min() : values.max()
                return "\(cap.text): the best any point reaches is " + (best.map { Verdict.number($0) } ?? "n/a")
            }
            return (["no point meets the rule"] + closest).joined(separator: "; ")
        }
        guard plan.space.sampling == .grid else { return "sampled space: no grid neighbours" }
        let values = plan.space.axes[a].values
        guard let k = values.firstIndex(of: plan.points[chosen][a]) else { return "n/a" }
        let f = Verdict.number
        var said: [String] = []
        for j in [k - 1, k + 1] {
            guard values.indices.contains(j), let neighbour = pointAlong(plan, from: chosen, axis: a, to: values[j]) else {
                said.append("\(j < k ? "below" : "above"): the grid ends")
                continue
            }
            let better = objective.minimise.cost(pooled[neighbour]) < objective.minimise.cost(pooled[chosen])
            let broken = objective.caps.filter { !$0.admits($0.metric.value(pooled[neighbour])) }
            if better && !broken.isEmpty {
                said.append("\(f(values[j])) would improve \(objective.minimise.rawValue) but break "
                    + broken.map { "\($0.text) (\(f($0.metric.value(pooled[neighbour]))))" }.joined(separator: " and "))
            } else if better {
                said.append("\(f(values[j])) is better on \(objective.minimise.rawValue) but loses a tie-break")
            } else {
                said.append("\(f(values[j])) is no better on \(objective.minimise.rawValue)")
            }
        }
        return said.joined(separator: "; ")
    }
}
