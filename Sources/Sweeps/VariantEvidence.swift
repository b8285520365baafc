import EvalNumerics

/// A sweep rerun on the corpus of one simulator-assumption variant or pivot step
/// (spec.md#sweep-variants, spec.md#sweep-pivot), summarised per swept key with its own
/// bootstrap interval, so the verdict can tell "the answer moves" from "too few recordings".
public struct VariantEvidence: Sendable, Equatable {
    /// The variant's name (a pivot step's name is its family and step).
    public var name: String
    /// The assumption family it varies (`drift`, `twin appearance`, `detector`, …).
    public var family: String
    /// The simulator parameters it sets, in words.
    public var settings: String
    /// Recordings in its corpus.
    public var recordings: Int
    /// For a pivot step, the value of the assumption on the pivot's axis; nil for a variant.
    public var pivotValue: Double?
    /// A pivot step's value of the probe that measures the assumption from recorded sessions,
    /// computed on the step's recordings (spec.md#sweep-pivot-measured); nil otherwise.
    public var probeValue: Double?
    /// Per key: the value the rule picks on the pooled variant corpus (NaN: none meets the rule).
    public var recommended: [Double]
    /// Per key: the interval over resamples of the variant's recordings (NaN: none).
    public var lower: [Double]
    /// Per key: the interval's upper end (NaN: none).
    public var upper: [Double]
    /// Per key: the smallest value among the points tied under the rule (NaN: none).
    public var tiedLow: [Double]
    /// Per key: the largest value among the tied points (NaN: none).
    public var tiedHigh: [Double]
    /// The rule metric's evidence count at the variant's recommended point.
    public var events: Int
    /// Per key: how far the assumption moves the recommendation, paired by scene — the midpoint
    /// of the key's tied values on the variant's recordings minus that on the same scenes under
    /// the corpus's own assumption (NaN when either has no admissible point).
    public var shift: [Double]
    /// Per key: the lower end of the shift's interval over resamples of the paired scenes.
    public var shiftLower: [Double]
    /// Per key: the upper end of the shift's interval.
    public var shiftUpper: [Double]

    /// Creates evidence from its parts.
    public init(name: String, family: String, settings: String, recordings: Int, pivotValue: Double?, recommended: [Double],
                lower: [Double], upper: [Double], tiedLow: [Double], tiedHigh: [Double], events: Int,
                shift: [Double], shiftLower: [Double], shiftUpper: [Double]) {
        self.shift = shift
        self.shiftLower = shiftLower
        self.shiftUpper = shiftUpper
        self.name = name
        self.family = family
        self.settings = settings
        self.recordings = recordings
        self.pivotValue = pivotValue
        self.recommended = recommended
        self.lower = lower
        self.upper = upper
        self.tiedLow = tiedLow
        self.tiedHigh = tiedHigh
        self.events = events
    }

    /// Summarises `outcome` (the sweep of `plan` rerun on the variant's recordings) with the
    /// same rule and bootstrap as the main corpus, and its shift against `baseline`: the same
    /// points on the same scenes (recording k of both is one corpus member) under the corpus's
    /// own assumption.
    public init(name: String, family: String, settings: String, pivotValue: Double? = nil, plan: SweepPlan, outcome: SweepOutcome,
                baseline: SweepOutcome, objective: Objective, resamples: Int, confidence: Double, seed: UInt64) {
        let r = Recommendation(plan: plan, outcome: outcome, objective: objective, resamples: resamples, confidence: confidence, seed: seed)
        let axes = plan.keys.indices
        let tied = r.tied
        let shifts = Self.pairedShifts(plan: plan, outcome: outcome, baseline: baseline, objective: objective, resamples: resamples,
                                       confidence: confidence, seed: seed)
        self.init(
            name: name, family: family, settings: settings, recordings: outcome.components.first?.count ?? 0, pivotValue: pivotValue,
            recommended: axes.map { a in r.chosen.map { plan.points[$0][a] } ?? .nan },
            lower: axes.map { r.intervals[$0]?.lower ?? .nan }, upper: axes.map { r.intervals[$0]?.upper ?? .nan },
            tiedLow: axes.map { a in tied.map { plan.points[$0][a] }.min() ?? .nan },
            tiedHigh: axes.map { a in tied.map { plan.points[$0][a] }.max() ?? .nan },
            events: r.chosen.map { objective.minimise.evidence(outcome.pooled()[$0]).count } ?? 0,
            shift: shifts.map(\.estimate), shiftLower: shifts.map(\.lower), shiftUpper: shifts.map(\.upper))
    }

