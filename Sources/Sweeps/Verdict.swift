import EvalNumerics

/// The thresholds of the verdict rule (spec.md#sweep-verdict; protocol key `verdict`).
public struct VerdictRules: Sendable, Equatable, Codable {
    /// Share of resamples whose tied set must hold the recommendation: *decided* needs at
    /// least this, and any other verdict below it says "unstable".
    public var stabilityFloor: Double
    /// A variant's paired shift counts as evidence only when its interval is at most this many
    /// times as wide as the main interval (each at least one grid step); wider is *too weak*.
    public var variantWidthFactor: Double
    /// Automatic widening rounds of a grid whose recommendation or interval reaches an open edge.
    public var widenings: Int
    /// Values added beyond a reached open edge in each round.
    public var widenSteps: Int
    /// On recorded sessions, *decided* needs at least this many sessions (spec.md#sweep-verdict-recorded).
    public var minimumSessions: Int
    /// On recorded sessions, *decided* needs at least this many events behind the rule's metric.
    public var minimumEvents: Int

    /// The default thresholds: 80 %, a factor of 3, two rounds of three values; on recorded
    /// data 10 sessions and 30 events.
    public init(stabilityFloor: Double = 0.8, variantWidthFactor: Double = 3, widenings: Int = 2, widenSteps: Int = 3,
                minimumSessions: Int = 10, minimumEvents: Int = 30) {
        self.stabilityFloor = stabilityFloor
        self.variantWidthFactor = variantWidthFactor
        self.widenings = widenings
        self.widenSteps = widenSteps
        self.minimumSessions = minimumSessions
        self.minimumEvents = minimumEvents
    }

    private enum CodingKeys: String, CodingKey {
        case stabilityFloor, variantWidthFactor, widenings, widenSteps, minimumSessions, minimumEvents
    }

    /// Decodes the thresholds; keys left out keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = VerdictRules()
        self.init(
            stabilityFloor: try c.decodeIfPresent(Double.self, forKey: .stabilityFloor) ?? d.stabilityFloor,
            variantWidthFactor: try c.decodeIfPresent(Double.self, forKey: .variantWidthFactor) ?? d.variantWidthFactor,
            widenings: try c.decodeIfPresent(Int.self, forKey: .widenings) ?? d.widenings,
            widenSteps: try c.decodeIfPresent(Int.self, forKey: .widenSteps) ?? d.widenSteps,
            minimumSessions: try c.decodeIfPresent(Int.self, forKey: .minimumSessions) ?? d.minimumSessions,
            minimumEvents: try c.decodeIfPresent(Int.self, forKey: .minimumEvents) ?? d.minimumEvents)
    }

    /// The first problem with the thresholds, or nil.
    public var problem: String? {
        if !(stabilityFloor >= 0 && stabilityFloor <= 1) { return "stabilityFloor must lie in [0, 1]" }
        if !(variantWidthFactor >= 1 && variantWidthFactor <= 1000) { return "variantWidthFactor must lie in [1, 1000]" }
        if !(0...10).contains(widenings) { return "widenings must lie in 0...10" }
        if !(1...100).contains(widenSteps) { return "widenSteps must lie in 1...100" }
        if !(1...100_000).contains(minimumSessions) { return "minimumSessions must lie in 1...100000" }
        if !(0...100_000_000).contains(minimumEvents) { return "minimumEvents must lie in 0...100000000" }
        return nil
    }
}

