import Foundation
import Recording
import Sweeps
import Warmth
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

    /// A protocol over `corpus` with a 48-point grid.
    static func smallProtocol(_ folder: TemporaryDirectory, corpus: String) throws -> String {
        try folder.write("""
            {"name": "small", "simulated": true, "corpus": "\(corpus)/index.json", "horizons": [5, 10], "minWarmS": 1,
             "baseline": {}, "grid": {"tau": [0.005, 0.01], "floor": [0.22], "alpha": [0.3], "warmOn": [0.4, 0.45, 0.5],
             "warmGap": [0, 0.05], "foundScore": [0.55, 0.65], "kn": [[1, 1], [3, 5]]},
             "constraints": {"maxFalseFindTrialShare": 0.9, "maxFalseFindPerMin": 5, "maxWarmNoTarget": 0.9, "maxWarmTogglesPerMin": 30},
             "gate": {"minFidelityTrials": 1, "ttfSlack": 0.1, "ttfCapS": 8, "fpMargin": 0.05},
             "bootstrapResamples": 50, "bootstrapSeed": 7}
            """, to: "warmth.json")
    }

    @Test func warmthWritesHDF5AndTheReportComesFromIt() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try Self.smallProtocol(folder, corpus: Self.corpus(folder))
        let out = folder.file("out")
        let run = runTool(["warmth", protocolPath, "--out", out])
        #expect(run.status == 0 || run.status == 2, "\(run.output.standardError)")
        let h5 = out + "/results.h5"
        #expect(WarmthResultsFile.holdsWarmth(h5))
        #expect(!FileManager.default.fileExists(atPath: out + "/results.json"))
        #expect(!FileManager.default.fileExists(atPath: WarmthJob.checkpointPath(out)), "the checkpoint stays after a complete run")
        // the file holds what the job computes
        let (proto, corpus) = try WarmthProtocol.load(protocolPath)
        let direct = try WarmthJob.run(proto, trials: try TrialReader.readCorpus(index: corpus))
        let stored = try WarmthResultsFile.read(h5)
        #expect(try JSONText.string(stored.results) == JSONText.string(direct))
        #expect(stored.results.points.count == 48 && stored.results.components.count == 48)
        #expect(stored.results.recommended != nil, "the loose constraints admit a point")
        // spatial-eval report renders the same report from the file alone
        let again = folder.file("again")
        #expect(runTool(["report", h5, "--out", again]).status == 0)
        #expect(try String(contentsOfFile: again + "/report.md", encoding: .utf8) == String(contentsOfFile: out + "/report.md", encoding: .utf8))
    }

    @Test func aWarmthRunResumesFromItsCheckpoint() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try Self.smallProtocol(folder, corpus: Self.corpus(folder))
        let (proto, corpus) = try WarmthProtocol.load(protocolPath)
        let trials = try TrialReader.readCorpus(index: corpus)
        let out = folder.file("out")
        let checkpointing = try WarmthJob.Checkpointing(folder: out, protocolPath: protocolPath, trials: trials, batchSize: 10)
        // a run killed after its first batch leaves this checkpoint behind
        var checkpoint = SweepCheckpoint(fingerprint: checkpointing.fingerprint)
        _ = try ResumableSweep.run(WarmthSweep(trials: trials, grid: proto.grid, base: proto.baseline), checkpoint: &checkpoint,
                                   batchSize: 10) { _, _ in false }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try checkpoint.save(to: WarmthJob.checkpointPath(out))
        var lines: [String] = []
        let resumed = try WarmthJob.run(proto, trials: trials, checkpointing: checkpointing, message: { lines.append($0) })
        #expect(resumed.resumedPoints == 10 && lines == ["warmth sweep: resuming with 10 of 48 points done"])
        var fresh = try WarmthJob.run(proto, trials: trials)
        fresh.resumedPoints = 10
        #expect(try JSONText.string(resumed) == JSONText.string(fresh))
        #expect(!FileManager.default.fileExists(atPath: WarmthJob.checkpointPath(out)))
        // a checkpoint of other inputs is ignored
        var other = checkpoint
        other.fingerprint = "another protocol"
        try other.save(to: WarmthJob.checkpointPath(out))
        #expect(try WarmthJob.run(proto, trials: trials, checkpointing: checkpointing).resumedPoints == 0)
    }

    @Test func shardedWarmthMergesToTheUnshardedResults() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try Self.smallProtocol(folder, corpus: Self.corpus(folder))
        let whole = folder.file("whole"), sharded = folder.file("sharded")
        #expect([0, 2].contains(runTool(["warmth", protocolPath, "--out", whole]).status))
        #expect(runTool(["plan-shards", protocolPath, "--kind", "warmth", "--shards", "3", "--strategy", "strided", "--out", sharded]).status == 0)
        #expect(runTool(["merge-shards", sharded]).status == 3, "nothing is merged before every shard is complete")
        for k in 0..<3 { #expect(runTool(["run-shard", sharded, "--shard", "\(k)"]).status == 0) }
        let merged = runTool(["merge-shards", sharded])
        #expect(merged.status == 0, "\(merged.output.standardError)")
        #expect(merged.output.standardOutput.hasPrefix("warmth: 6 trials, 48 grid points"))
        let a = try WarmthResultsFile.read(whole + "/results.h5").results, b = try WarmthResultsFile.read(sharded + "/results.h5").results
        #expect(try JSONText.string(a) == JSONText.string(b))
        #expect(try String(contentsOfFile: sharded + "/report.md", encoding: .utf8) == String(contentsOfFile: whole + "/report.md", encoding: .utf8))
    }
}
