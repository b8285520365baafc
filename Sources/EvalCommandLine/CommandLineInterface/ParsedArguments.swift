import EvalResults
import EvalJobs
import EvalReports
/// The options and positional arguments given to one command, already checked against its
/// declarations by ``ArgumentParser``: read them with `arguments[Self.key]`.
public struct ParsedArguments: Sendable {
    /// Typed values of the options given, by name.
    var values: [String: any Sendable] = [:]
    /// The arguments assigned to each positional, by name.
    var assigned: [String: [String]] = [:]
    /// All positional arguments, in order.
    public internal(set) var positionals: [String] = []

    /// The value of `option`: the one given, else its default (nil for an optional option
    /// left out). A required option was checked by the parser.
    public subscript<Value>(_ option: OptionKey<Value>) -> Value {
        if let given = values[option.name] {
            guard let value = given as? Value else { preconditionFailure("--\(option.name) was parsed by another declaration") }
            return value
        }
        guard let fallback = option.defaultValue else { preconditionFailure("--\(option.name) is not among the command's options") }
        return fallback
    }

    /// The value of `positional` (its count was checked by the parser).
    public subscript<Value>(_ positional: Positional<Value>) -> Value {
        guard let arguments = assigned[positional.name] else { preconditionFailure("\(positional.name) is not among the command's positionals") }
        return positional.value(arguments)
    }

    /// Whether `option` was given on the command line (as opposed to taking its default).
    public func isGiven(_ option: any CommandOption) -> Bool { values[option.name] != nil }

    /// The one option of `options` that was given, with its value; a usage error listing
    /// them when none or several were.
    public func exactlyOne(of options: OptionKey<String?>...) throws(UsageError) -> (option: OptionKey<String?>, value: String) {
        let given = options.compactMap { option in self[option].map { (option, $0) } }
        guard given.count == 1, let (option, value) = given.first else {
            throw UsageError("give exactly one of " + options.map { "--\($0.name)" }.joined(separator: ", "))
        }
        return (option, value)
    }
}
