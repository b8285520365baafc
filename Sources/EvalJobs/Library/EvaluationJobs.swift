import EvalMetrics
import Foundation
import Recording
import Sweeps
import Warmth
import EvalResults

/// How a job tells its caller what it is doing: one line per step, and counts through long
/// loops. Jobs never print; the command line turns these into lines on standard error, a test
/// or a script can collect or ignore them.
public struct JobProgress: Sendable {
    /// Receives one line per step ("protocol default: 5 recordings", "sweep merge: done in 2.1 s").
    public var message: @Sendable (String) -> Void
    /// Receives (stage, done, total) through a long loop: a sweep's points, a corpus's recordings.
    public var count: @Sendable (_ stage: String, _ done: Int, _ total: Int) -> Void

    /// Creates a progress sink from its two callbacks.
    public init(message: @escaping @Sendable (String) -> Void = { _ in },
                count: @escaping @Sendable (_ stage: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }) {
        self.message = message
        self.count = count
    }

    /// Discards everything.
    public static let silent = JobProgress()
}

/// The suite's jobs as one small Swift API (Docs/library.md): typed inputs in, typed results
/// out, progress through a ``JobProgress``, nothing printed. Every command of `spatial-eval`
/// that runs a job calls these (or the job types they name); what a command adds is parsing,
/// writing the results file and the report, and printing.
public enum EvaluationJobs {
    /// Loads and validates a protocol file (Docs/protocols.md); its recordings must exist.
    public static func loadProtocol(_ path: String) throws -> ProtocolLoader.Loaded {
        try ProtocolLoader.load(path)
    }

    /// Runs a protocol: the replicas on every recording, pooled figures with bootstrap
    /// intervals, gates (``RunEvaluation``). Write the value with ``RunResultsFile``.
    public static func run(_ loaded: ProtocolLoader.Loaded, progress: JobProgress = .silent) throws -> RunResults {
        try RunEvaluation.run(loaded, progress: progress.message)
    }

    /// Runs a protocol's sweeps (``SweepJob``), checkpointing completed recordings in `folder` so
    /// that the same call after a kill resumes; nil only when stopped early. Write the value with
    /// ``SweepResultsFile`` and read each verdict with ``SweepResult/assessment(_:rules:)``.
    public static func sweep(_ loaded: ProtocolLoader.Loaded, checkpointsIn folder: String, batchSize: Int = SweepRunner.defaultBatchSize,
                             progress: JobProgress = .silent) throws -> SweepResults? {
        try SweepJob.run(loaded, folder: folder, batchSize: batchSize, message: progress.message,
                         progress: progress.count, corpusProgress: { progress.count("corpus", $0, $1) })
    }

    /// Writes a sweep protocol over `recordings` that sweeps one replay key over `values` with
    /// `objective` (Docs/sweeps.md), into `folder`, and loads it: the shortest way from Swift to
    /// one verdict. Recording paths are stored as given (absolute paths are safest).
    public static func sweepProtocol(name: String, recordings: [String], key: String, values: [Double],
                                     objective: SweepObjectiveSpec, in folder: String) throws -> ProtocolLoader.Loaded {
        let sweep: [String: Any] = [
            "name": key.replacingOccurrences(of: ".", with: "-"),
            "axes": [["key": key, "values": values]],
            "objective": objective.json,
        ]
        let document: [String: Any] = ["name": name, "recordings": recordings, "sweeps": [sweep]]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = (folder as NSString).appendingPathComponent("\(name).json")
        try AtomicFile.write(data + Data("\n".utf8), to: path)
        return try ProtocolLoader.load(path)
    }

    /// Plans a protocol's sweeps as `shards` shards (Docs/scale-out.md); save it with
    /// ``ShardPlan``'s writer, then ``runShard(_:hash:shard:folder:progress:)`` each and
    /// ``mergeShards(_:hash:folder:progress:)``.
    public static func planShards(_ loaded: ProtocolLoader.Loaded, shards: Int, strategy: ShardStrategy,
                                  coretype: String = "", progress: JobProgress = .silent) throws -> ShardPlan {
        try ShardPlan.sweep(loaded, shards: shards, strategy: strategy, coretype: coretype, message: progress.message)
    }

    /// Plans the grid of the warmth protocol at `path` as `shards` shards; run and merge them
    /// as a sweep plan's (the merge writes `folder/results.h5`, ``ShardMerge/Outcome/warmth``).
    public static func planWarmthShards(protocolAt path: String, shards: Int, strategy: ShardStrategy,
                                        coretype: String = "") throws -> ShardPlan {
        try ShardPlan.warmth(protocolAt: path, shards: shards, strategy: strategy, coretype: coretype)
    }

