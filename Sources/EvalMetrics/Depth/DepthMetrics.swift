import Foundation
import EvalNumerics

/// The standard monocular-depth metrics of a prediction z against ground truth g over one
/// set of valid pixels (spec.md#depth-metrics), computed with numpy's pairwise sums.
///
/// Conventions, named because codebases disagree:
/// - every metric is a plain mean over the pixels given (no per-image averaging here:
///   callers average per image or pool, and say which);
/// - δk counts max(z/g, g/z) **strictly below** 1.25ᵏ, as a fraction in [0, 1] (not %);
/// - SqRel divides by g (not g²);
/// - log10 is mean |log10 z − log10 g|; RMSE log uses the natural log;
/// - SILog comes in two conventions: ``siLogDAv2`` = √(mean e² − 0.5·(mean e)²) (Depth
///   Anything V2, λ = 0.5, not ×100) and ``siLogKITTI`` = 100·√(mean e² − (mean e)²)
///   (ZoeDepth / Depth Anything V1 / Marigold / KITTI, λ = 1, ×100), e = ln z − ln g; a
///   radicand that rounding makes slightly negative is taken as 0 (numpy would give NaN).
public struct DepthMetrics: Equatable, Sendable, Codable {
    /// Number of pixels.
    public var count: Int
    /// mean |z − g| / g.
    public var absRel: Double
    /// mean (z − g)² / g.
    public var sqRel: Double
    /// √(mean (z − g)²), metres.
    public var rmse: Double
    /// √(mean (ln z − ln g)²).
    public var rmseLog: Double
    /// mean |log10 z − log10 g|.
    public var log10: Double
    /// Fraction with max(z/g, g/z) < 1.25.
    public var delta1: Double
    /// Fraction with max(z/g, g/z) < 1.25².
    public var delta2: Double
    /// Fraction with max(z/g, g/z) < 1.25³.
    public var delta3: Double
    /// √(mean e² − 0.5 (mean e)²), Depth Anything V2's convention.
    public var siLogDAv2: Double
    /// 100 √(mean e² − (mean e)²), the KITTI / ZoeDepth convention.
    public var siLogKITTI: Double

    /// The metrics of `prediction` against `truth` (same length, every value finite and > 0).
    public init(prediction z: [Double], truth g: [Double]) {
        precondition(z.count == g.count && !z.isEmpty, "depth metrics need equal, non-empty arrays")
        let n = Double(z.count)
        func mean(_ f: (Double, Double) -> Double) -> Double { PairwiseSum.sum(zip(z, g).map(f)) / n }
        count = z.count
        absRel = mean { abs($0 - $1) / $1 }
        sqRel = mean { ($0 - $1) * ($0 - $1) / $1 }
        rmse = mean { ($0 - $1) * ($0 - $1) }.squareRoot()
        let e = zip(z, g).map { Foundation.log($0) - Foundation.log($1) }
        let meanE = PairwiseSum.sum(e) / n, meanE2 = PairwiseSum.sum(e.map { $0 * $0 }) / n
        rmseLog = meanE2.squareRoot()
        log10 = mean { abs(Foundation.log10($0) - Foundation.log10($1)) }
        let ratios = zip(z, g).map { max($0 / $1, $1 / $0) }
        delta1 = Double(ratios.count { $0 < 1.25 }) / n
        delta2 = Double(ratios.count { $0 < 1.25 * 1.25 }) / n
        delta3 = Double(ratios.count { $0 < 1.25 * 1.25 * 1.25 }) / n
        siLogDAv2 = max(0, meanE2 - 0.5 * meanE * meanE).squareRoot()
        siLogKITTI = 100 * max(0, meanE2 - meanE * meanE).squareRoot()
    }

    /// The result names of the metrics, in table order.
    public static let names = ["abs_rel", "sq_rel", "rmse", "rmse_log", "log10", "delta1", "delta2", "delta3", "silog_dav2", "silog_kitti"]

    /// Metrics read back from stored values in ``names`` order.
    public init(count: Int, values: [Double]) {
        precondition(values.count == Self.names.count, "one value per metric")
        self.count = count
        (absRel, sqRel, rmse, rmseLog, log10) = (values[0], values[1], values[2], values[3], values[4])
        (delta1, delta2, delta3, siLogDAv2, siLogKITTI) = (values[5], values[6], values[7], values[8], values[9])
    }

    /// The metrics by their result names, in table order.
    public var named: [(name: String, value: Double)] {
        zip(Self.names, [absRel, sqRel, rmse, rmseLog, log10, delta1, delta2, delta3, siLogDAv2, siLogKITTI]).map { ($0, $1) }
    }
}
