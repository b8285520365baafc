import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

/// The parser on its own, with a command declaring one option of every kind.
@Suite("Argument parser")
struct ArgumentParserTests {
    enum Shape: String, CaseIterable, OptionValue { case round, square }

    static let name = OptionKey<String>("name", "TEXT", "Required text.")
    static let count = OptionKey<Int>("count", "N", "A count.", default: 3, bounds: .atLeast(1))
    static let limit = OptionKey<Int?>("limit", "N", "An optional limit.", bounds: .atLeast(0))
    static let scale = OptionKey<Double>("scale", "X", "A scale.", default: 1, bounds: .above(0))
    static let seed = OptionKey<UInt64>("seed", "N", "A seed.", default: 7)
    static let shape = OptionKey<Shape>("shape", "SHAPE", "A shape.", default: .round)
    static let verbose = OptionKey<Bool>(flag: "verbose", "Say more.")
    static let first = Positional<String>("FIRST", "The first argument.")
    static let rest = Positional<[String]>("REST", "Any more.", minimum: 0, maximum: 2)
    static let parser = ArgumentParser(
        options: [name, count, limit, scale, seed, shape, verbose], positionals: [first, rest])

    static func parse(_ arguments: [String]) -> Result<ParsedArguments, UsageError> {
        do throws(UsageError) {
            return .success(try parser.parse(arguments))
        } catch {
            return .failure(error)
        }
    }

    static func message(_ arguments: [String]) -> String? {
        guard case .failure(let error) = parse(arguments) else { return nil }
        return error.message
    }

    @Test("typed values, defaults, flags, --name=value and positionals in any order")
    func typedValues() throws {
        let parsed = try Self.parse(["a", "--name", "x", "--count=5", "b", "--verbose", "--scale", "0.05", "--shape", "square"]).get()
        #expect(parsed[Self.name] == "x" && parsed[Self.count] == 5 && parsed[Self.scale] == 0.05)
        #expect(parsed[Self.verbose] && parsed[Self.shape] == .square && parsed[Self.limit] == nil && parsed[Self.seed] == 7)
        #expect(parsed[Self.first] == "a" && parsed[Self.rest] == ["b"] && parsed.positionals == ["a", "b"])
        #expect(parsed.isGiven(Self.count) && !parsed.isGiven(Self.seed))
        let defaults = try Self.parse(["--name", "", "only"]).get()
        #expect(defaults[Self.name] == "" && defaults[Self.count] == 3 && !defaults[Self.verbose] && defaults[Self.shape] == .round)
        #expect(defaults[Self.rest] == [])
    }

    @Test("negative numbers are values, not options")
    func negativeNumbers() throws {
        let offset = OptionKey<Double>("offset", "S", "Offset.", default: 0)
        let parsed = try ArgumentParser(options: [offset], positionals: [Positional<String>("N", "")]).parse(["--offset", "-1.5", "-2"])
        #expect(parsed[offset] == -1.5 && parsed.positionals == ["-2"])
    }

    @Test("-- ends the options: everything after it is positional")
    func doubleDash() throws {
        let parsed = try Self.parse(["--name", "x", "--", "--count", "-h"]).get()
        #expect(parsed[Self.first] == "--count" && parsed[Self.rest] == ["-h"] && parsed[Self.count] == 3)
        #expect(!ArgumentParser.requestsHelp(["--", "--help"]) && ArgumentParser.requestsHelp(["x", "-h", "--"]))
        #expect(Self.message(["--name", "x", "--"]) == "missing argument FIRST")
    }