    /// Computes shard `k` of a saved plan into `folder/shards`; false when it was already complete.
    @discardableResult
    public static func runShard(_ plan: ShardPlan, hash: String, shard k: Int, folder: String, force: Bool = false,
                                progress: JobProgress = .silent) throws -> Bool {
        try ShardJob.run(plan, hash: hash, shard: k, folder: folder, force: force, failForTest: false, message: progress.message)
    }

    /// Merges the complete shards of a plan into `folder/sweep.h5` (or the corpus summary, or
    /// a warmth plan's `folder/results.h5`);
    /// throws naming the missing shards when any is incomplete.
    public static func mergeShards(_ plan: ShardPlan, hash: String, folder: String,
                                   progress: JobProgress = .silent) throws -> ShardMerge.Outcome {
        switch try ShardMerge.mergeIfComplete(plan, hash: hash, folder: folder, message: progress.message) {
        case .merged(let outcome, _): return outcome
        case .incomplete(let status): throw InputError(file: folder, message: status)
        }
    }

    /// Generates (or reuses) the corpus of a spec file into `folder`, byte-identical for its seed.
    public static func generateCorpus(specAt path: String, into folder: String, progress: JobProgress = .silent) throws -> CorpusSummary {
        let spec = try CorpusBuilder.spec(at: path)
        let count = progress.count
        return try CorpusBuilder.build(spec, into: folder, progress: { count("corpus", $0, $1) })
    }

    /// Simulates calibration sessions and sets the app's reported figures beside them.
    public static func calibrate(_ settings: CalibrationSettings = CalibrationSettings()) -> CalibrationReport {
        SimulatorCalibration.run(settings)
    }

    /// Measures recordings with LiDAR maps — recorded captures beside simulated recordings —
    /// as `spatial-eval sensor-stats` does (``SensorStatsJob``, Docs/sensor-statistics.md).
    /// Write the value with ``SensorStatsResultsFile``.
    public static func sensorStatistics(_ paths: [String], resolution: SensorStatsJob.MapResolution = .simulatorPitch,
                                        settings: SensorStatisticsSettings = SensorStatisticsSettings(), progress: JobProgress = .silent)
        throws -> (results: SensorStatsResults, inputs: [(path: String, sha256: String)])
    {
        try SensorStatsJob.run(paths, resolution: resolution, settings: settings, progress: progress)
    }

    /// Replays LookFor's warmth finder on a warmth protocol's trial corpus: fidelity, metrics,
    /// the sweep on the shared engine with its constrained choice, leave-one-session-out and
    /// the gate. With `checkpointsIn`, the sweep checkpoints there after every batch and the same
    /// call after a kill resumes. Write the value with ``WarmthResultsFile``.
    public static func replayWarmth(protocolAt path: String, checkpointsIn folder: String? = nil,
                                    progress: JobProgress = .silent) throws -> WarmthResults {
        let (proto, corpus) = try WarmthProtocol.load(path)
        let trials = try TrialReader.readCorpus(index: corpus)
        let checkpointing = try folder.map { try WarmthJob.Checkpointing(folder: $0, protocolPath: path, trials: trials) }
        return try WarmthJob.run(proto, trials: trials, checkpointing: checkpointing, message: progress.message, progress: progress.count)
    }

    /// Scores one MOTChallenge pair (ground truth, tracker output) under a convention.
    public static func scoreMOT(groundTruth: String, tracker: String, sequenceInfo: String? = nil,
                                convention: ScoringConvention = .trackeval) throws -> ScoreMOTReport {
        let name = ((tracker as NSString).lastPathComponent as NSString).deletingPathExtension
        let source = MOTSequenceSource(name: name, groundTruthPath: groundTruth, trackerPath: tracker, infoPath: sequenceInfo)
        return try ScoreMOTJob(sources: [source], convention: convention).run()
    }
}

/// The objective of a one-key sweep built by ``EvaluationJobs/sweepProtocol(name:recordings:key:values:objective:in:)``,
/// in the protocol file's words (Docs/sweeps.md#objectives).
public struct SweepObjectiveSpec: Sendable {
    /// The metric to optimise (a ``SweepMetric`` name, e.g. `duplicates`).
    public var optimise: String
    /// The two metrics of the Pareto front (empty: the optimised one and the first cap's).
    public var pareto: [String]
    /// Caps: metric name → largest admissible value.
    public var caps: [String: Double]
    /// Why this objective (it is printed in the report).
    public var reason: String

    /// Creates an objective.
    public init(optimise: String, pareto: [String] = [], caps: [String: Double] = [:], reason: String) {
        self.optimise = optimise
        self.pareto = pareto
        self.caps = caps
        self.reason = reason
    }

    var json: [String: Any] {
        var o: [String: Any] = ["optimise": optimise, "pareto": pareto.isEmpty ? [caps.keys.sorted().first ?? optimise, optimise] : pareto, "reason": reason]
        if !caps.isEmpty { o["caps"] = caps.keys.sorted().map { ["metric": $0, "max": caps[$0]!] } }
        return o
    }
}
