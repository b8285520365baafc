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

    /// Creates evidence from its parts.
    public init(name: String, family: String, settings: String, recordings: Int, pivotValue: Double?, recommended: [Double],
                lower: [Double], upper: [Double], tiedLow: [Double], tiedHigh: [Double], events: Int) {
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
    /// same rule and bootstrap as the main corpus.
    public init(name: String, family: String, settings: String, pivotValue: Double? = nil, plan: SweepPlan, outcome: SweepOutcome,
                objective: Objective, resamples: Int, confidence: Double, seed: UInt64) {
        let r = Recommendation(plan: plan, outcome: outcome, objective: objective, resamples: resamples, confidence: confidence, seed: seed)
        let axes = plan.keys.indices
        let tied = r.tied
        self.init(
            name: name, family: family, settings: settings, recordings: outcome.components.first?.count ?? 0, pivotValue: pivotValue,
            recommended: axes.map { a in r.chosen.map { plan.points[$0][a] } ?? .nan },
            lower: axes.map { r.intervals[$0]?.lower ?? .nan }, upper: axes.map { r.intervals[$0]?.upper ?? .nan },
            tiedLow: axes.map { a in tied.map { plan.points[$0][a] }.min() ?? .nan },
            tiedHigh: axes.map { a in tied.map { plan.points[$0][a] }.max() ?? .nan },
            events: r.chosen.map { objective.minimise.evidence(outcome.pooled()[$0]).count } ?? 0)
    }

    /// Whether some point met the rule on the variant's recordings.
    public func meetsRule(axis a: Int) -> Bool { recommended[a].isFinite && lower[a].isFinite }

    /// Whether the variant's interval on key `a` holds `value`.
    public func holds(_ value: Double, axis a: Int) -> Bool { meetsRule(axis: a) && lower[a] <= value && value <= upper[a] }
}

/// What one variant says about a recommendation (spec.md#sweep-verdict).
public enum VariantAgreement: String, Sendable {
    /// Its interval holds the recommended value and is narrow enough to count.
    case agrees
    /// Its interval excludes the recommended value: the answer changes under the assumption.
    case differs
    /// No point meets the rule under the assumption: the rule itself fails there.
    case noneMeetsRule = "none meets the rule"
    /// Its interval holds the recommended value but is wider than the stated factor times the
    /// main interval: too few recordings to count as agreement.
    case tooWeak = "too weak"

    /// Whether the verdict then depends on the variant's assumption.
    public var overturns: Bool { self == .differs || self == .noneMeetsRule }

    /// How `variant` judges `value` of key `a`, given the main interval's width `mainWidth`
    /// and the axis's grid step `step` (both widths count as at least one step).
    public init(_ variant: VariantEvidence, value: Double, axis a: Int, mainWidth: Double, step: Double, factor: Double) {
        guard variant.meetsRule(axis: a) else { self = .noneMeetsRule; return }
        guard variant.holds(value, axis: a) else { self = .differs; return }
        let width = max(variant.upper[a] - variant.lower[a], step)
        self = width > factor * max(mainWidth, step) * (1 + 1e-9) ? .tooWeak : .agrees
    }
}
