import Foundation
import EvalResults
import EvalJobs
import EvalReports

/// Renders a command's `--help` from its declarations: usage lines, positionals, and
/// options with their placeholders, choices and defaults.
enum HelpFormatter {
    /// The `--help` text of `command`.
    static func help(for command: any Command) -> String {
        var lines = ["spatial-eval \(command.name) — \(command.summary)", "", "USAGE:"]
        lines += command.usageForms.map { "  " + usageLine(command, $0) }
        if !command.discussion.isEmpty { lines += ["", command.discussion] }
        if !command.positionals.isEmpty {
            lines += ["", "ARGUMENTS:"] + table(command.positionals.map { ($0.name, $0.help) })
        }
        let options = command.options.map { option -> (String, String) in
            var notes: [String] = []
            if let choices = option.choices { notes.append("one of: " + choices.joined(separator: ", ")) }
            if let value = option.defaultText { notes.append("default: \(value)") }
            if option.isRequired { notes.append("required") }
            return (written(option), option.help + (notes.isEmpty ? "" : " [\(notes.joined(separator: "; "))]"))
        }
        lines += ["", "OPTIONS:"] + table(options + [("-h, --help", "Show this help.")])
        return lines.joined(separator: "\n") + "\n"
    }

    /// `spatial-eval NAME POSITIONALS --required X [--optional Y]`.
    static func usageLine(_ command: any Command, _ form: UsageForm) -> String {
        let positionals = command.positionals.map { positional -> String in
            let repeated = positional.maximum == 1 ? positional.name : positional.name + "..."
            return positional.minimum == 0 ? "[\(repeated)]" : repeated
        }
        let words = ["spatial-eval", command.name] + positionals + form.required.map(written) + form.optional.map { "[\(written($0))]" }
        return words.joined(separator: " ")
    }

    /// `--name PLACEHOLDER`, or `--name` for a flag.
    static func written(_ option: any CommandOption) -> String {
        "--\(option.name)" + (option.placeholder.map { " \($0)" } ?? "")
    }

    /// Two indented columns, the first padded to its widest entry.
    static func table(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
    }
}
