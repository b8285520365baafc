/// A sweep's recommendation as a function of one simulator assumption (spec.md#sweep-pivot):
/// the sweep rerun on corpora that step the assumption along its axis, each step with its own
/// interval, and where along the axis the shipped value stops being what the rule picks.
public struct PivotScan: Sendable, Equatable {
    /// The assumption family scanned (`twin appearance`, `drift`, …).
    public var family: String
    /// What the axis measures, in words ("twins' detection cross-cosine, median").
    public var measure: String
    /// What real data says of it so far, in words ("none"), from the corpus spec.
    public var measured: String
    /// One entry per step, in ascending order of ``VariantEvidence/pivotValue``.
    public var steps: [VariantEvidence]

    /// Creates a scan; the steps are sorted by their value on the axis.
    public init(family: String, measure: String, measured: String, steps: [VariantEvidence]) {
        self.family = family
        self.measure = measure
        self.measured = measured
        self.steps = steps.sorted { ($0.pivotValue ?? 0) < ($1.pivotValue ?? 0) }
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
        return text + "; measured: \(measured)"
    }
}
