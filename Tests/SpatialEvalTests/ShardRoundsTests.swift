import Foundation
import Recording
@testable import EvalResults
@testable import EvalJobs
@testable import EvalCommandLine
import Sweeps
import TestSupport
import Testing

/// The chain of round plans of a sharded sweep (Docs/scale-out.md#rounds): each later plan
/// records the previous plan's hash, a broken chain is refused naming the file, and a shard of
/// another round is refused. The identity of the merged rounds with an unsharded run is
/// checked by Scripts/check-shard-rounds.
@Suite("Sharded sweep rounds")
struct ShardRoundsTests {
    /// A folder with a two-shard first round and a second round of two points of sweep 0.
    static func twoRounds(_ folder: TemporaryDirectory) throws -> (run: String, first: ShardPlan, second: ShardPlan) {
        let protocolPath = try SweepCommandTests.makeProtocol(in: folder)
        let run = folder.file("run")
        #expect(runTool(["plan-shards", protocolPath, "--shards", "2", "--out", run]).status == 0)
        let (first, hash) = try ShardPlan.load(from: run)
        let loaded = try ProtocolLoader.load(first.input.path)
        let requests = [ShardRounds.Request(sweep: 0, corpus: "", paths: first.recordings.map(\.path), points: [[0.99, 0.35], [0.99, 0.5]])]
        let second = try ShardRounds.next(after: first, hash: hash, shards: first.shards, requests: requests, spec: loaded.evaluationProtocol, folder: run)
        try second.write(to: run)
        return (run, first, second)
    }

    @Test("a later round's plan records the previous plan's hash; the folder's current round is the last of the chain")
    func chain() throws {
        let folder = try TemporaryDirectory()
        let (run, first, second) = try Self.twoRounds(folder)
        let chain = try ShardPlan.chain(in: run)
        #expect(chain.count == 2)
        #expect(chain[1].plan.previousPlanHash == (try first.hash()))
        #expect(chain[1].plan.round == 1 && second.itemCount == 2 && second.shards == 2)
        #expect(try ShardPlan.load(from: run).plan == second)
        #expect(FileManager.default.fileExists(atPath: run + "/plan-round-00001.json"))
        let (status, output) = runTool(["shard-status", run])
        #expect(status == 3 && output.standardOutput.contains("round 1 (plan-round-00001.json)"), "\(output.standardOutput)")
    }

    @Test("a plan whose previous-plan hash is not the previous plan's is refused, naming its file")
    func brokenChain() throws {
        let folder = try TemporaryDirectory()
        let (run, _, second) = try Self.twoRounds(folder)
        var forged = second
        forged.previousPlanHash = String(repeating: "0", count: 64)
        let path = run + "/plan-round-00001.json"
        try (try forged.canonicalJSON() + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect {
            try ShardPlan.chain(in: run)
        } throws: { error in
            "\(error)".contains("plan-round-00001.json") && "\(error)".contains("chain of round plans is broken")
        }
        let (status, output) = runTool(["run-shard", run, "--shard", "0"])
        #expect(status == 1 && output.standardError.contains("plan-round-00001.json"), "\(output.standardError)")
    }

    @Test("a later round whose unit names no sweep of the protocol, or points of the wrong width, is refused naming the plan")
    func badWork() throws {
        let folder = try TemporaryDirectory()
        let (run, _, second) = try Self.twoRounds(folder)
        let path = run + "/plan-round-00001.json"
        for (change, expected) in [({ (plan: inout ShardPlan) in plan.work![0].sweep = 9 }, "names sweep 9"),
                                   ({ (plan: inout ShardPlan) in plan.work![0].points[0] = [0.9] }, "one finite value for each of the sweep's 2 axes")] {
            var forged = second
            change(&forged)
            try (try forged.canonicalJSON() + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
            let (status, output) = runTool(["run-shard", run, "--shard", "0"])
            #expect(status == 1 && output.standardError.contains(path) && output.standardError.contains(expected), "\(output.standardError)")
        }
    }

    @Test("a shard of another round is refused: foreign to the current round's plan, and run-shard --round names the current round")
    func wrongRound() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try SweepCommandTests.makeProtocol(in: folder)
        let run = folder.file("run")
        #expect(runTool(["plan-shards", protocolPath, "--shards", "2", "--out", run]).status == 0)
        #expect(runTool(["run-shard", run, "--shard", "0", "--round", "0"]).status == 0)
        let (first, hash) = try ShardPlan.load(from: run)
        let loaded = try ProtocolLoader.load(first.input.path)
        let requests = [ShardRounds.Request(sweep: 0, corpus: "", paths: first.recordings.map(\.path), points: [[0.99, 0.35], [0.99, 0.5]])]
        let second = try ShardRounds.next(after: first, hash: hash, shards: 2, requests: requests, spec: loaded.evaluationProtocol, folder: run)
        try second.write(to: run)
        // Round 0's shard 0 put where round 1's shard 0 belongs: another plan's hash.
        try FileManager.default.copyItem(atPath: first.shardPath(0, in: run), toPath: second.shardPath(0, in: run))
        let (state, _) = ShardFile.inspect(second, hash: try second.hash(), shard: 0, folder: run, load: false)
        #expect(state == .foreign(hash))
        let (status, output) = runTool(["run-shard", run, "--shard", "1", "--round", "0"])
        #expect(status == 1 && output.standardError.contains("current round is 1, not 0"), "\(output.standardError)")
        // The round's own shards run and merge: the decisions then ask for a round of their own.
        #expect(runTool(["run-shard", run, "--shard", "0", "--round", "1", "--force"]).status == 0)
        #expect(runTool(["run-shard", run, "--shard", "1", "--round", "1"]).status == 0)
        #expect(runTool(["shard-status", run]).status == 0)
        // A crashed attempt of the round leaves its temporary file in the round's folder: listed and removed.
        let leftover = (second.shardPath(1, in: run) as NSString).deletingLastPathComponent + "/shard-00001-of-00002.h5.tmp-1-x"
        try Data("partial".utf8).write(to: URL(fileURLWithPath: leftover))
        #expect(runTool(["shard-status", run]).output.standardOutput.contains("temporary file of a crashed attempt: " + leftover))
        #expect(runTool(["clean-shards", run]).output.standardOutput.contains("removed 1 temporary file(s)"))
    }
}
