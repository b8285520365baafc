import Foundation

/// The standard normal distribution's CDF Φ and quantile Φ⁻¹ (scipy's `ndtr`, `ndtri`).
public enum NormalDistribution {
    /// Φ(x) = ½·erfc(−x/√2).
    public static func cdf(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }

    /// Φ⁻¹(p): −∞ at 0, +∞ at 1, NaN outside [0, 1]. Acklam's rational approximation
    /// (relative error 1.15e-9) refined by one Halley step on Φ, which brings it to
    /// within a few ulps.
    public static func quantile(_ p: Double) -> Double {
        if p.isNaN || p < 0 || p > 1 { return .nan }
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        let x = initialQuantile(p)
        let e = cdf(x) - p
        let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
        return x - u / (1 + x * u / 2)
    }

    private static let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                            1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
    private static let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                            6.680131188771972e+01, -1.328068155288572e+01]
    private static let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                            -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
    private static let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                            3.754408661907416e+00]

    private static func initialQuantile(_ p: Double) -> Double {
        let low = 0.02425
        func tail(_ q: Double) -> Double {
            let r = (-2 * log(q)).squareRoot()
            return (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5])
                / ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1)
        }
        if p < low { return tail(p) }
        if p > 1 - low { return -tail(1 - p) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
