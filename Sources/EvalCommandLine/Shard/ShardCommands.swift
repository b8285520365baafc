import EvalNumerics
import Foundation
import Recording
import Sweeps
import EvalResults
import EvalJobs
import EvalReports

extension ShardStrategy: OptionValue {}

/// What a plan shards.
enum ShardPlanKind: String, CaseIterable, OptionValue {
    case sweep, corpus, warmth
}

/// `spatial-eval plan-shards`: writes the immutable plan of a sharded sweep or corpus.
struct PlanShardsCommand: Command {
    let name = "plan-shards"
    let summary = "Plan a sweep (or corpus, or warmth grid) split into N shards: DIR/plan.json and the commands for Slurm, Kubernetes and GNU parallel."
    let discussion = """
        Writes DIR/plan.json once: the protocol (or corpus spec) and recordings (a warmth \
        protocol's trial files) with their SHA-256s, the work items (every sweep's points in \
        protocol order, the corpus recordings, or a warmth grid's points), the mapping of items to shards (blocks, weighted blocks by a \
        deterministic cost, or strided), the tool build and the OPENBLAS_CORETYPE every shard \
        must run with (one OpenBLAS thread). Its SHA-256 is the plan hash every shard records. \
        A folder that holds another plan is refused. Prints the commands that run the shards \
        and the merge. This is a sweep's first round: when the decisions need more (widened \
        grids, variant corpora, pivot steps), merge-shards writes the next round's plan. Docs/scale-out.md. Exit status: 0 written, 1 bad input, 64 usage error.
        """
    static let input = Positional<String>("INPUT.json", "A protocol with a \"sweeps\" list, a corpus spec with --kind corpus, or a warmth protocol with --kind warmth.")
    static let shards = OptionKey<Int>("shards", "N", "Number of shards.", bounds: .atLeast(1))
    static let strategy = OptionKey<ShardStrategy>("strategy", "MAPPING", "How work items map to shards.", default: .blocks)
    static let kind = OptionKey<ShardPlanKind>("kind", "KIND", "What the work items are.", default: .sweep)
    static let out = OptionKey<String>("out", "DIR", "Run folder (plan.json, shards/, the merged results).")
    static let coretype = OptionKey<String?>("openblas-coretype", "NAME", "OPENBLAS_CORETYPE every shard must run with (default: the current environment's, or unset).")
    let positionals: [any CommandPositional] = [Self.input]
    let options: [any CommandOption] = [Self.shards, Self.strategy, Self.kind, Self.out, Self.coretype]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let input = arguments[Self.input], n = arguments[Self.shards], folder = arguments[Self.out]
        let coretype = arguments[Self.coretype] ?? ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"] ?? ""
        let plan: ShardPlan
        switch arguments[Self.kind] {
        case .sweep: plan = try ShardPlan.sweep(try ProtocolLoader.load(input), shards: n, strategy: arguments[Self.strategy], coretype: coretype, message: { output.err($0 + "\n") })
        case .corpus: plan = try ShardPlan.corpus(specAt: input, shards: n, strategy: arguments[Self.strategy], coretype: coretype)
        case .warmth: plan = try ShardPlan.warmth(protocolAt: input, shards: n, strategy: arguments[Self.strategy], coretype: coretype)
        }
        try plan.write(to: folder)
        let hash = try plan.hash()
        output.out(Self.commands(plan, hash: hash, folder: folder)
            + (plan.kind == .sweep ? "a sweep may need later rounds (widened grids, variant corpora, pivot steps): merge-shards then writes the next round's plan and prints these commands again (Docs/scale-out.md#rounds)\n" : "")
            + "\n")
        return .success
    }

    /// The plan file, its work and the commands that run its shards and the merge, one engine a line.
    static func commands(_ plan: ShardPlan, hash: String, folder: String) -> String {
        let sizes = (0..<plan.shards).map { plan.mapping.items(of: $0).count }
        let coretype = plan.openblasCoretype
        let round = plan.roundNumber
        let shardOption = round == 0 ? "" : " --round \(round)"
        return """
            plan: \(ShardPlan.path(in: folder, round: round)) (plan hash \(hash)\(round == 0 ? "" : ", round \(round)"))
            \(plan.itemCount) \(Self.itemText(plan)) in \(plan.shards) shards \
            (\(plan.mapping.strategy.rawValue): \(sizes.min()!)–\(sizes.max()!) items per shard)
            environment for every shard: OPENBLAS_NUM_THREADS=1 OPENBLAS_CORETYPE=\(coretype.isEmpty ? "(unset)" : coretype) HDF5_USE_FILE_LOCKING=FALSE
            Slurm:      Engines/slurm/submit \(folder)
                        (sbatch --array=0-\(plan.shards - 1) Engines/slurm/run-shard.sbatch \(folder); then --dependency=afterany:JOB Engines/slurm/merge.sbatch \(folder))
            Kubernetes: Engines/kubernetes/indexed-job.json with completions: \(plan.shards), args [run-shard, \(folder)\(round == 0 ? "" : ", --round, \(round)")]
            parallel:   Engines/parallel/run-shards \(folder) [--sshloginfile FILE]
            by hand:    spatial-eval run-shard \(folder) --shard K/\(plan.shards)\(shardOption) for K in 0..\(plan.shards - 1); spatial-eval merge-shards \(folder)

            """
    }

    /// What the plan's work items are, in words.
    static func itemText(_ plan: ShardPlan) -> String {
        switch plan.kind {
        case .sweep: plan.work == nil ? "points × \(plan.recordings.count) recordings" : "points × the recordings of \(plan.corpora?.count ?? 0) \(plan.corpora?.count == 1 ? "corpus" : "corpora") (\(plan.cells(Array(0..<plan.itemCount))) cells)"
        case .warmth: "warmth grid points × \(plan.componentUnits ?? 0) trials"
        case .corpus: "recordings"
        }
    }
}

