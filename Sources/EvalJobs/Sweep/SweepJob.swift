import Foundation
import EvalNumerics
import Evaluation
import Recording
import Replay
import Simulation
import Sweeps
import EvalResults

/// Runs a protocol's sweeps with the staged engine, checkpointing into the output folder so
/// a killed sweep restarted with the same protocol and folder continues from its completed
/// points (`Docs/sweeps.md`).
public enum SweepJob {
    /// Where the checkpoint of sweep `name`'s widening round `round` lives inside `folder`
    /// (removed once `sweep.h5` is written; round 0 is the declared grid).
    public static func checkpointPath(_ folder: String, sweep name: String, round: Int = 0) -> String {
        (folder as NSString).appendingPathComponent(".sweep-\(name)" + (round > 0 ? ".round-\(round)" : "") + ".checkpoint")
    }

    /// Runs every sweep of `loaded`, widening grids whose recommendation reaches an open edge
    /// (spec.md#sweep-grid-edge), then reruns them on the corpus's assumption variants and,
    /// for the families a verdict depends on, along their pivot scans (spec.md#sweep-pivot).
    ///
    /// - Parameters:
    ///   - folder: output folder (holds the checkpoints).
    ///   - batchSize: recordings per checkpointed batch.
    ///   - message: receives one line per step (start, resume, widening, finish of each sweep).
    ///   - progress: receives (sweep, recordings done, recordings total) after each batch of a pass.
    ///   - corpusProgress: receives (recordings done, total) while a corpus is generated.
    ///   - stopAfterBatches: stop (returning nil) after this many batches in all; for tests
    ///     that simulate a killed sweep.
    public static func run(
        _ loaded: ProtocolLoader.Loaded, folder: String, batchSize: Int = SweepRunner.defaultBatchSize, message: (String) -> Void = { _ in },
        progress: (String, Int, Int) -> Void = { _, _, _ in }, stopAfterBatches: Int? = nil,
        corpusProgress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> SweepResults? {
        let spec = loaded.evaluationProtocol
        guard !spec.sweeps.isEmpty else { throw InputError(file: loaded.path, message: "key 'sweeps': the protocol defines no sweeps") }
        let data = try SweepData.resolve(loaded, message: message, corpusProgress: corpusProgress)
        if data.corpus == nil { for path in data.paths { message("reading \(ProtocolLoader.recordingName(path))") } }
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let hashes = try fingerprints(data.paths)
        message(String(format: "fingerprinted %d recordings in %.2f s (each is read when a pass reaches it)", hashes.count,
                       Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9))
        let protocolSHA = try SHA256.fingerprint(loaded.path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try withoutActuallyEscaping(message) { message in
            try withoutActuallyEscaping(progress) { progress in
                var source = InProcess(spec: spec, data: data, folder: folder, hashes: hashes, protocolSHA: protocolSHA, batchSize: batchSize,
                                       message: message, progress: progress, stopAfterBatches: stopAfterBatches)
                do {
                    guard case .finished(let results) = try SweepDecisions.run(loaded, data: data, protocolSHA: protocolSHA, source: &source,
                                                                               message: message) else { return nil }
                    return results
                } catch is InProcess.Stopped {
                    return nil
                }
            }
        }
    }

    /// The outcomes of an unsharded sweep, computed in this process: the main corpus's passes
    /// checkpointed per sweep and widening round, each variant's (or pivot step's) recordings
    /// streamed in one pass that runs every sweep still to compute on them (not checkpointed).
    struct InProcess: SweepOutcomeSource {
        /// Thrown when `stopAfterBatches` is reached (a simulated kill).
        struct Stopped: Error {}

        let spec: EvaluationProtocol
        let data: SweepData
        let folder: String
        let hashes: [String]
        let protocolSHA: String
        let batchSize: Int
        let message: (String) -> Void
        let progress: (String, Int, Int) -> Void
        let stopAfterBatches: Int?
        var batches = 0
        // What is kept of each recording once a pass lets it go, and the shipped constants'
        // components per recording (the same for every sweep: one base), filled by the passes.
        var kept: KeptRecordings
        var shippedComponents: [[Double]]?

        init(spec: EvaluationProtocol, data: SweepData, folder: String, hashes: [String], protocolSHA: String, batchSize: Int,
             message: @escaping (String) -> Void, progress: @escaping (String, Int, Int) -> Void, stopAfterBatches: Int?) {
            (self.spec, self.data, self.folder, self.hashes, self.protocolSHA, self.batchSize) = (spec, data, folder, hashes, protocolSHA, batchSize)
            (self.message, self.progress, self.stopAfterBatches) = (message, progress, stopAfterBatches)
            kept = KeptRecordings(count: data.paths.count)
        }

        private var files: SweepRecordingFiles { SweepRecordingFiles(paths: data.paths, fingerprints: hashes, validated: kept.read) }

        mutating func main(_ k: Int, plan: SweepPlan, round: Int, known: [Int: [Double]]) throws -> (outcome: SweepOutcome, resumed: Int)? {
            let name = plan.name
            let path = checkpointPath(folder, sweep: name, round: round)
            let build = [ToolInfo.version, ToolInfo.gitCommit() ?? "no-git"]
            let axes = round == 0 ? [] : ["round \(round)"] + plan.space.axes.map { "\($0.key) \($0.values)" }
            let fingerprint = SHA256.hexDigest(of: Array((build + [protocolSHA, name] + hashes + axes).joined(separator: "\n").utf8))
            let runner = SweepRunner(plan: plan, recordings: files, batchSize: batchSize)
            let missing = shippedComponents == nil ? kept.missingShipped : []
            var batches = self.batches
            let (progress, limit) = (self.progress, stopAfterBatches)
            let ran = try runner.run(
                known: known, checkpoint: (path, fingerprint), shipped: missing.isEmpty ? nil : (spec.replay, missing),
                afterBatch: { done, total in
                    progress(name, done, total)
                    batches += 1
                    return limit.map { batches < $0 } ?? true
                })
            self.batches = batches
            guard let ran else { throw Stopped() }
            var resumed = 0
            if ran.resumed > 0 {
                message("sweep \(name): resumed with \(ran.resumed) of \(data.paths.count) recordings done")
                resumed = plan.points.count - known.count
            }
            kept.add(ran)
            return (ran.outcome, resumed)
        }

        mutating func shipped() throws -> [[Double]] {
            let shipped = try shippedComponents ?? kept.completed(files, shipped: spec.replay, batchSize: batchSize)
            shippedComponents = shipped
            return shipped
        }

        mutating func summaries() throws -> [SweepRecordingSummary] { kept.summaries.map { $0! } }

        func seconds(_ k: Int, measured: Double) -> Double { measured }

        mutating func variant(_ plans: [Int: SweepPlan], model: CorpusVariants.Model, paths: [String]) throws
            -> (outcomes: [Int: SweepOutcome], summaries: [SweepRecordingSummary])? {
            let order = plans.keys.sorted()
            let jobs = order.map { plans[$0]! }
            let pass = SweepPass(jobs: jobs.map { SweepPass.Job(plan: $0, points: Array($0.points.indices)) })
            let width = SweepComponent.allCases.count
            var blocks = jobs.map { plan in plan.points.map { _ in [Double](repeating: 0, count: paths.count * width) } }
            var summaries = [SweepRecordingSummary?](repeating: nil, count: paths.count)
            _ = try pass.run(on: SweepRecordingFiles(paths: paths), batchSize: batchSize) { shares in
                for (r, share) in shares {
                    summaries[r] = share.summary
                    for j in jobs.indices {
                        share.values[j].withUnsafeBufferPointer { values in
                            for p in blocks[j].indices {
                                blocks[j][p].withUnsafeMutableBufferPointer { block in
                                    for c in 0..<width { block[r * width + c] = values[p * width + c] }
                                }
                            }
                        }
                    }
                }
                return true
            }
            let outcomes = Dictionary(uniqueKeysWithValues: order.enumerated().map { j, k in
                (k, SweepOutcome(components: ComponentCube(recordings: paths.count, width: width, blocks: blocks[j])))
            })
            return (outcomes, summaries.map { $0! })
        }
    }

    /// What a sweep keeps of its recordings between passes: each one's summary and the
    /// shipped constants' components, as the passes that read it left them.
    struct KeptRecordings {
        /// Per recording, its summary once a pass has read it.
        var summaries: [SweepRecordingSummary?]
        /// Per recording, the shipped constants' components once a pass has computed them.
        var shipped: [[Double]?]

        init(count: Int) {
            summaries = Array(repeating: nil, count: count)
            shipped = Array(repeating: nil, count: count)
        }

        /// The recordings a pass has read (and validated).
        var read: Set<Int> { Set(summaries.indices.filter { summaries[$0] != nil }) }

        /// The recordings whose shipped components no pass has computed yet.
        var missingShipped: Set<Int> { Set(shipped.indices.filter { shipped[$0] == nil }) }

        /// Keeps what `run` read.
        mutating func add(_ run: SweepRunner.Run) {
            for (k, summary) in run.summaries { summaries[k] = summary }
            for (k, values) in run.shipped { shipped[k] = values }
        }

        /// The shipped components of every recording, computing them (and the summaries) on
        /// the recordings no pass read: those a resumed pass took from its checkpoint.
        mutating func completed(_ recordings: any SweepRecordings, shipped configuration: ReplayConfiguration, batchSize: Int) throws -> [[Double]] {
            let missing = missingShipped.union(summaries.indices.filter { summaries[$0] == nil })
            if !missing.isEmpty {
                let pass = SweepPass(jobs: [], shipped: configuration, shippedFor: missing)
                _ = try pass.run(on: recordings, skipping: Set(summaries.indices).subtracting(missing), batchSize: batchSize) { shares in
                    for (k, share) in shares {
                        summaries[k] = share.summary
                        shipped[k] = share.shipped
                    }
                    return true
                }
            }
            return shipped.map { $0! }
        }
    }

    /// The SHA-256 fingerprints of the files at `paths` (for a checkpoint's fingerprint), on
    /// all cores, in `paths` order; the first failure in that order is thrown.
    static func fingerprints(_ paths: [String]) throws -> [String] {
        try inChunks(of: paths.count, minimumChunk: 1, perProcessor: 4) { range in
            range.map { k in Result { try SHA256.fingerprint(paths[k]) } }
        }.flatMap { $0 }.map { try $0.get() }
    }

    /// Removes the checkpoints of `loaded`'s sweeps from `folder` (after `sweep.h5` is complete).
    public static func removeCheckpoints(_ loaded: ProtocolLoader.Loaded, folder: String) {
        for definition in loaded.evaluationProtocol.sweeps {
            for round in 0...loaded.evaluationProtocol.verdict.widenings {
                try? FileManager.default.removeItem(atPath: checkpointPath(folder, sweep: definition.name, round: round))
            }
        }
    }
}
