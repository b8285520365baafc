import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

/// The conventions every command shares because the parser enforces them: stray
/// positionals, `--`, unknown options, missing and bad values are usage errors (exit 64).
@Suite("Command-line usage")
struct CommandLineUsageTests {
    /// Valid invocations (exit 0) of the commands that used to accept stray positionals.
    static func validInvocations(in folder: TemporaryDirectory) throws -> [[String]] {
        let (benchmark, tracker) = try makeBenchmark(in: folder)
        let ab = try folder.write("a,b\n1,1.5\n2,2.25\n3,2.5\n4,5\n", to: "ab.csv")
        let lowHigh = try folder.write("low,high\n1,1.1\n2,2.1\n3,2.8\n", to: "low-high.csv")
        let grids = try folder.write(FusionCommandTests.affineFrame(), to: "grids.csv")
        return [
            ["score-mot", "--benchmark", benchmark, "--tracker", tracker],
            ["simulate", "--print-config"],
            ["paired-test", "--pairs", ab, "--resamples", "10"],
            ["agree-depth", "--pairs", lowHigh],
            ["bench-fusion", "--pairs", grids, "--grid-size", "20", "--runs", "1"],
        ]
    }

    @Test("score-mot, simulate, paired-test, agree-depth and bench-fusion: valid use exits 0, a stray positional exits 64")
    func strayPositionalsOnValidUse() throws {
        let folder = try TemporaryDirectory()
        for arguments in try Self.validInvocations(in: folder) {
            let valid = runTool(arguments)
            #expect(valid.status == 0, "\(arguments): \(valid.output.standardError)")
            for stray in [arguments + ["stray"], [arguments[0], "stray"] + arguments.dropFirst()] {
                let run = runTool(stray)
                #expect(run.status == 64, "\(stray)")
                #expect(run.output.standardError.hasPrefix("error: unexpected argument 'stray'"), "\(run.output.standardError)")
                #expect(run.output.standardOutput.isEmpty)
            }
        }
    }

    /// Each command with one positional argument more than it takes (commands that take any
    /// number, like `measure RECORDING…`, have no "one too many").
    static let overfull: [[String]] = CommandLineTool().commands.filter { $0.positionals.allSatisfy { $0.maximum != nil } }.map { command in
        let most = command.positionals.map { $0.maximum ?? $0.minimum }.reduce(0, +)
        return [command.name] + (0..<most).map { "file\($0)" } + ["stray"]
    }

    @Test("every command: one positional too many exits 64 naming it", arguments: overfull)
    func strayPositional(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        #expect(run.output.standardError.hasPrefix("error: unexpected argument 'stray'"), "\(run.output.standardError)")
        #expect(run.output.standardError.contains("See 'spatial-eval \(arguments[0]) --help'."))
    }

    @Test("every command: a missing positional exits 64 naming it",
          arguments: CommandLineTool().commands.filter { !$0.positionals.isEmpty }.map(\.name))
    func missingPositional(name: String) throws {
        let command = try #require(CommandLineTool().commands.first { $0.name == name })
        let run = runTool([name])
        #expect(run.status == 64)
        #expect(run.output.standardError.hasPrefix("error: missing argument"), "\(run.output.standardError)")
        #expect(run.output.standardError.contains(command.positionals[0].name))
    }

    @Test("every command: an unknown option exits 64, suggesting the nearest declared one",
          arguments: CommandLineTool().commands.map(\.name))
    func unknownOption(name: String) throws {
        var run = runTool([name, "--no-such-option"])
        #expect(run.status == 64 && run.output.standardError.hasPrefix("error: unknown option --no-such-option\n"), "\(run.output.standardError)")
        let command = try #require(CommandLineTool().commands.first { $0.name == name })
        guard let option = command.options.first(where: { $0.name.count >= 3 }) else { return }
        let typo = String(option.name.dropLast()) + "x" // one letter wrong
        run = runTool([name, "--\(typo)"])
        #expect(run.status == 64)
        #expect(run.output.standardError.contains("unknown option --\(typo); did you mean --\(option.name)?"), "\(run.output.standardError)")
    }

    @Test("every command: an option without its value exits 64",
          arguments: CommandLineTool().commands.flatMap { command in
              command.options.filter { $0.placeholder != nil }.map { [command.name, "--\($0.name)"] }
          })
    func missingValue(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        #expect(run.output.standardError.hasPrefix("error: \(arguments[1]) needs a value ("), "\(run.output.standardError)")
    }

