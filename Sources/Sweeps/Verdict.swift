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

    /// The default thresholds: 80 %, a factor of 3, two rounds of three values.
    public init(stabilityFloor: Double = 0.8, variantWidthFactor: Double = 3, widenings: Int = 2, widenSteps: Int = 3) {
        self.stabilityFloor = stabilityFloor
        self.variantWidthFactor = variantWidthFactor
        self.widenings = widenings
        self.widenSteps = widenSteps
    }

    /// The first problem with the thresholds, or nil.
    public var problem: String? {
        if !(stabilityFloor >= 0 && stabilityFloor <= 1) { return "stabilityFloor must lie in [0, 1]" }
        if !(variantWidthFactor >= 1 && variantWidthFactor <= 1000) { return "variantWidthFactor must lie in [1, 1000]" }
        if !(0...10).contains(widenings) { return "widenings must lie in 0...10" }
        if !(1...100).contains(widenSteps) { return "widenSteps must lie in 1...100" }
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
    /// The events behind the rule's metric at the recommended point.
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

/// The one verdict a sweep gives a swept constant (spec.md#sweep-verdict), reached in a fixed
/// order: no admissible point; at the edge of the grid; depends on an assumption; the interval
/// holding the shipped value (consistent, or not identifiable); and only when every condition
/// holds, *decided*.
public struct Verdict: Sendable, Equatable {
    /// What the evidence says.
    public enum Kind: String, Sendable {
        /// The interval excludes the shipped value, the recommendation is inside the grid, every
        /// assumption variant agrees with a usable interval, the gain is practical and stable.
        case decided
        /// Some assumption variant's interval excludes the recommendation (or no point meets
        /// the rule there): the answer is the simulator's assumption, not the data's.
        case dependsOn = "depends on"
        /// The recommendation sits on an open end of the grid after the allowed widenings.
        case atEdge = "at the edge of the grid"
        /// The interval holds the shipped value and is narrower than half the swept range, or
        /// the gain over the shipped value is below the practical threshold.
        case consistentWithShipped = "consistent with shipped"
        /// The data cannot pin the constant down: no point meets the rule, the interval spans
        /// half the swept range or more, or a condition of *decided* cannot be checked.
        case notIdentifiable = "not identifiable with this corpus"
    }

    /// The verdict.
    public var kind: Kind
    /// For *depends on*: the assumption families, in variant order.
    public var families: [String]
    /// The stability was below the floor.
    public var unstable: Bool
    /// Why, in words (the condition that decided the verdict, or those that failed).
    public var reason: String
    /// The reason in a few words, for a headline table ("gain 0.005 < practical 0.050").
    public var brief: String
    /// The events the decision rests on now (the rule metric's evidence at the recommended point).
    public var events: Int
    /// Power estimate: the events needed for the interval's half-width to shrink below the
    /// distance to resolve (|recommended − shipped|, at least one grid step), assuming it
    /// shrinks as 1/√events; nil when there is no interval.
    public var eventsNeeded: Int?
    /// For *at the edge*: the range to sweep next.
    public var nextRange: ClosedRange<Double>?

    /// The verdict as the report prints it, e.g. "depends on twin appearance" or
    /// "consistent with shipped, unstable".
    public var text: String {
        let head = kind == .dependsOn ? "depends on " + families.joined(separator: " and ") : kind.rawValue
        return unstable ? head + ", unstable" : head
    }

    /// The verdict on `e` under `rules`.
    public init(_ e: VerdictEvidence, rules: VerdictRules) {
        events = e.events
        families = []
        nextRange = nil
        let stable = (e.stability ?? 0) >= rules.stabilityFloor
        unstable = !stable
        guard let recommended = e.recommended, let interval = e.interval else {
            kind = .notIdentifiable
            eventsNeeded = nil
            reason = "no point meets the rule"
            brief = reason
            unstable = false
            return
        }
        let sorted = e.axisValues.sorted()
        let (low, high) = (sorted.first ?? recommended, sorted.last ?? recommended)
        let span = high - low
        let halfWidth = (interval.upper - interval.lower) / 2
        let resolve = max(abs(recommended - e.shipped), VerdictEvidence.step(e.axisValues))
        let scale = halfWidth / resolve
        eventsNeeded = Int((Double(max(e.events, 1)) * max(1, scale * scale)).rounded(.up))
        let f = { (v: Double) in Self.number(v) }

        let onOpenEdge = (recommended == low && e.openEnds.low && span > 0) || (recommended == high && e.openEnds.high && span > 0)
        if onOpenEdge {
            kind = .atEdge
            nextRange = e.nextRange
            reason = "the recommendation \(f(recommended)) is on the open edge of the grid \(f(low))–\(f(high)) after "
                + "\(e.widenings) widening\(e.widenings == 1 ? "" : "s")" + (e.nextRange.map { "; sweep \(f($0.lowerBound))–\(f($0.upperBound)) next" } ?? "")
            brief = e.nextRange.map { "sweep \(f($0.lowerBound))–\(f($0.upperBound)) next" } ?? "on the grid's open edge"
            return
        }
        let overturning = e.variants.filter(\.agreement.overturns)
        if !overturning.isEmpty {
            kind = .dependsOn
            families = overturning.map(\.evidence.family).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            reason = overturning.map { v in
                v.agreement == .differs
                    ? "\(v.evidence.name) moves it by \(f(v.evidence.shift[e.axis])) [\(f(v.evidence.shiftLower[e.axis])), \(f(v.evidence.shiftUpper[e.axis]))] on the same scenes"
                    : "no point meets the rule in \(v.evidence.name)"
            }.joined(separator: "; ")
            brief = overturning.map(\.evidence.name).joined(separator: ", ") + (overturning.count == 1 ? " overturns it" : " overturn it")
            return
        }
        if interval.lower <= e.shipped && e.shipped <= interval.upper {
            let wide = span > 0 && interval.upper - interval.lower >= span / 2
            kind = wide ? .notIdentifiable : .consistentWithShipped
            reason = wide ? "the interval spans half the swept range or more" : "the interval holds the shipped value \(f(e.shipped))"
            brief = wide ? "interval spans half the range" : "interval holds \(f(e.shipped))"
            return
        }
        var failing: [String] = [], short: [String] = []
        if (interval.lower <= low && e.openEnds.low && span > 0) || (interval.upper >= high && e.openEnds.high && span > 0) {
            failing.append("the interval reaches an open edge of the grid")
            short.append("interval at an open edge")
        }
        if e.variants.isEmpty {
            failing.append("no simulator-assumption variant was run")
            short.append("no variants run")
        }
        let weak = e.variants.filter { $0.agreement == .tooWeak }.map(\.evidence.name)
        if !weak.isEmpty {
            failing.append("variants too weak to rule out the shipped value (\(weak.joined(separator: ", ")))")
            short.append("\(weak.count) variant\(weak.count == 1 ? "" : "s") too weak")
        }
        if !stable {
            failing.append("stability below \(f(rules.stabilityFloor * 100)) %")
            short.append("unstable")
        }
        let gainShort: Bool
        if let practical = e.practical {
            gainShort = !((e.gain ?? .nan) >= practical)
            if gainShort {
                failing.append("the gain \(e.gain.map(f) ?? "n/a") is below the practical threshold \(f(practical))")
                short.append("gain \(e.gain.map(f) ?? "n/a") < practical \(f(practical))")
            }
        } else {
            gainShort = false
            failing.append("no practical threshold is declared")
            short.append("no practical threshold")
        }
        if failing.isEmpty {
            kind = .decided
            unstable = false
            reason = "the interval excludes \(f(e.shipped)), every variant agrees, the gain "
                + (e.gain.map { $0.isFinite ? f($0) : "is that the shipped value breaks the rule" } ?? "n/a")
                + (e.gain?.isFinite == true ? " reaches the practical threshold \(f(e.practical ?? 0))" : "")
            brief = e.gain.map { $0.isFinite ? "gain \(f($0)) ≥ practical \(f(e.practical ?? 0))" : "shipped breaks the rule" } ?? "decided"
            return
        }
        kind = gainShort ? .consistentWithShipped : .notIdentifiable
        reason = "the interval excludes \(f(e.shipped)), but " + failing.joined(separator: "; ")
        brief = short.joined(separator: "; ")
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
