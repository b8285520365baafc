import EvalNumerics

/// A sweep's recommendation as a function of one simulator assumption (spec.md#sweep-pivot):
/// the sweep rerun on corpora that step the assumption along its axis, each step with its own
/// interval, and where along the axis the shipped value stops being what the rule picks.
public struct PivotScan: Sendable, Equatable {
    /// The assumption family scanned (`twin appearance`, `drift`, …).
    public var family: String
    /// What the axis measures, in words ("twins' detection cross-cosine, median").
    public var measure: String
    /// What was known before any measurement, in words ("none"), cited by the corpus spec: a
    /// prior, never a measurement.
    public var prior: String
    /// One entry per step, in ascending order of ``VariantEvidence/pivotValue``.
    public var steps: [VariantEvidence]
    /// The assumption measured from recorded sessions (`spatial-eval measure`), when the
    /// sweep protocol names a measures file holding it.
    public var measurement: MeasuredAssumption?

    /// Creates a scan; the steps are sorted by their value on the axis.
    public init(family: String, measure: String, prior: String, steps: [VariantEvidence], measurement: MeasuredAssumption? = nil) {
        self.family = family
        self.measure = measure
        self.prior = prior
        self.steps = steps.sorted { ($0.pivotValue ?? 0) < ($1.pivotValue ?? 0) }
        self.measurement = measurement
    }

    /// The assumption's values, in step order.
    public var values: [Double] { steps.map { $0.pivotValue ?? .nan } }

    /// Step `k`'s projection of the main recommendation `recommended` of key `a`: moved by the
    /// step's paired shift, with the shift's interval (NaN when the step has no admissible point).
    public func projected(_ k: Int, recommended: Double, axis a: Int) -> (value: Double, lower: Double, upper: Double) {
        let s = steps[k]
        return (recommended + s.shift[a], recommended + s.shiftLower[a], recommended + s.shiftUpper[a])
    }

    /// Per step: whether the projected interval holds `shipped` (the rule could keep it there).
    public func keeps(_ shipped: Double, recommended: Double, axis a: Int) -> [Bool] {
        steps.indices.map { k in
            let p = projected(k, recommended: recommended, axis: a)
            let tolerance = 1e-9 * max(1, abs(shipped))
            return p.lower.isFinite && p.lower <= shipped + tolerance && shipped <= p.upper + tolerance
        }
    }

    /// The assumption values between which keeping `shipped` starts or stops, as (below,
    /// above) pairs of adjacent steps, in axis order.
    public func crossings(_ shipped: Double, recommended: Double, axis a: Int) -> [(below: Double, above: Double)] {
        let keep = keeps(shipped, recommended: recommended, axis: a), x = values
        return keep.indices.dropFirst().filter { keep[$0] != keep[$0 - 1] }.map { (x[$0 - 1], x[$0]) }
    }

    /// The pivot in one phrase, e.g. "keep 0.920 if twins' detection cross-cosine, median
    /// ≥ 0.930 (crosses between 0.860 and 0.930; below it the rule picks 0.800–0.840); measured: none".
    public func phrase(_ shipped: Double, recommended: Double, axis a: Int) -> String {
        let keep = keeps(shipped, recommended: recommended, axis: a), x = values
        let f = Verdict.number
        let s = f(shipped)
        let picked = { (indices: [Int]) -> String in
            let values = indices.map { projected($0, recommended: recommended, axis: a).value }.filter(\.isFinite)
            guard let low = values.min(), let high = values.max() else { return "none meets the rule" }
            return Verdict.range(low, high)
        }
        let kept = steps.indices.filter { keep[$0] }, changed = steps.indices.filter { !keep[$0] }
        let text: String
        if changed.isEmpty {
            text = "keep \(s) over the whole scan of \(measure) (\(f(x.first ?? .nan))–\(f(x.last ?? .nan)))"
        } else if kept.isEmpty {
            text = "change \(s) at every \(measure) scanned (\(f(x.first ?? .nan))–\(f(x.last ?? .nan))): the rule picks \(picked(changed))"
        } else if let k = keep.firstIndex(of: true), keep[k...].allSatisfy({ $0 }) {
            text = "keep \(s) if \(measure) ≥ \(f(x[k])) (crosses between \(f(x[k - 1])) and \(f(x[k])); below it the rule picks \(picked(changed)))"
        } else if let k = keep.firstIndex(of: false), keep[k...].allSatisfy({ !$0 }) {
            text = "keep \(s) if \(measure) ≤ \(f(x[k - 1])) (crosses between \(f(x[k - 1])) and \(f(x[k])); above it the rule picks \(picked(changed)))"
        } else {
            text = "keep \(s) at \(measure) = " + kept.map { f(x[$0]) }.joined(separator: ", ")
                + "; change it at " + changed.map { f(x[$0]) }.joined(separator: ", ") + " (not monotone)"
        }
        return text + "; " + measuredText
    }