/// Everything the verdict on one swept key weighs (spec.md#sweep-verdict).
public struct VerdictEvidence: Sendable {
    /// The shipped value.
    public var shipped: Double
    /// The recommended value (nil when no point meets the rule).
    public var recommended: Double?
    /// Its interval over whole-recording resamples (ties as a range).
    public var interval: BootstrapInterval?
    /// The values swept on the axis, after any widening.
    public var axisValues: [Double]
    /// Whether the low and high ends of the axis are open (the key admits the next step).
    public var openEnds: (low: Bool, high: Bool)
    /// Widening rounds done.
    public var widenings: Int
    /// The values a further widening would add beyond each open end that the recommendation
    /// reaches, as the range to sweep next (nil when none).
    public var nextRange: ClosedRange<Double>?
    /// The share of resamples whose tied set holds the recommended value.
    public var stability: Double?
    /// The events behind the rule's metric at the recommended point (at the shipped constants
    /// when no point meets the rule).
    public var events: Int
    /// Gain of the recommended point over the one with this key at its grid value nearest the
    /// shipped one, in the rule metric's units (+∞: that point breaks the rule).
    public var gain: Double?
    /// The practical threshold the gain must reach (nil: none declared).
    public var practical: Double?
    /// The variants and their judgement of the recommendation.
    public var variants: [(evidence: VariantEvidence, agreement: VariantAgreement)]
    /// The key's axis in the sweep (the index into each variant's per-key values).
    public var axis: Int
    /// Whether the evidence is simulated or recorded (spec.md#sweep-verdict-recorded).
    public var source: VerdictSource = .simulated
    /// When no point meets the rule: the harm of the shipped constants and of the point that
    /// comes nearest the caps (spec.md#sweep-no-value-meets-cap).
    public var capHarm: CapHarm?
    /// Measured assumptions placed on the pivots of the families a variant overturns
    /// (spec.md#sweep-pivot-measured).
    public var placements: [PivotPlacement] = []

    /// Creates the evidence; `variants` are judged against `recommended` here.
    public init(shipped: Double, recommended: Double?, interval: BootstrapInterval?, axisValues: [Double], openEnds: (low: Bool, high: Bool),
                widenings: Int, nextRange: ClosedRange<Double>?, stability: Double?, events: Int, gain: Double?, practical: Double?,
                variants: [VariantEvidence], axis a: Int, rules: VerdictRules) {
        self.shipped = shipped
        self.recommended = recommended
        self.interval = interval
        self.axisValues = axisValues
        self.openEnds = openEnds
        self.widenings = widenings
        self.nextRange = nextRange
        self.stability = stability
        self.events = events
        self.gain = gain
        self.practical = practical
        axis = a
        let step = Self.step(axisValues)
        self.variants = variants.map { v in
            guard let recommended, let interval else { return (v, .noneMeetsRule) }
            return (v, VariantAgreement(v, value: recommended, axis: a, mainInterval: (interval.lower, interval.upper), shipped: shipped,
                                        step: step, factor: rules.variantWidthFactor))
        }
    }

    /// The smallest spacing of `values` (1 for a single value).
    public static func step(_ values: [Double]) -> Double {
        let sorted = Array(Set(values)).sorted()
        return zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? 1
    }
}

/// Where a verdict's evidence comes from (spec.md#sweep-verdict-recorded): simulated recordings,
/// whose unknowns are the simulator's assumptions (its variants), or recorded sessions, whose
/// unknowns are how many and how alike the sessions are.
public enum VerdictSource: Equatable, Sendable {
    /// Simulated recordings.
    case simulated
    /// Recorded sessions: how many, and how many clusters (rooms) the bootstrap resampled.
    case recorded(sessions: Int, clusters: Int)

    /// "simulated" or "recorded".
    public var name: String {
        if case .recorded = self { return "recorded" }
        return "simulated"
    }
}

/// What no value of the swept constants can do on the data (spec.md#sweep-no-value-meets-cap):
/// the cap the rule sets, the shipped constants' own value of the capped metric with its
/// interval over resampled recordings, and the point that comes nearest the cap.
public struct CapHarm: Equatable, Sendable {
    /// The cap, e.g. `blended_twin_pair_rate ≤ 0.02`.
    public var cap: String
    /// The capped metric at the shipped constants, with its interval.
    public var shipped: BootstrapInterval
    /// The capped metric at the least-violating point.
    public var least: Double
    /// The least-violating point, as `key = value` pairs in axis order.
    public var leastPoint: String

    /// Creates the harm from its parts.
    public init(cap: String, shipped: BootstrapInterval, least: Double, leastPoint: String) {
        self.cap = cap
        self.shipped = shipped
        self.least = least
        self.leastPoint = leastPoint
    }
}

/// A measured assumption placed on a pivot scan (spec.md#sweep-pivot-measured): the measure's
/// interval from recorded sessions, carried onto the pivot's axis, and whether the whole of it lies
/// on one side of where keeping the shipped value starts or stops, with every pivot step on that
/// side agreeing.
public struct PivotPlacement: Equatable, Sendable {
    /// What the verdict at the measured assumption says of the shipped value.
    public enum Side: String, Sendable {
        /// Every pivot step on the measured side keeps the shipped value.
        case keeps
        /// Every pivot step on the measured side changes it.
        case changes
    }