/// Loads the plan of `folder` and moves into its working folder.
private func openPlan(_ folder: String) throws -> (plan: ShardPlan, hash: String, folder: String) {
    let (plan, hash) = try ShardPlan.load(from: folder)
    return (plan, hash, try ShardJob.enter(folder, plan: plan))
}

/// `spatial-eval run-shard`: computes one shard of a plan.
struct RunShardCommand: Command {
    let name = "run-shard"
    let summary = "Compute one shard of a plan into DIR/shards/ (index from --shard, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)."
    let discussion = """
        The shard index comes from --shard K (or K/N), else SLURM_ARRAY_TASK_ID, else \
        JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), else the variable named by \
        --index-env; --index-into LIST maps the engine's index i to the i-th shard of LIST \
        (3,6,12-15), for engines that only count 0..M-1. The shard count always comes from the \
        plan. A shard already complete for this plan is skipped (exit 0) unless --force. Pins \
        OpenBLAS to one thread, refuses an OPENBLAS_CORETYPE other than the plan's, and writes \
        DIR/shards/shard-KKKKK-of-NNNNN.h5 atomically with the plan hash as its last attribute. \
        For tests, SPATIAL_EVAL_SHARD_FAIL=K makes shard K fail before writing. A sweep's later \
        rounds run the same way: the shard belongs to the folder's current round (its plan \
        hash names that round's plan; --round R refuses any other round). \
        Docs/scale-out.md. Exit status: 0 written or already complete, 1 bad input, 64 usage error \
        (no index, or one outside the plan).
        """
    static let folder = Positional<String>("DIR", "A run folder made by plan-shards.")
    static let shard = OptionKey<String?>("shard", "K[/N]", "The shard to compute (0-based; N must equal the plan's).")
    static let indexInto = OptionKey<String?>("index-into", "LIST", "Range list the engine index selects from (3,6,12-15).")
    static let indexEnv = OptionKey<String?>("index-env", "NAME", "Another variable holding the engine index (e.g. AWS_BATCH_JOB_ARRAY_INDEX).")
    static let force = OptionKey<Bool>(flag: "force", "Recompute even when the shard is complete.")
    static let round = OptionKey<Int?>("round", "R", "Refuse to run unless R is the folder's current round (a sweep's later rounds, Docs/scale-out.md#rounds).")
    let positionals: [any CommandPositional] = [Self.folder]
    let options: [any CommandOption] = [Self.shard, Self.indexInto, Self.indexEnv, Self.force, Self.round]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        let (plan, hash, folder) = try openPlan(arguments[Self.folder])
        if let round = arguments[Self.round], round != plan.roundNumber {
            throw InputError(file: ShardPlan.path(in: folder, round: plan.roundNumber),
                             message: "the folder's current round is \(plan.roundNumber), not \(round): a shard of round \(round) is not run")
        }
        let resolved: ShardIndexSource.Resolved
        do {
            resolved = try ShardIndexSource.resolve(explicit: arguments[Self.shard], indexInto: arguments[Self.indexInto], indexEnv: arguments[Self.indexEnv],
                                                    environment: environment, shards: plan.shards)
        } catch {
            throw UsageError(error.description)
        }
        for note in resolved.notes { output.err(note + "\n") }
        let current = environment["OPENBLAS_CORETYPE"] ?? ""
        guard current == plan.openblasCoretype else {
            throw InputError(file: ShardPlan.path(in: folder), message: "the plan requires OPENBLAS_CORETYPE=\(plan.openblasCoretype.isEmpty ? "(unset)" : plan.openblasCoretype), this process has \(current.isEmpty ? "(unset)" : current)")
        }
        OpenBLASRuntime.setThreads(plan.openblasThreads)
        let k = resolved.index
        let failing = environment["SPATIAL_EVAL_SHARD_FAIL"].flatMap(ShardRangeList.parse)?.contains(k) ?? false
        let wrote = try ShardJob.run(plan, hash: hash, shard: k, folder: folder, force: arguments[Self.force], failForTest: failing,
                                     message: { output.err($0 + "\n") })
        let round = plan.roundNumber == 0 ? "" : " of round \(plan.roundNumber)"
        output.out(wrote ? "shard \(k) of \(plan.shards)\(round) (\(resolved.source)): \(plan.shardPath(k, in: folder))\n"
                         : "shard \(k) of \(plan.shards)\(round) (\(resolved.source)): already complete, skipped\n")
        return .success
    }
}

