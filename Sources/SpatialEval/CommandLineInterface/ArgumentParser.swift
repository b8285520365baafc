/// A usage mistake on the command line; the tool exits with status 64 (`EX_USAGE`).
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `gt` for `--gt`.
    public var name: String
    /// Placeholder of the value (`FILE`), or nil for a flag that takes none.
    public var valueName: String?
    /// One-line help.
    public var help: String
    /// Allowed values, when the set is closed.
    public var choices: [String]?

    /// Declares an option.
    public init(_ name: String, _ valueName: String? = nil, _ help: String, choices: [String]? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.choices = choices
    }
}

/// The options and positional arguments given to one command.
public struct ParsedArguments: Sendable, Equatable {
    /// Values of options that take one (the last occurrence wins).
    public var values: [String: String] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    /// Arguments that are not options, in order.
    public var positionals: [String] = []

    /// The value of `--name`, if given.
    public func value(_ name: String) -> String? { values[name] }

    /// The integer value of `--name`, if given; a usage error if it is not an integer ≥ `minimum`.
    public func integer(_ name: String, minimum: Int = Int.min) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError("--\(name) expects an integer ≥ \(minimum), got '\(text)'")
        }
        return number
    }

    /// Parses `arguments` against `options`: `--name value`, `--name=value` or `--flag`.
    public static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument != "--" else {
                parsed.positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option --\(name)")
            }
            guard spec.valueName != nil else {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("--\(name) needs a value (\(spec.valueName!))") }
                value = arguments[index]
                index += 1
            }
            if let choices = spec.choices, !choices.contains(value) {
                throw UsageError("--\(name) must be one of \(choices.joined(separator: ", ")); got '\(value)'")
            }
            parsed.values[name] = value
        }
        return parsed
    }
}
