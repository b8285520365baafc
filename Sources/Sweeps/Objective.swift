/// A bound on a metric: a point is feasible only when the metric is at most `max` and at
/// least `min` (either may be absent; NaN values are never admissible).
public struct MetricCap: Sendable, Equatable, Codable {
    /// The bounded metric.
    public var metric: SweepMetric
    /// Its largest admissible value.
    public var max: Double?
    /// Its smallest admissible value.
    public var min: Double?

    /// Creates a bound.
    public init(metric: SweepMetric, max: Double? = nil, min: Double? = nil) {
        self.metric = metric
        self.max = max
        self.min = min
    }

    /// Whether `value` is admissible.
    public func admits(_ value: Double) -> Bool {
        !value.isNaN && value <= (max ?? .infinity) && value >= (min ?? -.infinity)
    }

    /// The bound as text, e.g. "false_merge_rate ≤ 0.01".
    public var text: String {
        ([max.map { "\(metric.rawValue) ≤ \($0)" }, min.map { "\(metric.rawValue) ≥ \($0)" }].compactMap { $0 }).joined(separator: " and ")
    }
}

/// How a sweep chooses its recommended point, stated so the report can print it:
/// "minimise `minimise` subject to every cap", ties broken by the `then` metrics, then the
/// `pareto` metrics in order, then by closeness to the shipped constants (a constant changes
/// only for a reason).
public struct Objective: Sendable, Equatable {
    /// The metric to make best: smallest, or largest for IDF1 / HOTA / MOTA (protocol key
    /// `optimise`; internally its cost, negated when larger is better, is minimised).
    public var minimise: SweepMetric
    /// Constraints.
    public var caps: [MetricCap]
    /// The two metrics of the Pareto plot (the trade-off the family is about).
    public var pareto: [SweepMetric]
    /// Metrics that break ties on `minimise` first, in order (each made best).
    public var then: [SweepMetric]
    /// The smallest gain in `minimise` over the shipped value, in the metric's own units, that
    /// is worth changing a constant for (protocol key `practical`; spec.md#sweep-verdict);
    /// nil: none declared, and no verdict can be *decided*.
    public var practical: Double?
    /// Why the rule is what it is: the harms it weighs and the incident behind them, in words
    /// (protocol key `reason`; printed beside the rule in the report).
    public var reason: String

    /// Creates an objective.
    public init(minimise: SweepMetric, caps: [MetricCap] = [], pareto: [SweepMetric], then: [SweepMetric] = [],
                practical: Double? = nil, reason: String = "") {
        self.minimise = minimise
        self.caps = caps
        self.pareto = pareto
        self.then = then
        self.practical = practical
        self.reason = reason
    }

    /// How much better point `c` is than `reference` on `minimise`, in its own units (positive:
    /// `c` is better); +∞ when `reference` breaks the rule and `c` meets it, NaN when either
    /// value is undefined.
    public func gain(_ c: [Double], over reference: [Double]) -> Double {
        if isFeasible(c) && !isFeasible(reference) { return .infinity }
        return minimise.cost(reference) - minimise.cost(c)
    }

    /// Whether pooled components `c` meet every cap.
    public func isFeasible(_ c: [Double]) -> Bool {
        caps.allSatisfy { $0.admits($0.metric.value(c)) }
    }

    /// The costs the rule compares, in order (`minimise`, `then`, `pareto`); NaN ranks last.
    /// Points with equal ranks are indistinguishable by the rule.
    public func rank(_ c: [Double]) -> [Double] {
        ([minimise] + then + pareto).map { let cost = $0.cost(c); return cost.isNaN ? .infinity : cost }
    }

    /// Every feasible point whose rank equals the best one's (each compared metric within
    /// ``tieTolerance``, relative): the points the rule cannot tell apart (empty when none is
    /// feasible).
    public func tied(_ pooled: [[Double]]) -> [Int] {
        let feasible = pooled.indices.filter { isFeasible(pooled[$0]) }
        let ranks = feasible.map { rank(pooled[$0]) }
        guard let best = ranks.min(by: { $0.lexicographicallyPrecedes($1) }) else { return [] }
        return zip(feasible, ranks).filter { _, r in
            zip(r, best).allSatisfy { x, y in x == y || abs(x - y) <= Self.tieTolerance * max(abs(x), abs(y)) }
        }.map(\.0)
    }

    /// Relative difference below which two values of a compared metric tie (floating-point
    /// noise of pooled ratios, not a practical threshold; spec.md#sweep-verdict).
    public static let tieTolerance = 1e-9

    /// Every component the rule's metrics read (``SweepMetric/components``), in component order:
    /// the rule decides from these alone.
    public var components: [SweepComponent] {
        let read = Set(([minimise] + then + pareto + caps.map(\.metric)).flatMap(\.components))
        return SweepComponent.allCases.filter(read.contains)
    }

    /// The text of the rule, e.g. "fewest duplicates with false_merge_rate ≤ 0.01".
    public var text: String {
        let goal = "\(minimise.largerIsBetter ? "largest" : "smallest") \(minimise.rawValue)"
        let capped = caps.isEmpty ? goal : goal + " with " + caps.map(\.text).joined(separator: " and ")
        return capped + then.map { ", then \($0.largerIsBetter ? "largest" : "smallest") \($0.rawValue)" }.joined()
    }

    /// The index of the best point among `pooled` (components per point), nil when no point
    /// is feasible. `points` and `shipped` give the tie-break by distance to the shipped
    /// constants, each axis scaled by its range `spans`.
    public func choose(_ pooled: [[Double]], points: [[Double]], shipped: [Double], spans: [Double]) -> Int? {
        func key(_ p: Int) -> [Double] {
            let distance = zip(zip(points[p], shipped), spans).reduce(0.0) { sum, item in
                let d = (item.0.0 - item.0.1) / (item.1 > 0 ? item.1 : 1)
                return sum + d * d
            }
            return rank(pooled[p]) + [distance]
        }
        var best: (index: Int, key: [Double])?
        for p in pooled.indices where isFeasible(pooled[p]) {
            let k = key(p)
            if let b = best, !k.lexicographicallyPrecedes(b.key) { continue }
            best = (p, k)
        }
        return best?.index
    }
}
