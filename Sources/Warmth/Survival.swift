import EvalNumerics
import Foundation

/// The Kaplan–Meier estimate with its log(−log) Greenwood band (spec.md#warmth-km).
public struct KaplanMeier: Sendable {
    /// One row per distinct event time.
    public struct Row: Sendable, Codable, Equatable {
        public var time: Double
        /// Subjects whose time is ≥ `time` (censorings at `time` included).
        public var atRisk: Int
        public var events: Int
        public var survival: Double
        public var lower: Double
        public var upper: Double
    }
    /// The rows, by time.
    public var rows: [Row]
    /// Subjects.
    public var subjects: Int
    /// The largest time (event or censoring): the last follow-up.
    public var lastFollowUp: Double
    /// The band's confidence level.
    public var level: Double

    /// Estimates from `(time, observed)` pairs; `observed` false means censored at `time`.
    public init(_ data: [(Double, Bool)], level: Double = 0.95) {
        self.level = level
        subjects = data.count
        lastFollowUp = data.map(\.0).max() ?? 0
        let z = NormalDistribution.quantile(0.5 + level / 2)
        let eventTimes = Array(Set(data.filter(\.1).map(\.0))).sorted()
        var s = 1.0, v = 0.0
        rows = eventTimes.map { time in
            let atRisk = data.filter { $0.0 >= time }.count
            let d = data.filter { $0.1 && $0.0 == time }.count
            s *= 1 - Double(d) / Double(atRisk)
            if atRisk > d { v += Double(d) / (Double(atRisk) * Double(atRisk - d)) }
            let (lo, hi) = KaplanMeier.band(s, v, z)
            return Row(time: time, atRisk: atRisk, events: d, survival: s, lower: lo, upper: hi)
        }
    }

    /// The log(−log) band around `s` with Greenwood sum `v`: [1, 1] at S = 1, [0, 0] at S = 0.
    static func band(_ s: Double, _ v: Double, _ z: Double) -> (Double, Double) {
        if s >= 1 { return (1, 1) }
        if s <= 0 { return (0, 0) }
        let se = v.squareRoot() / abs(log(s))
        return (pow(s, exp(z * se)), pow(s, exp(-z * se)))
    }

    /// S(t) (1 before the first event) and its band.
    public func survival(at t: Double) -> (s: Double, lower: Double, upper: Double) {
        guard let row = rows.last(where: { $0.time <= t }) else { return (1, 1, 1) }
        return (row.survival, row.lower, row.upper)
    }

    /// The smallest event time where `column` ≤ 0.5; nil when never ("not reached").
    private func firstAtOrBelowHalf(_ column: (Row) -> Double) -> Double? {
        rows.first { column($0) <= 0.5 }?.time
    }
    /// Median time; nil when not reached.
    public var median: Double? { firstAtOrBelowHalf(\.survival) }
    /// The median's interval: the median rule applied to the lower and the upper band.
    public var medianInterval: (lower: Double?, upper: Double?) { (firstAtOrBelowHalf(\.lower), firstAtOrBelowHalf(\.upper)) }
}

/// The exact Poisson (Garwood) interval of a count (spec.md#warmth-garwood).
public enum PoissonInterval {
    /// The two-sided interval for the mean of a Poisson count `count` at `level`:
    /// lower χ²(α/2; 2F)/2 (0 when F = 0), upper χ²(1 − α/2; 2F + 2)/2.
    public static func garwood(_ count: Int, level: Double = 0.95) -> (lower: Double, upper: Double) {
        let a = (1 - level) / 2
        let lower = count == 0 ? 0 : gammaQuantile(a, shape: Double(count))
        return (lower, gammaQuantile(1 - a, shape: Double(count + 1)))
    }

    /// The p-quantile of the standard gamma distribution with `shape` (χ²(p; 2·shape)/2), by
    /// bisection on the regularised upper incomplete gamma function to the last bit.
    public static func gammaQuantile(_ p: Double, shape: Double) -> Double {
        var lo = 0.0, hi = max(1.0, shape)
        while 1 - SpecialFunctions.upperRegularizedGamma(shape, hi) < p { hi *= 2 }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            // compare in the tail that keeps precision
            let below = p < 0.5 ? (1 - SpecialFunctions.upperRegularizedGamma(shape, mid)) < p
                                : SpecialFunctions.upperRegularizedGamma(shape, mid) > 1 - p
            if below { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }
}
