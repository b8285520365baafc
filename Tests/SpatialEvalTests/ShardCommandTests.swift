import Foundation
import Recording
import ResultStore
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Sweeps
import TestSupport
import Testing

/// Sharded sweeps: plan, run-shard, shard-status, merge-shards (Docs/scale-out.md). The
/// merged sweep.h5 must equal the unsharded run's dataset by dataset (bit patterns), and the
/// report byte for byte. The Slurm and GNU parallel paths are exercised by Scripts/slurm-ci.
@Suite("Sharded sweeps")
struct ShardCommandTests {
    /// Every dataset outside /provenance of the file at `path`: its path → (shape, bit patterns or strings).
    static func datasets(_ path: String) throws -> [String: String] {
        let file = try ResultFile.open(atPath: path)
        var result: [String: String] = [:]
        func walk(_ group: ResultGroup, _ prefix: String) throws {
            for name in try group.memberNames() {
                let full = prefix + "/" + name
                if full == "/provenance" { continue }
                switch try group.memberKind(name) {
                case .group: try walk(try group.openGroup(name), full)
                case .dataset:
                    let info = try group.datasetInfo(name)
                    switch info.elementClass {
                    case .string: result[full] = "\(info.shape) " + (try group.readStrings(name)).joined(separator: "\u{1}")
                    case .integer: result[full] = "\(info.shape) " + (try group.readInt64s(name)).values.map(String.init).joined(separator: ",")
                    default: result[full] = "\(info.shape) " + (try group.readDoubles(name)).values.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
                    }
                default: break
                }
            }
        }
        try walk(file.root, "")
        return result
    }

    /// Runs every shard of `folder` in turn (by --shard K/N).
    static func runShards(_ folder: String, _ shards: Int, skipping: Set<Int> = []) {
        for k in 0..<shards where !skipping.contains(k) {
            let (status, output) = runTool(["run-shard", folder, "--shard", "\(k)/\(shards)"])
            #expect(status == 0, "shard \(k): \(output.standardError)")
        }
    }

