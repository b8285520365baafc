import Foundation

/// Regularised incomplete gamma and beta functions, their use in the χ² and beta
/// distributions, and the beta quantile (scipy's `gammaincc`, `betainc`, `betaincinv`).
///
/// Series and continued fractions evaluated to double precision (modified Lentz); the
/// quantile is found by bisection down to adjacent doubles, so it is exact to the last
/// bits the CDF can resolve.
public enum SpecialFunctions {
    /// Relative accuracy the series and continued fractions stop at.
    static let epsilon = 1e-16
    /// Smallest magnitude kept in Lentz's method (avoids division by zero).
    static let tiny = 1e-300

    /// The regularised upper incomplete gamma Q(a, x) = Γ(a, x)/Γ(a), a > 0, x ≥ 0.
    public static func upperRegularizedGamma(_ a: Double, _ x: Double) -> Double {
        guard a > 0, x >= 0, a.isFinite, !x.isNaN else { return .nan }
        if x == 0 { return 1 }
        if x.isInfinite { return 0 }
        if x < a + 1 { return 1 - gammaSeries(a, x) }
        return gammaContinuedFraction(a, x)
    }

    /// The χ² survival function P(X > x) with `degreesOfFreedom` (scipy's `chi2.sf`).
    public static func chiSquaredSurvival(_ x: Double, degreesOfFreedom: Double) -> Double {
        if x <= 0 { return 1 }
        return upperRegularizedGamma(degreesOfFreedom / 2, x / 2)
    }

    /// The regularised incomplete beta I_x(a, b), a, b > 0, x ∈ [0, 1] (scipy's `betainc`).
    public static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard a > 0, b > 0, x >= 0, x <= 1 else { return .nan }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * betaContinuedFraction(x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * betaContinuedFraction(1 - x, a: b, b: a) / b
    }

    /// The p-quantile of the Beta(a, b) distribution: the x with I_x(a, b) = p (scipy's
    /// `betaincinv`); 0 at p = 0 and 1 at p = 1.
    public static func betaQuantile(_ p: Double, a: Double, b: Double) -> Double {
        guard a > 0, b > 0, p >= 0, p <= 1 else { return .nan }
        if p == 0 { return 0 }
        if p == 1 { return 1 }
        var (low, high) = (0.0, 1.0)
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if regularizedBeta(middle, a: a, b: b) < p { low = middle } else { high = middle }
        }
        // The two neighbours bracket p; take the one whose CDF is nearer.
        let lowError = abs(regularizedBeta(low, a: a, b: b) - p)
        let highError = abs(regularizedBeta(high, a: a, b: b) - p)
        return lowError < highError ? low : high
    }

    // MARK: - Series and continued fractions

    /// P(a, x) by its power series (converges fast for x < a + 1).
    static func gammaSeries(_ a: Double, _ x: Double) -> Double {
        var term = 1 / a
        var sum = term
        var denominator = a
        for _ in 0..<10_000 {
            denominator += 1
            term *= x / denominator
            sum += term
            if abs(term) < abs(sum) * epsilon { break }
        }
        return sum * exp(-x + a * log(x) - lgamma(a))
    }

    /// Q(a, x) by Legendre's continued fraction (for x ≥ a + 1), modified Lentz.
    static func gammaContinuedFraction(_ a: Double, _ x: Double) -> Double {
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return exp(-x + a * log(x) - lgamma(a)) * h
    }

    /// The continued fraction of I_x(a, b) (without its prefactor), modified Lentz.
    static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let (qab, qap, qam) = (a + b, a + 1, a - 1)
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return h
    }
}