    /// The assumption family.
    public var family: String
    /// What was measured, in words.
    public var measure: String
    /// The measure's value and interval over sessions (on the probe's own scale).
    public var measured: BootstrapInterval
    /// Sessions the measure rests on.
    public var sessions: Int
    /// The interval carried onto the pivot's axis (nil when it cannot be placed).
    public var onAxis: ClosedRange<Double>?
    /// The adjacent steps between which keeping the shipped value flips, nearest the measure.
    public var crossing: (below: Double, above: Double)?
    /// The side, when the whole interval lies on one side of every crossing and the steps there agree.
    public var side: Side?
    /// What the rule picks on the measured side when it changes the value ("0.830–0.890").
    public var pick: String
    /// The shipped value the pivot judges.
    public var shipped: Double

    /// Creates a placement from its parts.
    public init(family: String, measure: String, measured: BootstrapInterval, sessions: Int, onAxis: ClosedRange<Double>?,
                crossing: (below: Double, above: Double)?, side: Side?, pick: String, shipped: Double) {
        self.shipped = shipped
        self.family = family
        self.measure = measure
        self.measured = measured
        self.sessions = sessions
        self.onAxis = onAxis
        self.crossing = crossing
        self.side = side
        self.pick = pick
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.family == b.family && a.measure == b.measure && a.measured == b.measured && a.sessions == b.sessions && a.onAxis == b.onAxis
            && a.crossing?.below == b.crossing?.below && a.crossing?.above == b.crossing?.above && a.side == b.side && a.pick == b.pick
            && a.shipped == b.shipped
    }
}

/// Why a verdict is what it is: the typed conditions the rule checked (spec.md#sweep-verdict).
/// ``Verdict/reason`` and ``Verdict/brief`` word them, the one place every reader's words come
/// from (`sweep.h5`'s `verdict_reason`, the reports, the capture plan, the Python package).
public enum VerdictReason: Equatable, Sendable {
    /// No point meets the rule and the rule has no cap to blame.
    case noPointMeetsRule
    /// No point meets the rule's caps: the harm of the shipped constants and the nearest point.
    case noValueMeetsCap(CapHarm)
    /// The recommendation sits on an open edge after the widenings; the range to sweep next.
    case onOpenEdge(recommended: Double, low: Double, high: Double, widenings: Int, next: ClosedRange<Double>?)
    /// A variant moves the recommendation (shift and its interval) or leaves no point meeting the rule.
    case overturnedBy(variant: String, shift: (value: Double, lower: Double, upper: Double)?)
    /// The measured assumption of a family: where it lies and what that says.
    case measuredAssumption(PivotPlacement)
    /// The interval holds the shipped value.
    case intervalHoldsShipped(Double)
    /// The interval spans half the swept range or more.
    case intervalWide
    /// The interval excludes the shipped value (the head of the failing conditions and of *decided*).
    case intervalExcludes(Double)
    /// The interval reaches an open edge of the grid.
    case intervalAtOpenEdge
    /// No simulator-assumption variant was run (simulated evidence).
    case noVariantsRun
    /// Variants whose shift intervals are too wide to rule out the shipped value.
    case variantsTooWeak([String])
    /// Stability below the floor.
    case unstable(floor: Double)
    /// The gain is below the practical threshold.
    case gainBelowPractical(gain: Double?, practical: Double)
    /// The objective declares no practical threshold.
    case noPracticalThreshold
    /// Recorded evidence: fewer sessions than the minimum.
    case tooFewSessions(have: Int, need: Int)
    /// Recorded evidence: fewer events than the minimum.
    case tooFewEvents(have: Int, need: Int)
    /// Every condition of *decided* holds: the gain over the shipped value (∞: it breaks the rule).
    case decided(gain: Double?, practical: Double?, source: VerdictSource, events: Int)

    public static func == (a: Self, b: Self) -> Bool { VerdictWording.text(a) == VerdictWording.text(b) }
}

/// What to do about a verdict (spec.md#report-layout's next-step column).
public enum VerdictNextStep: Equatable, Sendable {
    /// Ship the recommended value.
    case ship(Double)
    /// Change the value to what the rule picks at the measured assumption ("0.830–0.890").
    case shipAtMeasured(String)
    /// Keep the shipped value.
    case keepShipped
    /// Widen the grid (simulation can settle it).
    case sweepWider(ClosedRange<Double>?)
    /// Capture real sessions (the capture plan's item for this constant).
    case capture
    /// No value of the swept constants meets the rule: change the rule or the system.
    case changeRule
}

