import Foundation
import EvalNumerics

/// Fixed-precision number formatting for reports and SVG, so output is byte-stable.
public enum ReportNumber {
    /// `value` with `digits` decimals (POSIX `%.*f`), "n/a" when not finite; −0 prints as 0.
    public static func fixed(_ value: Double, _ digits: Int = 3) -> String {
        guard value.isFinite else { return "n/a" }
        let text = String(format: "%.\(digits)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    /// An SVG coordinate: two decimals, trailing zeros kept for stable width.
    public static func coordinate(_ value: Double) -> String { fixed(value, 2) }

    /// `k/n = rate [lower, upper]` with `digits` decimals, or `n/a (0)` without trials.
    public static func proportion(_ r: ProportionInterval, digits: Int = 2) -> String {
        r.trials == 0 ? "n/a (0)"
            : "\(r.successes)/\(r.trials) = \(fixed(r.estimate, digits)) [\(fixed(r.lower, digits)), \(fixed(r.upper, digits))]"
    }

    /// `estimate [lower, upper]` with `digits` decimals (three by default).
    public static func interval(_ value: IntervalEstimate, digits: Int = 3) -> String {
        "\(fixed(value.estimate, digits)) [\(fixed(value.lower, digits)), \(fixed(value.upper, digits))]"
    }
}
