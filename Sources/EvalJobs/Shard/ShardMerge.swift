import Foundation
import Recording
import Simulation
import Sweeps
import Warmth
import EvalResults

/// Copy merge of complete shards (Docs/scale-out.md#merge). A sweep plan becomes
/// `DIR/sweep.h5` (the caller renders the sweep report from it), through the same writer as an
/// unsharded `spatial-eval sweep`: per-cell components are placed by their global point
/// index, and everything pooled (metrics, recommendations, intervals, Pareto fronts) is
/// computed here, after the merge, in one fixed order. A corpus plan becomes the corpus
/// summary `DIR/corpus/corpus.json` of the recordings the shards wrote. A warmth plan becomes
/// `DIR/results.h5` through the warmth job's own writer, the shards' components taking the
/// place of the sweep.
public enum ShardMerge {
    /// What the merge wrote.
    public struct Outcome {
        /// Files written.
        public var files: [String]
        /// Text for standard output (a corpus plan's summary; empty for a sweep plan, whose
        /// report the caller renders from ``sweep``).
        public var summary: String
        /// A sweep plan's merged results as read back from `DIR/sweep.h5`.
        public var sweep: SweepResults?
        /// A warmth plan's merged results as read back from `DIR/results.h5`.
        public var warmth: WarmthResultsFile.Contents?
        /// A sweep round after which the decisions need more work: the next round's plan and its hash
        /// (written to `DIR/plan-round-R.json`; no `sweep.h5` yet).
        public var next: (plan: ShardPlan, hash: String)? = nil
    }

    /// What merging a plan's shards came to.
    public enum Attempt {
        /// Some shard is missing, foreign or corrupt: the status table with re-run commands.
        case incomplete(status: String)
        /// Merged: what was written, and the settings every shard ran under.
        case merged(Outcome, uniform: String)
    }

    /// Surveys the shards of `plan` in `folder`; when every one is complete, checks they ran
    /// under one setting and merges them. `shownAs` is the folder as the status table names it.
    public static func mergeIfComplete(_ plan: ShardPlan, hash: String, folder: String, shownAs: String? = nil,
                                       message: (String) -> Void) throws -> Attempt {
        let survey = ShardJob.survey(plan, hash: hash, folder: folder, load: true)
        guard survey.incomplete.isEmpty else {
            return .incomplete(status: ShardJob.statusText(plan, survey: survey, folder: shownAs ?? folder))
        }
        let uniform = try ShardJob.checkUniform(plan, survey: survey, folder: folder)
        return .merged(try merge(plan, survey: survey, folder: folder, message: message), uniform: uniform)
    }

    /// Merges surveyed, complete shards.
    public static func merge(_ plan: ShardPlan, survey: ShardJob.Survey, folder: String, message: (String) -> Void) throws -> Outcome {
        switch plan.kind {
        case .sweep: return try mergeSweep(plan, survey: survey, folder: folder, message: message)
        case .corpus: return try mergeCorpus(plan, survey: survey, folder: folder)
        case .warmth: return try mergeWarmth(plan, survey: survey, folder: folder, message: message)
        }
    }

    /// The warmth job on the shards' components (nothing is replayed again but the points
    /// whose whole traces the summaries need), written to `DIR/results.h5`.
    private static func mergeWarmth(_ plan: ShardPlan, survey: ShardJob.Survey, folder: String, message: (String) -> Void) throws -> Outcome {
        let (proto, trials) = try ShardJob.warmthInputs(plan)
        let c = WarmthTrialComponent.allCases.count
        var known: [Int: [[Double]]] = [:]
        for k in 0..<plan.shards {
            guard let read = survey.reads[k] else { throw InputError(file: plan.shardPath(k, in: folder), message: "not loaded") }
            let p = read.payload
            guard p.shape == [p.pointIndex.count, trials.count, c] else {
                throw InputError(file: plan.shardPath(k, in: folder), message: "components shape \(p.shape), expected [\(p.pointIndex.count), \(trials.count), \(c)]")
            }
            for (row, point) in p.pointIndex.enumerated() {
                let base = row * trials.count * c
                known[Int(point)] = (0..<trials.count).map { t in Array(p.values[base + t * c..<base + (t + 1) * c]) }
            }
        }
        guard known.count == proto.grid.count else {
            throw InputError(file: folder, message: "warmth \(proto.name): the shards do not cover every grid point")
        }
        let results = try WarmthJob.run(proto, trials: trials, known: known, message: message)
        let h5 = (folder as NSString).appendingPathComponent("results.h5")
        try WarmthResultsFile.write(results, grid: proto.grid, protocolPath: plan.input.path, trialFiles: trials.map(\.file), to: h5)
        ShardFile.syncDirectory(folder)
        return Outcome(files: [h5], summary: "", warmth: try WarmthResultsFile.read(h5))
    }