/// The one verdict a sweep gives a swept constant (spec.md#sweep-verdict), reached in a fixed
/// order: no admissible point (*no value meets the cap*, or *not identifiable*); at the edge of
/// the grid; depends on an assumption, unless measured assumptions settle it (*decided at the
/// measured assumption*); the interval holding the shipped value (consistent, or not
/// identifiable); and only when every condition holds, *decided*. On recorded sessions the
/// variant conditions do not apply; minimum sessions and events do
/// (spec.md#sweep-verdict-recorded).
public struct Verdict: Sendable, Equatable {
    /// What the evidence says.
    public enum Kind: String, Sendable {
        /// The interval excludes the shipped value, the recommendation is inside the grid, every
        /// assumption variant agrees with a usable interval (simulated) or the sessions and
        /// events reach their minimums (recorded), the gain is practical and stable.
        case decided
        /// Every family a variant overturns has a measured assumption wholly on one side of the
        /// pivot's crossing, where the pivot's steps agree.
        case decidedAtMeasured = "decided at the measured assumption"
        /// Some assumption variant's interval excludes the recommendation (or no point meets
        /// the rule there): the answer is the simulator's assumption, not the data's.
        case dependsOn = "depends on"
        /// The recommendation sits on an open end of the grid after the allowed widenings.
        case atEdge = "at the edge of the grid"
        /// The interval holds the shipped value and is narrower than half the swept range, or
        /// the gain over the shipped value is below the practical threshold.
        case consistentWithShipped = "consistent with shipped"
        /// No point of the grid meets the rule's caps on this data: the shipped value's harm and
        /// the least harmful point are reported; the rule (or the system) must change.
        case noValueMeetsCap = "no value meets the cap"
        /// The data cannot pin the constant down: the interval spans half the swept range or
        /// more, or a condition of *decided* cannot be checked.
        case notIdentifiable = "not identifiable with this corpus"
    }

    /// The verdict.
    public var kind: Kind
    /// For *depends on*: the assumption families, in variant order.
    public var families: [String]
    /// The stability was below the floor.
    public var unstable: Bool
    /// Why: the conditions that decided the verdict, or those that failed, in order.
    public var reasons: [VerdictReason]
    /// The events the decision rests on now (the rule metric's evidence at the recommended point,
    /// or at the shipped constants when no point meets the rule).
    public var events: Int
    /// Power estimate: the events needed for the interval's half-width to shrink below the
    /// distance to resolve (|recommended − shipped|, at least one grid step), assuming it
    /// shrinks as 1/√events; nil when there is no interval.
    public var eventsNeeded: Int?
    /// For *at the edge*: the range to sweep next.
    public var nextRange: ClosedRange<Double>?
    /// What to do next.
    public var nextStep: VerdictNextStep
    /// The evidence's source.
    public var source: VerdictSource

    /// The verdict as the report prints it, e.g. "depends on twin appearance" or
    /// "consistent with shipped, unstable".
    public var text: String {
        let head = kind == .dependsOn ? "depends on " + families.joined(separator: " and ") : kind.rawValue
        return unstable ? head + ", unstable" : head
    }

    /// Why, in words (``VerdictWording``).
    public var reason: String { VerdictWording.reason(self) }
    /// The reason in a few words, for a headline table ("gain 0.005 < practical 0.050").
    public var brief: String { VerdictWording.brief(self) }

