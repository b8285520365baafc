import Foundation

/// Where a command writes: standard output for results, standard error for messages.
public protocol OutputSink: AnyObject {
    /// Writes text to standard output.
    func out(_ text: String)
    /// Writes text to standard error.
    func err(_ text: String)
}

/// Exit statuses of the tool.
public enum ExitStatus: Int32, Sendable {
    /// Success.
    case success = 0
    /// Bad input data or a failed run.
    case failure = 1
    /// `run` completed but a protocol gate failed.
    case gateFailed = 2
    /// A command-line usage mistake (`EX_USAGE`).
    case usage = 64
}

/// A subcommand of `spatial-eval`.
public protocol Command {
    /// The subcommand's name.
    var name: String { get }
    /// One-line summary for the command list.
    var summary: String { get }
    /// Usage lines shown by `--help`.
    var usage: [String] { get }
    /// A paragraph or two of explanation shown by `--help`.
    var discussion: String { get }
    /// Options accepted.
    var options: [OptionSpec] { get }
    /// Runs with parsed arguments.
    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus
}

extension Command {
    /// The `--help` text of the command.
    public var helpText: String {
        var lines = ["spatial-eval \(name) — \(summary)", "", "USAGE:"]
        lines += usage.map { "  spatial-eval \($0)" }
        if !discussion.isEmpty { lines += ["", discussion] }
        lines += ["", "OPTIONS:"]
        let rendered = (options + [OptionSpec("help", nil, "Show this help.")]).map { option -> (String, String) in
            let left = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
            var help = option.help
            if let choices = option.choices { help += " (\(choices.joined(separator: "|")))" }
            return (left, help)
        }
        let width = rendered.map(\.0.count).max() ?? 0
        lines += rendered.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
        return lines.joined(separator: "\n") + "\n"
    }
}
