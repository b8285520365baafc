import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

/// The warmth commands' exit statuses and messages on small simulated corpora.
@Suite struct WarmthCommandTests {
    static func corpus(_ folder: TemporaryDirectory) -> String {
        let out = folder.file("corpus")
        let run = runTool(["warmth-simulate", "--out", out, "--sessions", "2", "--trials", "3", "--absent", "1"])
        #expect(run.status == 0)
        return out
    }

    @Test func replayPassesFidelityAndPrintsJSON() throws {
        let folder = try TemporaryDirectory()
        let out = Self.corpus(folder)
        let run = runTool(["warmth-replay", out + "/index.json", "--format", "json"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any]
        #expect((object?["trials"] as? [Any])?.count == 6)
    }

    @Test func aBrokenTrialIsRejectedWithFileAndLine() throws {
        let folder = try TemporaryDirectory()
        let out = Self.corpus(folder)
        let file = out + "/sessions/S01/S01-T1.jsonl"
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.removeLast()  // no trialEnd
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let run = runTool(["warmth-replay", out + "/index.json"])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("S01-T1.jsonl: the last record must be the trialEnd event"))
    }

    @Test func aTamperedPhaseLogStopsTheReplayWithExit2() throws {
        let folder = try TemporaryDirectory()
        let out = Self.corpus(folder)
        let file = out + "/sessions/S01/S01-T3.jsonl"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let tampered = text.replacingOccurrences(of: "\"from\":\"searching\",\"to\":\"warm\"", with: "\"from\":\"searching\",\"to\":\"found\"")
        try #require(tampered != text, "the simulated trial has no searching → warm change to tamper with")
        try tampered.write(toFile: file, atomically: true, encoding: .utf8)
        let run = runTool(["warmth-replay", out + "/index.json"])
        #expect(run.status == 2)
        #expect(run.output.standardError.contains("S01-T3.jsonl: change"))
    }
}