    /// The verdict on `e` under `rules`.
    public init(_ e: VerdictEvidence, rules: VerdictRules) {
        events = e.events
        families = []
        nextRange = nil
        source = e.source
        nextStep = .capture
        let stable = (e.stability ?? 0) >= rules.stabilityFloor
        unstable = !stable
        guard let recommended = e.recommended, let interval = e.interval else {
            eventsNeeded = nil
            unstable = false
            if let harm = e.capHarm {
                kind = .noValueMeetsCap
                reasons = [.noValueMeetsCap(harm)]
                nextStep = .changeRule
            } else {
                kind = .notIdentifiable
                reasons = [.noPointMeetsRule]
            }
            return
        }
        let sorted = e.axisValues.sorted()
        let (low, high) = (sorted.first ?? recommended, sorted.last ?? recommended)
        let span = high - low
        let halfWidth = (interval.upper - interval.lower) / 2
        let resolve = max(abs(recommended - e.shipped), VerdictEvidence.step(e.axisValues))
        let scale = halfWidth / resolve
        eventsNeeded = Int((Double(max(e.events, 1)) * max(1, scale * scale)).rounded(.up))

        let onOpenEdge = (recommended == low && e.openEnds.low && span > 0) || (recommended == high && e.openEnds.high && span > 0)
        if onOpenEdge {
            kind = .atEdge
            nextRange = e.nextRange
            nextStep = .sweepWider(e.nextRange)
            reasons = [.onOpenEdge(recommended: recommended, low: low, high: high, widenings: e.widenings, next: e.nextRange)]
            return
        }
        let overturning = e.variants.filter(\.agreement.overturns)
        if !overturning.isEmpty {
            let overturned: [String] = overturning.map(\.evidence.family).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            families = overturned
            let placed = overturned.map { family in e.placements.first { $0.family == family && $0.side != nil } }
            if placed.allSatisfy({ $0 != nil }) {
                let settled = placed.map { $0! }
                kind = .decidedAtMeasured
                families = []
                unstable = false
                reasons = settled.map { .measuredAssumption($0) }
                nextStep = settled.allSatisfy { $0.side == .keeps } ? .keepShipped
                    : .shipAtMeasured(settled.first { $0.side == .changes }?.pick ?? Self.number(recommended))
                return
            }
            kind = .dependsOn
            reasons = overturning.map { v in
                .overturnedBy(variant: v.evidence.name, shift: v.agreement == .differs
                              ? (v.evidence.shift[e.axis], v.evidence.shiftLower[e.axis], v.evidence.shiftUpper[e.axis]) : nil)
            } + e.placements.filter { overturned.contains($0.family) }.map { .measuredAssumption($0) }
            return
        }
        if interval.lower <= e.shipped && e.shipped <= interval.upper {
            let wide = span > 0 && interval.upper - interval.lower >= span / 2
            kind = wide ? .notIdentifiable : .consistentWithShipped
            reasons = [wide ? .intervalWide : .intervalHoldsShipped(e.shipped)]
            nextStep = wide ? .capture : .keepShipped
            return
        }
        var failing: [VerdictReason] = []
        if (interval.lower <= low && e.openEnds.low && span > 0) || (interval.upper >= high && e.openEnds.high && span > 0) {
            failing.append(.intervalAtOpenEdge)
        }
        switch e.source {
        case .simulated:
            if e.variants.isEmpty { failing.append(.noVariantsRun) }
            let weak = e.variants.filter { $0.agreement == .tooWeak }.map(\.evidence.name)
            if !weak.isEmpty { failing.append(.variantsTooWeak(weak)) }
        case .recorded(let sessions, _):
            if sessions < rules.minimumSessions { failing.append(.tooFewSessions(have: sessions, need: rules.minimumSessions)) }
            if e.events < rules.minimumEvents { failing.append(.tooFewEvents(have: e.events, need: rules.minimumEvents)) }
        }
        if !stable { failing.append(.unstable(floor: rules.stabilityFloor)) }
        let gainShort: Bool
        if let practical = e.practical {
            gainShort = !((e.gain ?? .nan) >= practical)
            if gainShort { failing.append(.gainBelowPractical(gain: e.gain, practical: practical)) }
        } else {
            gainShort = false
            failing.append(.noPracticalThreshold)
        }
        if failing.isEmpty {
            kind = .decided
            unstable = false
            reasons = [.intervalExcludes(e.shipped), .decided(gain: e.gain, practical: e.practical, source: e.source, events: e.events)]
            nextStep = .ship(recommended)
            return
        }
        kind = gainShort ? .consistentWithShipped : .notIdentifiable
        nextStep = gainShort ? .keepShipped : .capture
        reasons = [.intervalExcludes(e.shipped)] + failing
    }

    /// A value as the verdict texts print it (three decimals).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "n/a" : (v > 0 ? "∞" : "−∞") }
        var text = String(Int64((abs(v) * 1000).rounded()))
        while text.count < 4 { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -3))
        return (v < 0 && (abs(v) * 1000).rounded() > 0 ? "-" : "") + text
    }

    /// "a" or "a–b".
    static func range(_ a: Double, _ b: Double) -> String { a == b ? number(a) : "\(number(a))–\(number(b))" }
}