/// `spatial-eval shard-status`: which shards are complete, missing, foreign or corrupt.
struct ShardStatusCommand: Command {
    let name = "shard-status"
    let summary = "Show which shards of a plan are complete, missing, foreign or corrupt, with re-run commands (exit 3 when incomplete)."
    let discussion = """
        Checks every shard file of DIR against the plan: present, the plan's hash, its index, \
        the plan's items. Lists the shards that are not complete as a range list (3,6,12-15), \
        the points and cells they hold, one re-run line per engine, and leftover temporary files \
        of crashed attempts; the status is of the folder's current round (plan.json, or the \
        last plan-round-R.json a merge wrote). Docs/scale-out.md. Exit status: 0 complete, 3 incomplete, 1 bad \
        input, 64 usage error.
        """
    static let folder = Positional<String>("DIR", "A run folder made by plan-shards.")
    let positionals: [any CommandPositional] = [Self.folder]
    let options: [any CommandOption] = []

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let given = arguments[Self.folder]
        let (plan, hash, folder) = try openPlan(given)
        let survey = ShardJob.survey(plan, hash: hash, folder: folder, load: false)
        output.out(ShardJob.statusText(plan, survey: survey, folder: given))
        return survey.incomplete.isEmpty ? .success : .incomplete
    }
}

