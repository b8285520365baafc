import Foundation

/// A confidence interval for a binomial proportion k/n.
public struct ProportionInterval: Equatable, Sendable {
    /// Successes.
    public var successes: Int
    /// Trials.
    public var trials: Int
    /// The point estimate k/n (NaN when n = 0).
    public var estimate: Double
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double

    /// How the interval is computed (the names of scipy's `BinomTestResult.proportion_ci`).
    public enum Method: String, CaseIterable, Sendable, Codable {
        /// Wilson's score interval (`'wilson'`).
        case wilson
        /// Wilson's score interval with continuity correction (`'wilsoncc'`).
        case wilsonWithCorrection = "wilsoncc"
        /// Clopper–Pearson, from the beta quantiles (`'exact'`).
        case clopperPearson = "exact"
    }

    /// The two-sided interval at `confidenceLevel` for `successes` out of `trials`, as
    /// `scipy.stats.binomtest(k, n).proportion_ci(confidence_level, method)` gives it.
    /// Clopper–Pearson bounds are the exact beta quantiles; scipy finds them with `brentq`
    /// (absolute tolerance 2e-12), so the two agree to that tolerance.
    /// With no trials the estimate and bounds are NaN.
    public init(successes k: Int, trials n: Int, confidenceLevel: Double = 0.95, method: Method = .wilson) {
        precondition(k >= 0 && k <= n, "successes must lie in 0...trials")
        successes = k
        trials = n
        guard n > 0 else {
            (estimate, lower, upper) = (.nan, .nan, .nan)
            return
        }
        estimate = Double(k) / Double(n)
        let alpha = (1 - confidenceLevel) / 2
        switch method {
        case .clopperPearson:
            lower = k == 0 ? 0 : SpecialFunctions.betaQuantile(alpha, a: Double(k), b: Double(n - k + 1))
            upper = k == n ? 1 : SpecialFunctions.betaQuantile(1 - alpha, a: Double(k + 1), b: Double(n - k))
        case .wilson, .wilsonWithCorrection:
            (lower, upper) = Self.wilson(k: k, n: n, z: NormalDistribution.quantile(0.5 + 0.5 * confidenceLevel),
                                         corrected: method == .wilsonWithCorrection)
        }
    }

    /// Wilson's score bounds, optionally with the continuity correction (Newcombe 1998),
    /// arranged as scipy arranges them; the bound at k = 0 is 0 and at k = n is 1.
    static func wilson(k: Int, n: Int, z: Double, corrected: Bool) -> (Double, Double) {
        let (nn, p) = (Double(n), Double(k) / Double(n))
        let q = 1 - p, z2 = z * z, denominator = 2 * (nn + z2)
        let centre = (2 * nn * p + z2) / denominator
        let lowHalf: Double, highHalf: Double
        if corrected {
            lowHalf = (1 + z * (z2 - 2 - 1 / nn + 4 * p * (nn * q + 1)).squareRoot()) / denominator
            highHalf = (1 + z * (z2 + 2 - 1 / nn + 4 * p * (nn * q - 1)).squareRoot()) / denominator
        } else {
            lowHalf = z / denominator * (4 * nn * p * q + z2).squareRoot()
            highHalf = lowHalf
        }
        return (k == 0 ? 0 : centre - lowHalf, k == n ? 1 : centre + highHalf)
    }
}
