import EvalNumerics
import Sweeps
import EvalResults

/// Read-only views of one sweep's outcome for the report: grid indexing, slices through a
/// point, and bootstrap bands of a pooled metric over resampled recordings.
public struct SweepView {
    /// The plan (points and keys).
    public let plan: SweepPlan
    /// The outcome.
    public let outcome: SweepOutcome
    /// Components pooled over all recordings, per point.
    public let pooled: [[Double]]

    public init(_ result: SweepResult) throws {
        plan = try result.plan()
        outcome = result.outcome
        pooled = outcome.pooled()
    }

    /// The grid shape, nil for sampled spaces.
    public var shape: [Int]? { plan.space.gridShape }

    /// The grid position of point `p` (C order).
    public func position(_ p: Int) -> [Int] {
        guard let shape else { return [] }
        var rest = p
        return shape.reversed().map { extent -> Int in
            defer { rest /= extent }
            return rest % extent
        }.reversed()
    }

    /// The point at grid position `position`.
    public func point(at position: [Int]) -> Int {
        zip(position, shape ?? []).reduce(0) { $0 * $1.1 + $1.0 }
    }

    /// Points along axis `a` through point `p` (the other axes held at `p`'s values).
    public func slice(through p: Int, axis a: Int) -> [Int] {
        guard let shape else { return [] }
        var at = position(p)
        return (0..<shape[a]).map { k in at[a] = k; return point(at: at) }
    }

    /// The point whose values are the shipped constants, when the grid has it.
    public var shippedPoint: Int? {
        plan.points.firstIndex { zip($0, plan.shipped).allSatisfy { abs($0 - $1) < 1e-9 } }
    }

    /// Percentile bands of `metric` at `points`, pooling bootstrap resamples of whole recordings.
    public func bands(_ points: [Int], metric: SweepMetric, settings: BootstrapSettings) -> [(Double, Double)] {
        let n = outcome.components.first?.count ?? 0
        guard n > 0 else { return points.map { _ in (.nan, .nan) } }
        var generator = SplitMix64(seed: settings.seed)
        var draws: [[Double]] = points.map { _ in [] }
        for _ in 0..<min(settings.replicates, 1000) {
            let subset = (0..<n).map { _ in Int.random(in: 0..<n, using: &generator) }
            for (k, p) in points.enumerated() {
                let v = metric.value(SweepMetric.pooled(subset.map { outcome.components[p][$0] }))
                if v.isFinite { draws[k].append(v) }
            }
        }
        let alpha = (1 - settings.confidence) / 2
        return draws.map { d in d.isEmpty ? (.nan, .nan) : (Quantile.linear(d, alpha), Quantile.linear(d, 1 - alpha)) }
    }
}
