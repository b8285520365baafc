/// A cap on a metric: a point is feasible only when the metric is at most `max`.
public struct MetricCap: Sendable, Equatable, Codable {
    /// The capped metric.
    public var metric: SweepMetric
    /// Its largest admissible value (NaN values are never admissible).
    public var max: Double

    /// Creates a cap.
    public init(metric: SweepMetric, max: Double) {
        self.metric = metric
        self.max = max
    }
}

/// How a sweep chooses its recommended point, stated so the report can print it:
/// "minimise `minimise` subject to every cap", ties broken by the `pareto` metrics in order,
/// then by closeness to the shipped constants (a constant changes only for a reason).
public struct Objective: Sendable, Equatable {
    /// The metric to make best (its cost: negated when larger is better).
    public var minimise: SweepMetric
    /// Constraints.
    public var caps: [MetricCap]
    /// The two metrics of the Pareto plot (the trade-off the family is about).
    public var pareto: [SweepMetric]

    /// Creates an objective.
    public init(minimise: SweepMetric, caps: [MetricCap] = [], pareto: [SweepMetric]) {
        self.minimise = minimise
        self.caps = caps
        self.pareto = pareto
    }

    /// Whether pooled components `c` meet every cap.
    public func isFeasible(_ c: [Double]) -> Bool {
        caps.allSatisfy { let v = $0.metric.value(c); return !v.isNaN && v <= $0.max }
    }

    /// The text of the rule, e.g. "fewest duplicates with false_merge_rate ≤ 0.01".
    public var text: String {
        let goal = "\(minimise.largerIsBetter ? "largest" : "smallest") \(minimise.rawValue)"
        return caps.isEmpty ? goal : goal + " with " + caps.map { "\($0.metric.rawValue) ≤ \($0.max)" }.joined(separator: " and ")
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
            return [minimise.cost(pooled[p])] + pareto.map { $0.cost(pooled[p]) } + [distance]
        }
        var best: (index: Int, key: [Double])?
        for p in pooled.indices where isFeasible(pooled[p]) {
            let k = key(p).map { $0.isNaN ? Double.infinity : $0 }
            if let b = best, !k.lexicographicallyPrecedes(b.key) { continue }
            best = (p, k)
        }
        return best?.index
    }
}