    @Test("every command: a repeated option exits 64",
          arguments: CommandLineTool().commands.compactMap { command in
              command.options.first.map { option in
                  let value = option.defaultText ?? option.choices?.first ?? "1"
                  let given = ["--\(option.name)"] + (option.placeholder == nil ? [] : [value])
                  return [command.name] + given + given
              }
          })
    func repeatedOption(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        #expect(run.output.standardError.hasPrefix("error: \(arguments[1]) is given more than once"), "\(run.output.standardError)")
    }

    @Test("bad integers, numbers and choices exit 64 naming the option and the text", arguments: [
        (["bench-load", "r.sqlite", "--runs", "many"], "--runs expects an integer, got 'many'"),
        (["bench-load", "r.sqlite", "--runs", "0"], "--runs expects an integer in 1…10000, got '0'"),
        (["sweep", "p.json", "--batch", "1.5"], "--batch expects an integer, got '1.5'"),
        (["compare", "a.h5", "b.h5", "--seed", "-1"], "--seed expects a non-negative integer, got '-1'"),
        (["compare", "a.h5", "b.h5", "--resamples", "9"], "--resamples expects an integer in 10…1000000, got '9'"),
        (["ate", "--ref", "a", "--est", "b", "--offset", "inf"], "--offset expects a finite number, got 'inf'"),
        (["ate", "--ref", "a", "--est", "b", "--max-diff", "-0.1"], "--max-diff expects a finite number ≥ 0, got '-0.1'"),
        (["fit-depth", "--pairs", "p.csv", "--huber-delta", "0"], "--huber-delta expects a finite number > 0, got '0'"),
        (["simulate", "--duration", "0.5"], "--duration expects a finite number in 1…3600, got '0.5'"),
        (["import", "--tum", "p.txt", "--fx", "1", "--width", "2", "--height", "2", "--extent", "1,2", "--out", "x"],
         "--extent expects three positive numbers W,H,D in metres, got '1,2'"),
        (["ate", "--ref", "a", "--est", "b", "--align", "affine"], "--align expects none, se3 or sim3, got 'affine'"),
        (["score-mot", "--gt", "a", "--hyp", "b", "--format", "xml"], "--format expects table, json or csv, got 'xml'"),
        (["score-mot", "--gt", "a", "--hyp", "b", "--convention=py"], "--convention expects trackeval or motmetrics, got 'py'"),
        (["fit-depth", "--pairs", "p.csv", "--variant", "nope"], "--variant expects lidar-median, "),
        (["simulate", "--scenario", "moon"], "--scenario expects walkaway-reapproach, "),
    ] as [([String], String)])
    func badValues(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        #expect(run.output.standardError.hasPrefix("error: \(message)"), "\(run.output.standardError)")
    }

    @Test("missing required options exit 64 naming them")
    func missingOptions() {
        for (arguments, message) in [(["ate"], "missing options --ref REF.tum, --est EST.tum"),
                                     (["paired-test"], "missing option --pairs FILE.csv"),
                                     (["export", "--mot", "r.sqlite"], "missing option --out PATH")] {
            let run = runTool(arguments)
            #expect(run.status == 64 && run.output.standardError.hasPrefix("error: \(message)\n"), "\(run.output.standardError)")
        }
    }

    @Test("-- ends the options: what follows is positional, even --help")
    func doubleDash() throws {
        var run = runTool(["curves", "--", "--pareto"])
        #expect(run.status == 1 && run.output.standardError.hasPrefix("error: --pareto: no such file"), "\(run.output.standardError)")
        run = runTool(["score-mot", "--", "--help"])
        #expect(run.status == 64 && run.output.standardError.hasPrefix("error: unexpected argument '--help'"))
        let folder = try TemporaryDirectory()
        let csv = try folder.write("a,b\n1,2\n2,1\n", to: "objectives.csv")
        run = runTool(["curves", "--pareto", "--", csv])
        #expect(run.status == 0 && run.output.standardOutput.contains("\"mask\""), "\(run.output.standardError)")
    }

    @Test("every command declares distinct names, none of them help, and lists its options in help")
    func declarations() {
        for command in CommandLineTool().commands {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count && !names.contains("help"), "\(command.name)")
            #expect(Set(command.positionals.map(\.name)).count == command.positionals.count, "\(command.name)")
            for option in command.options { #expect(command.helpText.contains("--\(option.name)"), "\(command.name) --\(option.name)") }
            for form in command.usageForms {
                #expect((form.required + form.optional).allSatisfy { option in names.contains(option.name) }, "\(command.name)")
            }
        }
    }
}
