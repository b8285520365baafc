import EvalResults
import EvalJobs
import EvalReports
/// A typed option of a command, declared once as a static constant and read back with
/// `arguments[Self.key]`:
///
/// ```swift
/// static let out = OptionKey<String?>("out", "DIR", "Output folder.")             // String?: may be left out
/// static let runs = OptionKey<Int>("runs", "N", "Timed runs.", default: 5, bounds: .atLeast(1))
/// static let pairs = OptionKey<String>("pairs", "FILE", "CSV of pairs.")           // required
/// static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
/// static let pareto = OptionKey<Bool>(flag: "pareto", "Print the Pareto mask.")    // false unless given
/// ```
///
/// A non-optional value type without a default makes the option required: the parser
/// reports it missing before the command runs.
public struct OptionKey<Value: OptionValue>: CommandOption {
    public let name: String
    public let placeholder: String?
    public let help: String
    /// The value when the option is not given; nil for a required option.
    public let defaultValue: Value?
    /// Limits checked when the value is parsed.
    public let bounds: OptionBounds<Value>?

    /// An option taking a value written `placeholder` in help. Without `default`, an
    /// optional `Value` is nil when left out and any other `Value` is required.
    public init(_ name: String, _ placeholder: String, _ help: String, default: Value? = nil, bounds: OptionBounds<Value>? = nil) {
        self.name = name
        self.placeholder = placeholder
        self.help = help
        self.defaultValue = `default` ?? Value.valueWhenAbsent
        self.bounds = bounds
    }

    public var choices: [String]? { Value.choices }
    public var defaultText: String? { isRequired ? nil : defaultValue?.optionText }
    public var isRequired: Bool { defaultValue == nil }

    /// The value of `text`, checked against the bounds.
    public func parse(_ text: String) throws(UsageError) -> Value {
        let value = try Value.parse(text, option: name)
        if let bounds, !bounds.contains(value) {
            throw UsageError("--\(name) expects \(Value.expectation) \(bounds.description), got '\(text)'")
        }
        return value
    }

    public func parseValue(_ text: String) throws(UsageError) -> any Sendable { try parse(text) }
}

extension OptionKey where Value == Bool {
    /// A flag: takes no value, true when given.
    public init(flag name: String, _ help: String) {
        self.name = name
        self.placeholder = nil
        self.help = help
        self.defaultValue = false
        self.bounds = nil
    }
}
