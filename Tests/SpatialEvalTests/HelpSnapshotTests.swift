import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Testing

/// Every command's `--help`, and the tool's, against committed snapshots
/// (`Tests/Snapshots/help/<command>.txt`, `spatial-eval.txt` for the command list): a change
/// to an option, a default or the help layout shows up as a diff to review. After an
/// intended change, regenerate with `SPATIAL_EVAL_UPDATE_SNAPSHOTS=1 swift test --filter
/// HelpSnapshotTests` and commit the new files. A new command fails until it has one.
@Suite("Help snapshots")
struct HelpSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots/help")

    /// The snapshot names: every command of the tool, then the tool itself.
    static let names = CommandLineTool().commands.map(\.name) + ["spatial-eval"]

    /// What `spatial-eval <name> --help` (or `spatial-eval --help`) prints.
    static func help(_ name: String) -> (status: Int32, text: String) {
        let run = runTool(name == "spatial-eval" ? ["--help"] : [name, "--help"])
        return (run.status, run.output.standardOutput)
    }

    @Test("each --help matches its committed snapshot byte for byte", arguments: names)
    func matchesSnapshot(name: String) throws {
        let (status, text) = Self.help(name)
        #expect(status == 0)
        let path = Self.folder.appendingPathComponent("\(name).txt").path
        if ProcessInfo.processInfo.environment["SPATIAL_EVAL_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let committed = try #require(
            try? String(contentsOfFile: path, encoding: .utf8),
            "no snapshot Tests/Snapshots/help/\(name).txt; create it with SPATIAL_EVAL_UPDATE_SNAPSHOTS=1")
        let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = zip(committedLines, lines).enumerated().first { $0.element.0 != $0.element.1 }
            .map { "line \($0.offset + 1): '\($0.element.0)' ≠ '\($0.element.1)'" } ?? "the lengths differ"
        #expect(committed == text, "\(name) --help differs from Tests/Snapshots/help/\(name).txt at \(difference)")
    }

    @Test("the snapshot folder holds one file per command and the tool's, nothing stale")
    func noStaleSnapshots() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.names.map { "\($0).txt" }))
    }

    @Test("-h and --help anywhere before -- print the same help and exit 0", arguments: ["-h", "--help"])
    func helpAnywhere(flag: String) {
        let expected = Self.help("score-mot").text
        for arguments in [["score-mot", flag], ["score-mot", "--gt", "a.txt", flag, "--bogus"], ["score-mot", "stray", flag]] {
            let run = runTool(arguments)
            #expect(run.status == 0 && run.output.standardOutput == expected, "\(arguments)")
        }
    }
}
