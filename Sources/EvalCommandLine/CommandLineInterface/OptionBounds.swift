import EvalResults
import EvalJobs
import EvalReports
/// Limits an option's value must respect beyond parsing, e.g. `.atLeast(1)` or `.above(0)`;
/// for an optional option they apply to the value when one is given.
public struct OptionBounds<Value: Sendable>: Sendable {
    /// How the limits read in a message, e.g. "≥ 1".
    public let description: String
    /// Whether `value` respects the limits.
    public let contains: @Sendable (Value) -> Bool
}

extension OptionBounds where Value: Comparable & OptionValue {
    /// Values ≥ `lower`.
    public static func atLeast(_ lower: Value) -> Self {
        Self(description: "≥ \(lower.optionText ?? "")") { $0 >= lower }
    }

    /// Values > `lower`.
    public static func above(_ lower: Value) -> Self {
        Self(description: "> \(lower.optionText ?? "")") { $0 > lower }
    }

    /// Values in `range`, ends included.
    public static func within(_ range: ClosedRange<Value>) -> Self {
        Self(description: "in \(range.lowerBound.optionText ?? "")…\(range.upperBound.optionText ?? "")") { range.contains($0) }
    }
}

extension OptionBounds {
    /// Given values ≥ `lower`.
    public static func atLeast<Wrapped: Comparable & OptionValue>(_ lower: Wrapped) -> Self where Value == Wrapped? {
        let bounds = OptionBounds<Wrapped>.atLeast(lower)
        return Self(description: bounds.description) { $0.map(bounds.contains) ?? true }
    }

    /// Given values > `lower`.
    public static func above<Wrapped: Comparable & OptionValue>(_ lower: Wrapped) -> Self where Value == Wrapped? {
        let bounds = OptionBounds<Wrapped>.above(lower)
        return Self(description: bounds.description) { $0.map(bounds.contains) ?? true }
    }

    /// Given values in `range`, ends included.
    public static func within<Wrapped: Comparable & OptionValue>(_ range: ClosedRange<Wrapped>) -> Self where Value == Wrapped? {
        let bounds = OptionBounds<Wrapped>.within(range)
        return Self(description: bounds.description) { $0.map(bounds.contains) ?? true }
    }
}
