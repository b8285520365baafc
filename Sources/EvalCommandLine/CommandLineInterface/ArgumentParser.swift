import EvalResults
import EvalJobs
import EvalReports
/// Checks a command's arguments against its declared options and positionals, so that no
/// command has to: `--name value`, `--name=value` and `--flag` in any order; `--` ends the
/// options (everything after it is positional). Unknown options (with the nearest declared
/// name as a suggestion), missing or bad values, repeated options, missing required options
/// and too few or too many positionals are usage errors.
public struct ArgumentParser: Sendable {
    /// The options accepted.
    public var options: [any CommandOption]
    /// The positionals accepted, in order.
    public var positionals: [any CommandPositional]

    /// A parser of `options` and `positionals`.
    public init(options: [any CommandOption], positionals: [any CommandPositional]) {
        self.options = options
        self.positionals = positionals
    }

    /// Whether `arguments` ask for help: `-h` or `--help` anywhere before a `--`.
    public static func requestsHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }

    /// The typed options and positionals of `arguments`.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                break
            }
            guard Self.looksLikeOption(argument) else {
                parsed.positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { throw unknownOption(argument) }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw name == "help" ? UsageError("--help takes no value") : unknownOption("--" + name)
            }
            guard parsed.values[name] == nil else { throw UsageError("--\(name) is given more than once") }
            guard let placeholder = option.placeholder else {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.values[name] = true
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                guard index < arguments.count, arguments[index] != "--", !Self.looksLikeOption(arguments[index]) else {
                    throw UsageError("--\(name) needs a value (\(placeholder))")
                }
                text = arguments[index]
                index += 1
            }
            parsed.values[name] = try option.parseValue(text)
        }
        parsed.assigned = try assign(parsed.positionals)
        let missing = options.filter { $0.isRequired && parsed.values[$0.name] == nil }
        guard missing.isEmpty else {
            let list = missing.map { "--\($0.name) \($0.placeholder ?? "")" }.joined(separator: ", ")
            throw UsageError("missing option\(missing.count == 1 ? "" : "s") \(list)")
        }
        return parsed
    }

    /// `arguments` shared out among the positionals in order: each takes its minimum, then
    /// the first ones with room take the rest.
    private func assign(_ arguments: [String]) throws(UsageError) -> [String: [String]] {
        let least = positionals.map(\.minimum).reduce(0, +)
        let most = positionals.reduce(Int?.some(0)) { total, positional in total.flatMap { t in positional.maximum.map { t + $0 } } }
        if let most, arguments.count > most {
            let stray = arguments[most...].map { "'\($0)'" }.joined(separator: ", ")
            let expected = most == 0 ? "this command takes no positional arguments"
                : "expected only " + positionals.map(\.name).joined(separator: " ")
            throw UsageError("unexpected argument\(arguments.count - most == 1 ? "" : "s") \(stray) (\(expected))")
        }
        if arguments.count < least {
            var remaining = arguments.count
            var missing: [String] = []
            for positional in positionals {
                if remaining < positional.minimum { missing.append(positional.name) }
                remaining = max(0, remaining - positional.minimum)
            }
            throw UsageError("missing argument\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))")
        }
        var extra = arguments.count - least, start = 0
        var assigned: [String: [String]] = [:]
        for positional in positionals {
            let count = positional.minimum + min(extra, (positional.maximum ?? Int.max) - positional.minimum)
            extra -= count - positional.minimum
            assigned[positional.name] = Array(arguments[start..<(start + count)])
            start += count
        }
        return assigned
    }

    /// An unknown option, with the nearest declared name when it is close (a third of its
    /// letters edited at most, or the start of one).
    private func unknownOption(_ argument: String) -> UsageError {
        let name = String(argument.drop { $0 == "-" })
        let candidates = options.map(\.name) + ["help"]
        let close = candidates.filter { Self.editDistance(name, $0) <= max(1, min(name.count, $0.count) / 3) }
        let nearest = close.min { Self.editDistance(name, $0) < Self.editDistance(name, $1) }
            ?? (name.isEmpty ? nil : candidates.first { $0.hasPrefix(name) })
        return UsageError("unknown option \(argument)" + (nearest.map { "; did you mean --\($0)?" } ?? ""))
    }

    /// Whether `argument` is written as an option: `--name…` or `-x…`, but not `-`, `--` or a
    /// negative number such as `-1` or `-.5`.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1, argument != "--" else { return false }
        let second = argument[argument.index(after: argument.startIndex)]
        return !(second.isNumber || second == ".")
    }

    /// Edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of
    /// two neighbouring letters (optimal string alignment), so `fromat` is one from `format`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var rows = [Array(0...b.count)]
        for i in a.indices {
            var row = [i + 1]
            for j in b.indices {
                var cost = min(rows[i][j + 1] + 1, row[j] + 1, rows[i][j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { cost = min(cost, rows[i - 1][j - 1] + 1) }
                row.append(cost)
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
