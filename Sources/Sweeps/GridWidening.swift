import Replay

/// The edges of a swept grid and their widening (spec.md#sweep-grid-edge): an end of an axis
/// is *open* when the next step beyond it is a value the key admits, so an optimum found there
/// may lie outside what was searched; a *closed* end is the key's own limit (detect every
/// frame, a cosine of 1), where the optimum may rightly sit.
public enum GridWidening {
    /// One end of an axis.
    public enum End: Sendable, Equatable { case low, high }

    /// The spacing used to step beyond `end` of `values` (ascending): the gap between the two
    /// outermost values, at least 1 for an integer key; nil for a single value.
    static func step(_ values: [Double], end: End, integer: Bool) -> Double? {
        guard values.count >= 2 else { return nil }
        let gap = end == .low ? values[1] - values[0] : values[values.count - 1] - values[values.count - 2]
        guard gap > 0 else { return nil }
        return integer ? max(1, gap.rounded()) : gap
    }

    /// Up to `count` values beyond `end` of `values` at the outermost spacing, stopping before
    /// the first value `key` does not admit on top of `base` (or, for a grid of positive values,
    /// the first value at or below zero); empty when the end is closed.
    public static func valuesBeyond(_ values: [Double], end: End, key: SweepKey, base: ReplayConfiguration, count: Int) -> [Double] {
        guard let step = step(values, end: end, integer: key.isInteger), let edge = end == .low ? values.first : values.last else { return [] }
        var added: [Double] = []
        for k in 1...max(1, count) {
            let raw = edge + (end == .low ? -1 : 1) * Double(k) * step
            let value = key.isInteger ? raw.rounded() : (raw * 1e9).rounded() / 1e9  // the spacing's floating-point noise removed
            // A grid of positive values never widens to zero or below: zero switches the
            // mechanism off (no clamp step, no EMA update, no near merge) — another design, not
            // a smaller constant.
            guard admits(value, key: key, base: base), !(values.allSatisfy { $0 > 0 } && value <= 0) else { break }
            added.append(value)
        }
        return end == .low ? added.reversed() : added
    }

    /// Whether `end` of `values` is open (the next step is admissible).
    public static func isOpen(_ values: [Double], end: End, key: SweepKey, base: ReplayConfiguration) -> Bool {
        !valuesBeyond(values, end: end, key: key, base: base, count: 1).isEmpty
    }

    /// Whether `key` admits `value` on top of `base` (spec.md#limits-settings): the value
    /// raises no problem the base does not already have.
    static func admits(_ value: Double, key: SweepKey, base: ReplayConfiguration) -> Bool {
        guard value.isFinite, !key.isInteger || abs(value) <= Double(ReplayConfiguration.maximumCount) else { return false }
        let before = Set(base.problems().map(\.description))
        return key.applied(value, to: base).problems().allSatisfy { before.contains($0.description) }
    }

    /// The ends of each axis of a grid sweep that the recommendation reaches — the recommended
    /// value or an end of its interval on an open end — in axis order; empty for sampled spaces
    /// or without a recommendation.
    public static func reachedEdges(_ plan: SweepPlan, recommendation r: Recommendation) -> [(axis: Int, end: End)] {
        guard plan.space.sampling == .grid, let chosen = r.chosen else { return [] }
        var edges: [(Int, End)] = []
        for (a, axis) in plan.space.axes.enumerated() {
            guard let low = axis.values.first, let high = axis.values.last, low < high else { continue }
            let value = plan.points[chosen][a]
            let interval = r.intervals[a]
            for (end, bound) in [(End.low, low), (.high, high)] {
                let reached = value == bound || interval.map { end == .low ? $0.lower <= bound : $0.upper >= bound } == true
                if reached && isOpen(axis.values, end: end, key: plan.keys[a], base: plan.base) { edges.append((a, end)) }
            }
        }
        return edges
    }

    /// `space` with every reached edge widened by `count` values, or nil when no edge is reached
    /// or none can be widened.
    public static func widened(_ plan: SweepPlan, recommendation r: Recommendation, count: Int) -> ParameterSpace? {
        var space = plan.space
        var changed = false
        for (a, end) in reachedEdges(plan, recommendation: r) {
            let added = valuesBeyond(space.axes[a].values, end: end, key: plan.keys[a], base: plan.base, count: count)
            guard !added.isEmpty else { continue }
            space.axes[a].values = end == .low ? added + space.axes[a].values : space.axes[a].values + added
            changed = true
        }
        return changed ? space : nil
    }
}