    /// The sweep decision flow (``SweepDecisions``) on the shards of every round so far: with
    /// every outcome it needs, `DIR/sweep.h5`; otherwise the next round's plan (Docs/scale-out.md#rounds).
    private static func mergeSweep(_ plan: ShardPlan, survey: ShardJob.Survey, folder: String, message: (String) -> Void) throws -> Outcome {
        let (loaded, data, inputs) = try ShardJob.sweepInputs(plan, message: message)
        let spec = loaded.evaluationProtocol
        let chain = try ShardPlan.chain(in: folder)
        for (earlier, _) in chain { try ShardJob.checkWork(earlier, loaded, folder: folder) }
        guard let current = chain.last, current.plan == plan else {
            throw InputError(file: ShardPlan.path(in: folder, round: plan.roundNumber), message: "is not the last round of the folder's plans")
        }
        var reads: [[Int: ShardFile.Read]] = []
        for (earlier, hash) in chain.dropLast() {
            let done = ShardJob.survey(earlier, hash: hash, folder: folder, load: true)
            guard done.incomplete.isEmpty else {
                throw InputError(file: ShardPlan.path(in: folder, round: earlier.roundNumber),
                                 message: "round \(earlier.roundNumber): shards \(ShardRangeList.format(done.incomplete)) are not complete any more")
            }
            reads.append(done.reads)
        }
        reads.append(survey.reads)
        var store = try ShardRounds.store(chain, reads: reads, inputs: inputs, spec: spec, folder: folder)
        switch try SweepDecisions.run(loaded, data: data, protocolSHA: plan.input.sha256, source: &store, message: message) {
        case .finished(let merged):
            let h5 = (folder as NSString).appendingPathComponent("sweep.h5")
            try SweepResultsFile.write(merged, loaded: loaded, to: h5)
            ShardFile.syncDirectory(folder)
            return Outcome(files: [h5], summary: "", sweep: try SweepResultsFile.read(h5), warmth: nil)
        case .pending:
            if let work = plan.work, let corpora = plan.corpora,
               store.requests.map({ [$0.sweep: $0.corpus] }) == work.map({ [$0.sweep: corpora[$0.corpus].name] }),
               store.requests.map(\.points) == work.map(\.points) {
                throw InputError(file: ShardPlan.path(in: folder, round: plan.roundNumber),
                                 message: "round \(plan.roundNumber) computed these points, yet the decisions ask for them again (their values did not survive the plan file)")
            }
            let next = try ShardRounds.next(after: plan, hash: current.hash, shards: chain[0].plan.shards, requests: store.requests, spec: spec, folder: folder)
            try next.write(to: folder)
            let file = ShardPlan.path(in: folder, round: next.roundNumber)
            return Outcome(files: [file], summary: "", sweep: nil, warmth: nil, next: (next, try next.hash()))
        }
    }

    private static func mergeCorpus(_ plan: ShardPlan, survey: ShardJob.Survey, folder: String) throws -> Outcome {
        let spec = try CorpusBuilder.spec(at: plan.input.path)
        let corpusFolder = (folder as NSString).appendingPathComponent("corpus")
        for k in 0..<plan.shards {
            guard let read = survey.reads[k] else { throw InputError(file: plan.shardPath(k, in: folder), message: "not loaded") }
            for (index, sha) in zip(read.payload.pointIndex, read.payload.sha256) {
                let path = (corpusFolder as NSString).appendingPathComponent(spec.member(Int(index)).fileName)
                guard FileManager.default.fileExists(atPath: path) else {
                    throw InputError(file: path, message: "missing although shard \(k) wrote it; re-run shard \(k) with --force")
                }
                let now = try SHA256.fingerprint(path)
                guard now == sha else { throw InputError(file: path, message: "differs from what shard \(k) recorded (SHA-256); re-run shard \(k) with --force") }
            }
        }
        let summary = try CorpusBuilder.build(spec, into: corpusFolder)
        return Outcome(files: [(corpusFolder as NSString).appendingPathComponent("corpus.json")], summary: summary.text, sweep: nil, warmth: nil)
    }
}
