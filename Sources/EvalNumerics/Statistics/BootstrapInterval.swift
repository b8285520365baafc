import Foundation

/// A two-sided bootstrap confidence interval, computed from given replicates (and, for
/// BCa, jackknife values) so it can be checked against scipy on the same numbers.
public struct BootstrapInterval: Equatable, Sendable {
    /// The statistic on the full data, θ̂.
    public var estimate: Double
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double
    /// Standard deviation of the replicates with ddof 1 (scipy's `standard_error`).
    public var standardError: Double
    /// The quantile levels of the replicates that gave the bounds (α/2 and 1 − α/2 for the
    /// percentile method, BCa's adjusted α1 and α2 otherwise).
    public var levels: (lower: Double, upper: Double)
    /// BCa's bias correction ẑ0 (0 for the percentile method).
    public var biasCorrection: Double
    /// BCa's acceleration â (0 for the percentile method).
    public var acceleration: Double

    public static func == (lhs: BootstrapInterval, rhs: BootstrapInterval) -> Bool {
        lhs.estimate == rhs.estimate && lhs.lower == rhs.lower && lhs.upper == rhs.upper
            && lhs.standardError == rhs.standardError && lhs.levels == rhs.levels
            && lhs.biasCorrection == rhs.biasCorrection && lhs.acceleration == rhs.acceleration
    }

    /// The percentile interval: quantiles α/2 and 1 − α/2 (numpy's linear rule) of
    /// `replicates`, α = 1 − `confidenceLevel`.
    public static func percentile(estimate: Double, replicates: [Double], confidenceLevel: Double = 0.95) -> BootstrapInterval {
        let alpha = (1 - confidenceLevel) / 2
        return make(estimate: estimate, replicates: replicates, levels: (alpha, 1 - alpha), z0: 0, a: 0)
    }

    /// The BCa interval as `scipy.stats.bootstrap(method='BCa')` computes it:
    /// ẑ0 = Φ⁻¹((#{θ* < θ̂} + #{θ* ≤ θ̂}) / 2B); U_i = (n − 1)(θ̄_(·) − θ_(i));
    /// â = Σ U_i³ / (6 (Σ U_i²)^{3/2}); α1,2 = Φ(ẑ0 + (ẑ0 ± z_α)/(1 − â(ẑ0 ± z_α))), z_α = Φ⁻¹(α/2);
    /// bounds are the α1 and α2 quantiles of the replicates.
    ///
    /// Degenerate inputs give NaN bounds, as scipy does: all jackknife values equal (â is
    /// 0/0), or θ̂ outside the replicates' range (ẑ0 infinite).
    public static func bca(
        estimate: Double, replicates: [Double], jackknife: [Double], confidenceLevel: Double = 0.95
    ) -> BootstrapInterval {
        precondition(!replicates.isEmpty && jackknife.count >= 2, "BCa needs replicates and two or more jackknife values")
        let below = replicates.count { $0 < estimate }, atOrBelow = replicates.count { $0 <= estimate }
        let z0 = NormalDistribution.quantile(Double(below + atOrBelow) / Double(2 * replicates.count))

        let n = Double(jackknife.count)
        let jackMean = Descriptive.mean(jackknife)
        let u = jackknife.map { (n - 1) * (jackMean - $0) }
        let numerator = PairwiseSum.sum(u.map { $0 * $0 * $0 }) / (n * n * n)
        let denominator = PairwiseSum.sum(u.map { $0 * $0 }) / (n * n)
        let a = 1.0 / 6 * numerator / pow(denominator, 1.5)

        let zAlpha = NormalDistribution.quantile((1 - confidenceLevel) / 2)
        let lowerSum = z0 + zAlpha, upperSum = z0 - zAlpha
        let alpha1 = NormalDistribution.cdf(z0 + lowerSum / (1 - a * lowerSum))
        let alpha2 = NormalDistribution.cdf(z0 + upperSum / (1 - a * upperSum))
        return make(estimate: estimate, replicates: replicates, levels: (alpha1, alpha2), z0: z0, a: a)
    }

    private static func make(
        estimate: Double, replicates: [Double], levels: (Double, Double), z0: Double, a: Double
    ) -> BootstrapInterval {
        let sorted = replicates.sorted()
        func bound(_ level: Double) -> Double { level.isNaN ? .nan : Quantile.linear(sorted: sorted, level) }
        let standardError = replicates.count > 1 ? Descriptive.standardDeviation(replicates, ddof: 1) : .nan
        return BootstrapInterval(
            estimate: estimate, lower: bound(levels.0), upper: bound(levels.1), standardError: standardError,
            levels: levels, biasCorrection: z0, acceleration: a)
    }
}
