import EvalResults
import EvalJobs
import EvalReports
/// A type an option's value can have: it parses from the command-line text and says what
/// valid text looks like. Conformances: `String`, `Int`, `UInt64`, `Double` (finite), `Bool`
/// (flags), `Optional` of any of them (an option that may be left out), and closed enums
/// (`CaseIterable & RawRepresentable` with `String` raw values) by declaring the conformance.
public protocol OptionValue: Sendable {
    /// The value written as `text`, or nil when `text` is not one.
    init?(optionText text: String)
    /// What valid text is, for messages: "an integer", "table or json".
    static var expectation: String { get }
    /// The allowed values when the set is closed (listed by `--help`), else nil.
    static var choices: [String]? { get }
    /// The value of an option left out that declares no default; nil makes such an option required.
    static var valueWhenAbsent: Self? { get }
    /// How the value reads in `--help` (as a default) and in messages; nil shows nothing.
    var optionText: String? { get }
}

extension OptionValue {
    /// For a closed set, its values: "table, json or csv".
    public static var expectation: String {
        guard let choices, let last = choices.last else { return "a value" }
        return choices.count == 1 ? last : choices.dropLast().joined(separator: ", ") + " or " + last
    }
    public static var choices: [String]? { nil }
    public static var valueWhenAbsent: Self? { nil }

    /// Parses `text` given to `--option`; the usage error names the option and the text.
    public static func parse(_ text: String, option: String) throws(UsageError) -> Self {
        guard let value = Self(optionText: text) else { throw UsageError("--\(option) expects \(expectation), got '\(text)'") }
        return value
    }
}

extension OptionValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    public init?(optionText text: String) { self.init(rawValue: text) }
    public static var choices: [String]? { allCases.map(\.rawValue) }
    public var optionText: String? { rawValue }
}

extension String: OptionValue {
    public init?(optionText text: String) { self = text }
    public static var expectation: String { "a value" }
    public var optionText: String? { self }
}

extension Int: OptionValue {
    public init?(optionText text: String) { self.init(text) }
    public static var expectation: String { "an integer" }
    public var optionText: String? { String(self) }
}

extension UInt64: OptionValue {
    public init?(optionText text: String) { self.init(text) }
    public static var expectation: String { "a non-negative integer" }
    public var optionText: String? { String(self) }
}

extension Double: OptionValue {
    /// A finite number; `nan` and `inf` are rejected.
    public init?(optionText text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
    public static var expectation: String { "a finite number" }
    /// Whole numbers without a fraction (`0`, not `0.0`).
    public var optionText: String? { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension Bool: OptionValue {
    /// `true` or `false` (a flag itself takes no text: it is true when given).
    public init?(optionText text: String) { self.init(text) }
    public static var expectation: String { "true or false" }
    /// A flag left out is false.
    public static var valueWhenAbsent: Bool? { false }
    public var optionText: String? { self ? "true" : nil }
}

extension Optional: OptionValue where Wrapped: OptionValue {
    public init?(optionText text: String) {
        guard let value = Wrapped(optionText: text) else { return nil }
        self = .some(value)
    }
    public static var expectation: String { Wrapped.expectation }
    public static var choices: [String]? { Wrapped.choices }
    /// An optional option left out is nil, so it is never required.
    public static var valueWhenAbsent: Wrapped?? { .some(.none) }
    public var optionText: String? { self?.optionText ?? nil }
}
