import Foundation
import Recording

/// The `spatial-eval` command-line tool: dispatches to subcommands and turns errors into
/// messages and exit statuses (1 for bad input, 64 for usage mistakes).
public struct CommandLineTool {
    /// The subcommands, in the order `--help` lists them.
    public var commands: [any Command]

    /// The tool with all its subcommands.
    public init() {
        commands = [
            RunCommand(), ReportCommand(), SweepCommand(), CapturePlanCommand(), CurvesCommand(), BenchSweepCommand(),
            PlanShardsCommand(), RunShardCommand(), ShardStatusCommand(), MergeShardsCommand(), CleanShardsCommand(), ScoreMOTCommand(), EvaluateRecordingCommand(), ATECommand(),
            SimulateCommand(), SimulateCorpusCommand(), CalibrateCommand(), InspectCommand(), ImportCommand(), ExportCommand(), BenchLoadCommand(), ParityCommand(), ReplayConfigCommand(), ViewCommand(),
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

/// Facts about this build of the tool.
public enum ToolInfo {
    /// The tool's version.
    public static let version = "0.1.0"

    /// The git commit of the checkout the running executable was built in (found by
    /// walking up from the executable to a folder holding `.git`), when there is one.
    public static func gitCommit() -> String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