    @Test("usage mistakes name what is wrong", arguments: [
        (["--name", "x"], "missing argument FIRST"),
        (["a", "b", "c", "d", "--name", "x"], "unexpected argument 'd' (expected only FIRST REST)"),
        (["a"], "missing option --name TEXT"),
        (["a", "--name"], "--name needs a value (TEXT)"),
        (["a", "--name", "--verbose"], "--name needs a value (TEXT)"),
        (["a", "--name", "x", "--name", "y"], "--name is given more than once"),
        (["a", "--name", "x", "--verbose", "--verbose"], "--verbose is given more than once"),
        (["a", "--name", "x", "--verbose=yes"], "--verbose takes no value"),
        (["a", "--name", "x", "--help=yes"], "--help takes no value"),
        (["a", "--name", "x", "--count", "2.5"], "--count expects an integer, got '2.5'"),
        (["a", "--name", "x", "--count", "0"], "--count expects an integer ≥ 1, got '0'"),
        (["a", "--name", "x", "--limit", "-1"], "--limit expects an integer ≥ 0, got '-1'"),
        (["a", "--name", "x", "--scale", "nan"], "--scale expects a finite number, got 'nan'"),
        (["a", "--name", "x", "--scale", "0"], "--scale expects a finite number > 0, got '0'"),
        (["a", "--name", "x", "--seed", "-3"], "--seed expects a non-negative integer, got '-3'"),
        (["a", "--name", "x", "--shape", "oval"], "--shape expects round or square, got 'oval'"),
        (["a", "--name", "x", "--shpae", "round"], "unknown option --shpae; did you mean --shape?"),
        (["a", "--name", "x", "--cou"], "unknown option --cou; did you mean --count?"),
        (["a", "--name", "x", "-verbose"], "unknown option -verbose; did you mean --verbose?"),
        (["a", "--name", "x", "--cuont"], "unknown option --cuont; did you mean --count?"),
        (["a", "--name", "x", "--frobnicate"], "unknown option --frobnicate"),
        (["a", "--name", "x", "-q"], "unknown option -q"),
    ] as [([String], String)])
    func mistakes(arguments: [String], message: String) {
        #expect(Self.message(arguments) == message)
    }

    @Test("positionals are shared out in order, each its minimum first")
    func arity() throws {
        let pair = ArgumentParser(options: [], positionals: [Positional<String>("A", ""), Positional<String>("B", "")])
        #expect(throws: UsageError("missing arguments A, B")) { try pair.parse([]) }
        #expect(throws: UsageError("unexpected arguments 'c', 'd' (expected only A B)")) { try pair.parse(["a", "b", "c", "d"]) }
        let none = ArgumentParser(options: [], positionals: [])
        #expect(throws: UsageError("unexpected argument 'x' (this command takes no positional arguments)")) { try none.parse(["x"]) }
        let many = Positional<[String]>("FILE", "")
        let last = Positional<String>("OUT", "")
        let parsed = try ArgumentParser(options: [], positionals: [many, last]).parse(["a", "b", "c"])
        #expect(parsed[many] == ["a", "b"] && parsed[last] == "c")
        #expect(throws: UsageError("missing arguments FILE, OUT")) { try ArgumentParser(options: [], positionals: [many, last]).parse([]) }
    }

    @Test("edit distance")
    func editDistance() {
        #expect(ArgumentParser.editDistance("format", "fromat") == 1)
        #expect(ArgumentParser.editDistance("ca", "abc") == 3)
        #expect(ArgumentParser.editDistance("", "out") == 3)
        #expect(ArgumentParser.editDistance("seq-length", "seq-length") == 0)
        #expect(ArgumentParser.editDistance("kitten", "sitting") == 3)
    }

    @Test("help lists positionals and options with placeholders, choices, defaults and requirements")
    func help() {
        struct Example: Command {
            let name = "example"
            let summary = "An example."
            let discussion = ""
            let positionals: [any CommandPositional] = [ArgumentParserTests.first, ArgumentParserTests.rest]
            let options: [any CommandOption] = [ArgumentParserTests.name, ArgumentParserTests.shape, ArgumentParserTests.verbose]
            func run(_ arguments: ParsedArguments, output: OutputSink) throws -> EvalCommandLine.ExitStatus { .success }
        }
        #expect(Example().helpText == """
            spatial-eval example — An example.

            USAGE:
              spatial-eval example FIRST [REST...] --name TEXT [--shape SHAPE] [--verbose]

            ARGUMENTS:
              FIRST  The first argument.
              REST   Any more.

            OPTIONS:
              --name TEXT    Required text. [required]
              --shape SHAPE  A shape. [one of: round, square; default: round]
              --verbose      Say more.
              -h, --help     Show this help.

            """)
    }
}
