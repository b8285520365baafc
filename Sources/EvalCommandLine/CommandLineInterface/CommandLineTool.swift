import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// The `spatial-eval` command-line tool: dispatches to subcommands and turns errors into
/// messages and exit statuses (1 for bad input, 64 for usage mistakes).
public struct CommandLineTool {
    /// The subcommands, in the order `--help` lists them.
    public var commands: [any Command]

    /// The tool with all its subcommands.
    public init() {
        commands = [
            RunCommand(), ReportCommand(), SweepCommand(), CapturePlanCommand(), MeasureCommand(), CurvesCommand(), BenchSweepCommand(),
            PlanShardsCommand(), RunShardCommand(), ShardStatusCommand(), MergeShardsCommand(), CleanShardsCommand(), ScoreMOTCommand(), EvaluateRecordingCommand(), ScoreThreeDCommand(), ATECommand(),
            SimulateCommand(), SimulateCorpusCommand(), CalibrateCommand(), SensorStatsCommand(), InspectCommand(), ImportCommand(), ExportCommand(), BenchLoadCommand(), ParityCommand(), ReplayConfigCommand(), ViewCommand(),
            FitDepthCommand(), PairedTestCommand(), CompareCommand(), AgreeDepthCommand(), BenchFusionCommand(),
            ScoreDetCommand(), DetParityCommand(), MaskParityCommand(), GateLogCommand(), COCORLECommand(),
            WarmthCommand(), WarmthReplayCommand(), WarmthSimulateCommand(), WarmthStatsCommand(),
        ]
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String], output: OutputSink) -> Int32 {
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            output.out(overview)
            return ExitStatus.success.rawValue
        }
        if first == "--version" {
            output.out("spatial-eval \(ToolInfo.version)\n")
            return ExitStatus.success.rawValue
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            output.err("error: unknown command '\(first)'\n\n\(overview)")
            return ExitStatus.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if ArgumentParser.requestsHelp(rest) {
            output.out(command.helpText)
            return ExitStatus.success.rawValue
        }
        do {
            let parsed = try command.parser.parse(rest)
            return try command.run(parsed, output: output).rawValue
        } catch let error as UsageError {
            output.err("error: \(error.message)\nSee 'spatial-eval \(command.name) --help'.\n")
            return ExitStatus.usage.rawValue
        } catch let error as InputError {
            output.err("error: \(error)\n")
            return ExitStatus.failure.rawValue
        } catch {
            output.err("error: \(error)\n")
            return ExitStatus.failure.rawValue
        }
    }

    /// The top-level `--help` text.
    public var overview: String {
        var lines = [
            "spatial-eval \(ToolInfo.version) — spatial accuracy of an on-device AR object memory", "",
            "USAGE: spatial-eval <command> [options]", "", "COMMANDS:",
        ]
        lines += HelpFormatter.table(commands.map { ($0.name, $0.summary) })
        lines += ["", "Run 'spatial-eval <command> --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Writes to the process's standard output and standard error.
public final class StandardStreams: OutputSink {
    /// Creates the sink.
    public init() {}
    public func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    public func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