    /// Per key, the shift of the midpoint of the tied values from `baseline` to `outcome` on the
    /// same resampled scenes (spec.md#sweep-variants): the estimate on all scenes and its
    /// percentile interval (NaN where either side has no admissible point).
    static func pairedShifts(plan: SweepPlan, outcome: SweepOutcome, baseline: SweepOutcome, objective: Objective, resamples: Int,
                             confidence: Double, seed: UInt64) -> [(estimate: Double, lower: Double, upper: Double)] {
        let n = outcome.components.first?.count ?? 0
        precondition(baseline.components.first?.count == n, "a paired baseline has the variant's recordings")
        func midpoints(_ tied: [Int]) -> [Double]? {
            guard !tied.isEmpty else { return nil }
            return plan.keys.indices.map { a in
                let values = tied.map { plan.points[$0][a] }
                return (values.min()! + values.max()!) / 2
            }
        }
        let (variantSums, baselineSums) = (PooledComponents(outcome, keeping: objective.components), PooledComponents(baseline, keeping: objective.components))
        func shift(_ variantTied: [Int], _ baselineTied: [Int]) -> [Double]? {
            guard let v = midpoints(variantTied), let b = midpoints(baselineTied) else { return nil }
            return zip(v, b).map { $0 - $1 }
        }
        let estimate = shift(objective.tied(variantSums.pooled()), objective.tied(baselineSums.pooled()))
        var generator = SplitMix64(seed: seed ^ 0x5348_4946_5453)  // "SHIFTS": a stream apart from the interval's
        let subsets = Recommendation.resamples(n > 0 ? resamples : 0, of: n, using: &generator)
        let variantTied = Recommendation.tiedSets(subsets, flat: variantSums, objective: objective)
        let baselineTied = Recommendation.tiedSets(subsets, flat: baselineSums, objective: objective)
        let draws = subsets.compactMap { shift(variantTied[$0]!, baselineTied[$0]!) }
        return plan.keys.indices.map { a in
            guard let estimate, !draws.isEmpty else { return (.nan, .nan, .nan) }
            let i = BootstrapInterval.percentile(estimate: estimate[a], replicates: draws.map { $0[a] }, confidenceLevel: confidence)
            return (estimate[a], i.lower, i.upper)
        }
    }

    /// Whether some point met the rule on the variant's recordings.
    public func meetsRule(axis a: Int) -> Bool { recommended[a].isFinite && lower[a].isFinite }

    /// Whether the variant's interval on key `a` holds `value`.
    public func holds(_ value: Double, axis a: Int) -> Bool { meetsRule(axis: a) && lower[a] <= value && value <= upper[a] }
}

/// What one variant says about a recommendation (spec.md#sweep-verdict).
public enum VariantAgreement: String, Sendable {
    /// The paired shift's interval holds 0, is narrow enough, and the recommendation moved by
    /// it still excludes the shipped value when the main interval does.
    case agrees
    /// The paired shift's interval excludes 0: the assumption moves the recommendation.
    case differs
    /// No point meets the rule under the assumption: the rule itself fails there.
    case noneMeetsRule = "none meets the rule"
    /// The shift's interval holds 0 but is wider than the stated factor times the main interval,
    /// or wide enough to bring the recommendation back to the shipped value: too few scenes
    /// to count as agreement.
    case tooWeak = "too weak"

    /// Whether the verdict then depends on the variant's assumption.
    public var overturns: Bool { self == .differs || self == .noneMeetsRule }

    /// How `variant` judges the recommendation `value` of key `a`.
    ///
    /// - Parameters:
    ///   - mainInterval: the main recommendation's interval; its width (at least one `step`)
    ///     times `factor` bounds the shift interval's width.
    ///   - shipped: the shipped value; when the main interval excludes it, `value` moved by the
    ///     shift's interval must exclude it too.
    public init(_ variant: VariantEvidence, value: Double, axis a: Int, mainInterval: (lower: Double, upper: Double), shipped: Double,
                step: Double, factor: Double) {
        guard variant.meetsRule(axis: a), variant.shift[a].isFinite, variant.shiftLower[a].isFinite else { self = .noneMeetsRule; return }
        let (low, high) = (variant.shiftLower[a], variant.shiftUpper[a])
        let tolerance = 1e-9 * max(1, abs(value))
        guard low <= tolerance && high >= -tolerance else { self = .differs; return }
        let width = max(high - low, step)
        let mainExcludes = shipped < mainInterval.lower || shipped > mainInterval.upper
        let movedHolds = value + low <= shipped + tolerance && shipped <= value + high + tolerance
        self = width > factor * max(mainInterval.upper - mainInterval.lower, step) * (1 + 1e-9) || (mainExcludes && movedHolds) ? .tooWeak : .agrees
    }
}
