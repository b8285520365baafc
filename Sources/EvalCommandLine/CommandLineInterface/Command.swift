import Foundation
import EvalResults
import EvalJobs
import EvalReports

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
    /// The evaluation ran but a gate failed (a protocol gate of `run`, the agreement threshold of `parity`).
    case gateFailed = 2
    /// A sharded run is incomplete: some shards are missing, foreign or corrupt (`shard-status`, `merge-shards`).
    case incomplete = 3
    /// The run completed but none of the protocol's gates could be measured: no recording holds
    /// the ground truth (labelled boxes or marks) any gated figure needs (`run`, spec.md#not-measurable).
    case notMeasured = 4
    /// A command-line usage mistake (`EX_USAGE`).
    case usage = 64
}

/// A subcommand of `spatial-eval`. It declares its options and positionals once, as static
/// ``OptionKey`` and ``Positional`` constants listed in `options` and `positionals`; the
/// tool parses and checks the arguments against them, renders `--help` from them, and
/// hands `run` the ``ParsedArguments`` to read back with `arguments[Self.key]`.
public protocol Command {
    /// The subcommand's name.
    var name: String { get }
    /// One-line summary for the command list.
    var summary: String { get }
    /// A paragraph or two of explanation shown by `--help`.
    var discussion: String { get }
    /// Positional arguments accepted, in order (`[]` for none).
    var positionals: [any CommandPositional] { get }
    /// Options accepted (`[]` for none).
    var options: [any CommandOption] { get }
    /// The ways of calling the command shown by `--help` (default one, from the declarations).
    var usageForms: [UsageForm] { get }
    /// Runs with parsed arguments.
    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus
}

extension Command {
    public var usageForms: [UsageForm] { [UsageForm(options.filter(\.isRequired), optional: options.filter { !$0.isRequired })] }

    /// The parser of the command's declarations.
    public var parser: ArgumentParser { ArgumentParser(options: options, positionals: positionals) }

    /// The `--help` text of the command.
    public var helpText: String { HelpFormatter.help(for: self) }
}