/// `spatial-eval merge-shards`: copies complete shards into one results file.
struct MergeShardsCommand: Command {
    let name = "merge-shards"
    let summary = "Merge the shards of a plan into DIR/sweep.h5 and the sweep report (or the corpus summary, or a warmth results.h5 and report); exit 3 when shards are missing."
    let discussion = """
        Checks every shard (present, the plan's hash and items, dataset shapes) and that all \
        ran with the same OpenBLAS core and thread count and the same tool version; with any \
        shard missing it prints what shard-status prints and exits 3. Otherwise it copies the \
        per-cell values into one cube per sweep and writes DIR/sweep.h5 atomically and the \
        report, exactly as an unsharded `spatial-eval sweep` does (pooled metrics, \
        recommendations and intervals are computed after the merge). A corpus plan gets \
        DIR/corpus/corpus.json; a warmth plan DIR/results.h5 and the warmth report, as \
        `spatial-eval warmth` writes them. Only the copy merge exists (no virtual-dataset link mode). \
        A sweep runs in rounds: the merge takes the decisions an unsharded sweep takes (grid \
        widening, variant corpora, pivot steps) on the shards of every round so far; when they \
        need more work it writes the next round's plan DIR/plan-round-R.json (chained to the \
        previous plan by its hash, the variant corpora generated), prints "next round: R" and \
        the commands that run it, and exits 0 without sweep.h5; run those shards and merge \
        again. Docs/scale-out.md#rounds. Exit status: 0 merged or next round planned, 1 bad \
        input or shards that differ, 3 incomplete, 64 usage error.
        """
    static let folder = Positional<String>("DIR", "A run folder made by plan-shards.")
    let positionals: [any CommandPositional] = [Self.folder]
    let options: [any CommandOption] = []

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let given = arguments[Self.folder]
        let (plan, hash, folder) = try openPlan(given)
        let start = DispatchTime.now().uptimeNanoseconds
        let merged: ShardMerge.Outcome, common: String
        switch try ShardMerge.mergeIfComplete(plan, hash: hash, folder: folder, shownAs: given, message: { output.err($0 + "\n") }) {
        case .incomplete(let status):
            output.err(status)
            return .incomplete
        case .merged(let outcome, let uniform):
            (merged, common) = (outcome, uniform)
        }
        if let (next, nextHash) = merged.next {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            output.err("merged round \(plan.roundNumber): \(plan.shards) shards (\(common)) in \(String(format: "%.2f", seconds)) s; the decisions need round \(next.roundNumber)\n")
            output.out("next round: \(next.roundNumber)\n" + PlanShardsCommand.commands(next, hash: nextHash, folder: given))
            return .success
        }
        var summary = merged.summary
        if let sweep = merged.sweep {
            let (report, _) = try SweepReportFiles.write(sweep, to: folder)
            summary = try SweepReportFiles.summary(sweep, report: report)
        }
        if let warmth = merged.warmth {
            try WarmthReportFiles.write(warmth, to: folder)
            summary = WarmthReportFiles.summary(warmth.results)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        output.err("merged \(plan.shards) shards (\(common)) in \(String(format: "%.2f", seconds)) s: \(merged.files.first ?? "")\n")
        output.out(summary)
        return .success
    }
}

/// `spatial-eval clean-shards`: removes temporary files of crashed shard attempts.
struct CleanShardsCommand: Command {
    let name = "clean-shards"
    let summary = "Remove temporary files that crashed shard attempts left in DIR/shards (only when no job of the plan runs)."
    let discussion = """
        A shard killed before its rename leaves only a temporary file; it never counts as \
        complete. This removes those files. Run it only when no job of this plan is running. \
        Docs/scale-out.md. Exit status: 0, 1 bad input, 64 usage error.
        """
    static let folder = Positional<String>("DIR", "A run folder made by plan-shards.")
    let positionals: [any CommandPositional] = [Self.folder]
    let options: [any CommandOption] = []

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let (_, _, folder) = try openPlan(arguments[Self.folder])
        let leftovers = ShardFile.temporaries(in: folder)
        for path in leftovers { try FileManager.default.removeItem(atPath: path) }
        output.out("removed \(leftovers.count) temporary file(s)\n")
        return .success
    }
}