    /// The measurement in words, or the prior labelled as such.
    public var measuredText: String {
        guard let m = measurement else { return "prior, not a measurement: \(prior)" }
        let f = Verdict.number
        return "measured \(f(m.value)) [\(f(m.lower)), \(f(m.upper))] from \(m.sessions) recorded session\(m.sessions == 1 ? "" : "s") (\(m.events) \(m.unit))"
    }

    /// The measurement placed on the scan's axis for key `a` (spec.md#sweep-pivot-measured): the
    /// measured interval carried onto the axis by linear interpolation between the steps' probe
    /// values (a step's own axis value when the axis is the probe), and whether it lies wholly
    /// within a run of steps that agree on keeping `shipped`; nil without a measurement.
    public func placement(_ shipped: Double, recommended: Double, axis a: Int) -> PivotPlacement? {
        guard let m = measurement else { return nil }
        let interval = m.interval
        let axis = values
        let probes = steps.map { $0.probeValue ?? $0.pivotValue ?? .nan }
        func onAxis(_ v: Double) -> Double? {
            for k in probes.indices.dropFirst() {
                let (p0, p1) = (probes[k - 1], probes[k])
                guard p0.isFinite, p1.isFinite, min(p0, p1) <= v, v <= max(p0, p1) else { continue }
                return p0 == p1 ? axis[k - 1] : axis[k - 1] + (axis[k] - axis[k - 1]) * (v - p0) / (p1 - p0)
            }
            return nil
        }
        let keep = keeps(shipped, recommended: recommended, axis: a)
        let crossing = crossings(shipped, recommended: recommended, axis: a)
        let picked = { (indices: [Int]) -> String in
            let values = indices.map { projected($0, recommended: recommended, axis: a).value }.filter(\.isFinite)
            guard let low = values.min(), let high = values.max() else { return "none meets the rule" }
            return Verdict.range(low, high)
        }
        guard interval.lower.isFinite, interval.upper.isFinite, let l = onAxis(interval.lower), let u = onAxis(interval.upper) else {
            return PivotPlacement(family: family, measure: measure, measured: interval, sessions: m.sessions, onAxis: nil,
                                  crossing: crossing.first, side: nil, pick: "", shipped: shipped)
        }
        let range = min(l, u)...max(l, u)
        // The run of agreeing steps that holds the whole interval, if any.
        var side: PivotPlacement.Side?, pick = ""
        var start = 0
        while start < keep.count {
            var end = start
            while end + 1 < keep.count && keep[end + 1] == keep[start] { end += 1 }
            if axis[start] <= range.lowerBound && range.upperBound <= axis[end] {
                side = keep[start] ? .keeps : .changes
                pick = keep[start] ? "" : picked(Array(start...end))
            }
            start = end + 1
        }
        let nearest = crossing.min { abs(($0.below + $0.above) / 2 - (l + u) / 2) < abs(($1.below + $1.above) / 2 - (l + u) / 2) }
        return PivotPlacement(family: family, measure: measure, measured: interval, sessions: m.sessions, onAxis: range,
                              crossing: nearest, side: side, pick: pick, shipped: shipped)
    }
}

/// An assumption measured from recorded sessions (`spatial-eval measure`), as a pivot scan
/// carries it: the probe, its value and interval over sessions, and what they rest on.
public struct MeasuredAssumption: Sendable, Equatable {
    /// The probe's name.
    public var probe: String
    /// The value on all sessions and its interval.
    public var value: Double, lower: Double, upper: Double
    /// Sessions with events, and the events.
    public var sessions: Int, events: Int
    /// What the events are.
    public var unit: String

    /// Creates a measurement from its parts.
    public init(probe: String, value: Double, lower: Double, upper: Double, sessions: Int, events: Int, unit: String) {
        self.probe = probe
        self.value = value
        self.lower = lower
        self.upper = upper
        self.sessions = sessions
        self.events = events
        self.unit = unit
    }

    /// The interval as a bootstrap interval value.
    public var interval: BootstrapInterval {
        var b = BootstrapInterval.percentile(estimate: value, replicates: [value])
        (b.lower, b.upper) = (lower, upper)
        return b
    }
}