    @Test("sharded runs merge to the unsharded sweep.h5 and report for blocks, weighted and strided mappings")
    func mergedEqualsUnsharded() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try SweepCommandTests.makeProtocol(in: folder)
        let unsharded = folder.file("unsharded")
        let (status, output) = runTool(["sweep", protocolPath, "--out", unsharded])
        #expect(status == 0, "\(output.standardError)")
        let reference = try Self.datasets(unsharded + "/sweep.h5")
        #expect(reference.count > 50)
        let report = try String(contentsOfFile: unsharded + "/report.md", encoding: .utf8)
        for (shards, strategy) in [(1, "blocks"), (3, "weighted"), (4, "strided")] {
            let run = folder.file("run-\(strategy)-\(shards)")
            let (planned, planOutput) = runTool(["plan-shards", protocolPath, "--shards", "\(shards)", "--strategy", strategy, "--out", run])
            #expect(planned == 0, "\(planOutput.standardError)")
            #expect(planOutput.standardOutput.contains("sbatch --array=0-\(shards - 1)"))
            Self.runShards(run, shards)
            let (merged, mergeOutput) = runTool(["merge-shards", run])
            #expect(merged == 0, "\(mergeOutput.standardError)")
            let datasets = try Self.datasets(run + "/sweep.h5")
            #expect(datasets.keys.sorted() == reference.keys.sorted())
            let differing = reference.keys.filter { datasets[$0] != reference[$0] }.sorted()
            #expect(differing.isEmpty, "\(strategy) × \(shards): \(differing.prefix(5))")
            #expect(try String(contentsOfFile: run + "/report.md", encoding: .utf8) == report, "\(strategy) × \(shards): report differs")
        }
    }

    @Test("a missing shard: status and merge exit 3 with the exact list; re-running it alone completes the merge; finished shards skip")
    func failurePath() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try SweepCommandTests.makeProtocol(in: folder)
        let run = folder.file("run")
        #expect(runTool(["plan-shards", protocolPath, "--shards", "5", "--out", run]).status == 0)
        Self.runShards(run, 5, skipping: [1, 3])
        let (status, statusOutput) = runTool(["shard-status", run])
        #expect(status == 3)
        #expect(statusOutput.standardOutput.contains("missing 2 of 5 shards"))
        #expect(statusOutput.standardOutput.contains("): 1,3\n"), "\(statusOutput.standardOutput)")
        #expect(statusOutput.standardOutput.contains("sbatch --array=1,3 "))
        #expect(statusOutput.standardOutput.contains("--index-into 1,3"))
        let (merge, mergeOutput) = runTool(["merge-shards", run])
        #expect(merge == 3)
        #expect(mergeOutput.standardError.contains("): 1,3\n"))
        #expect(!FileManager.default.fileExists(atPath: run + "/sweep.h5"), "nothing half-written")

        // A crashed attempt's temporary file: listed by status, never counted, removed by clean-shards.
        let leftover = run + "/shards/shard-00001-of-00005.h5.tmp-999-abc"
        try Data("partial".utf8).write(to: URL(fileURLWithPath: leftover))
        let (withTemp, withTempOutput) = runTool(["shard-status", run])
        #expect(withTemp == 3 && withTempOutput.standardOutput.contains("temporary file of a crashed attempt: " + leftover))
        let (cleaned, cleanOutput) = runTool(["clean-shards", run])
        #expect(cleaned == 0 && cleanOutput.standardOutput.contains("removed 1 temporary file(s)"))
        #expect(!FileManager.default.fileExists(atPath: leftover))

        let (again, againOutput) = runTool(["run-shard", run, "--shard", "0"])
        #expect(again == 0 && againOutput.standardOutput.contains("already complete, skipped"))
        // Kubernetes-style re-run of the missing ones: dense engine indexes 0, 1 mapped through the list.
        for i in 0..<2 {
            let (rerun, rerunOutput) = runTool(["run-shard", run, "--index-into", "1,3", "--shard", "\(i)"])
            #expect(rerun == 0, "\(rerunOutput.standardError)")
        }
        #expect(runTool(["shard-status", run]).status == 0)
        #expect(runTool(["merge-shards", run]).status == 0)
        #expect(FileManager.default.fileExists(atPath: run + "/sweep.h5"))
    }

    @Test("foreign and corrupt shard files, edited plans, differing OpenBLAS settings and bad indexes are refused")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try SweepCommandTests.makeProtocol(in: folder)
        let a = folder.file("a"), b = folder.file("b")
        #expect(runTool(["plan-shards", protocolPath, "--shards", "2", "--out", a]).status == 0)
        #expect(runTool(["plan-shards", protocolPath, "--shards", "2", "--strategy", "strided", "--out", b]).status == 0)
        #expect(runTool(["plan-shards", protocolPath, "--shards", "3", "--out", a]).status == 1, "a plan is immutable")
        #expect(runTool(["plan-shards", protocolPath, "--shards", "99", "--out", folder.file("c")]).status == 1, "more shards than points")
        Self.runShards(a, 2)
        Self.runShards(b, 2)
        // b's shard 1 copied into a: another plan's hash.
        let planA = try ShardPlan.load(from: a).plan
        try FileManager.default.removeItem(atPath: planA.shardPath(1, in: a))
        try FileManager.default.copyItem(atPath: planA.shardPath(1, in: b), toPath: planA.shardPath(1, in: a))
        let (status, output) = runTool(["shard-status", a])
        #expect(status == 3 && output.standardOutput.contains("foreign: shard 1"), "\(output.standardOutput)")
        try Data("not hdf5".utf8).write(to: URL(fileURLWithPath: planA.shardPath(1, in: a)))
        let (corrupt, corruptOutput) = runTool(["shard-status", a])
        #expect(corrupt == 3 && corruptOutput.standardOutput.contains("corrupt: shard 1"))
        #expect(runTool(["run-shard", a, "--shard", "1"]).status == 0, "an unreadable file is recomputed")
        #expect(runTool(["shard-status", a]).status == 0)

        // Usage errors: no index anywhere, one outside the plan, N disagreeing.
        #expect(runTool(["run-shard", a]).status == 64)
        #expect(runTool(["run-shard", a, "--shard", "2"]).status == 64)
        #expect(runTool(["run-shard", a, "--shard", "0/3"]).status == 64)

        // An edited plan is refused by every command.
        let planPath = a + "/plan.json"
        let original = try String(contentsOfFile: planPath, encoding: .utf8)
        try original.replacingOccurrences(of: "\"openblasThreads\":1", with: "\"openblasThreads\": 1").write(toFile: planPath, atomically: true, encoding: .utf8)
        let (edited, editedOutput) = runTool(["shard-status", a])
        #expect(edited == 1 && editedOutput.standardError.contains("canonical form"))
        try original.write(toFile: planPath, atomically: true, encoding: .utf8)

        // A shard whose recorded OpenBLAS core differs: the merge refuses (exit 1) naming it.
        let survey = ShardJob.survey(planA, hash: try planA.hash(), folder: a, load: true)
        var odd = survey
        odd.reads[1]!.provenance.openblasCore = "Nehalem"
        #expect(throws: InputError.self) { try ShardJob.checkUniform(planA, survey: odd, folder: a) }
        let common = try ShardJob.checkUniform(planA, survey: survey, folder: a)
        #expect(common.contains("1 thread(s)"), "\(common)")
    }

    @Test("a corpus shards the same way: the merged corpus equals the unsharded one file for file")
    func corpusShards() throws {
        let folder = try TemporaryDirectory()
        let spec = try folder.write("""
            {"name": "tiny-corpus", "count": 5, "seed": 11,
             "arms": [{"scenario": "twins-moved", "weight": 1, "duration": [4, 8]}, {"scenario": "absence", "weight": 1, "duration": [4, 6]}]}
            """, to: "corpus.json")
        let whole = folder.file("whole")
        let (status, output) = runTool(["simulate-corpus", spec, "--out", whole])
        #expect(status == 0, "\(output.standardError)")
        let run = folder.file("run")
        #expect(runTool(["plan-shards", spec, "--kind", "corpus", "--shards", "3", "--strategy", "weighted", "--out", run]).status == 0)
        Self.runShards(run, 3)
        let (merged, mergeOutput) = runTool(["merge-shards", run])
        #expect(merged == 0, "\(mergeOutput.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: run + "/corpus").sorted() == names)
        for name in names {
            #expect(FileManager.default.contents(atPath: whole + "/" + name) == FileManager.default.contents(atPath: run + "/corpus/" + name), "\(name)")
        }
    }

    @Test("the Kubernetes Indexed Job manifest: an Indexed batch/v1 Job running run-shard with the pinned environment")
    func kubernetesManifest() throws {
        let path = RunReportTests.repository + "/Engines/kubernetes/indexed-job.json"
        let data = try #require(FileManager.default.contents(atPath: path))
        let job = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(job["apiVersion"] as? String == "batch/v1")
        #expect(job["kind"] as? String == "Job")
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        let parallelism = try #require(spec["parallelism"] as? Int)
        #expect(completions >= 1 && parallelism >= 1 && parallelism <= 100_000)
        if let maxFailed = spec["maxFailedIndexes"] as? Int { #expect(maxFailed <= completions && spec["backoffLimitPerIndex"] is Int) }
        let template = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        #expect(template["restartPolicy"] as? String == "Never")
        let containers = try #require(template["containers"] as? [[String: Any]])
        #expect(containers.count == 1)
        let container = containers[0]
        let command = (container["command"] as? [String] ?? []) + (container["args"] as? [String] ?? [])
        #expect(command.first == "spatial-eval" && command.dropFirst().first == "run-shard" && command.count == 3,
                "the index comes from JOB_COMPLETION_INDEX: no --shard, and N from the plan")
        let env = Dictionary(uniqueKeysWithValues: (container["env"] as? [[String: Any]] ?? []).compactMap { e in
            (e["name"] as? String).map { ($0, e["value"] as? String ?? "") }
        })
        #expect(env["OPENBLAS_NUM_THREADS"] == "1")
        #expect(env["HDF5_USE_FILE_LOCKING"] == "FALSE")
        #expect(env["OPENBLAS_CORETYPE"] != nil)
        #expect(env["JOB_COMPLETION_INDEX"] == nil, "set by the control plane")
        let mounts = try #require(container["volumeMounts"] as? [[String: Any]])
        let mountPath = try #require(mounts.first?["mountPath"] as? String)
        #expect(command[2].hasPrefix(mountPath), "the run folder lives on the shared volume")
        let volumes = try #require(template["volumes"] as? [[String: Any]])
        #expect(volumes.contains { $0["name"] as? String == mounts.first?["name"] as? String })
        // The manifest is what plan-shards points at.
        #expect(PlanShardsCommand().discussion.contains("Slurm, Kubernetes") || PlanShardsCommand().summary.contains("Kubernetes"))
    }
}
