import Foundation
import Recording
import Replay
import Simulation
import Sweeps

/// Runs a protocol's sweeps with the staged engine, checkpointing into the output folder so
/// a killed sweep restarted with the same protocol and folder continues from its completed
/// points (`Docs/sweeps.md`).
public enum SweepJob {
    /// Where the checkpoint of sweep `name` lives inside `folder` (removed once `sweep.h5` is written).
    public static func checkpointPath(_ folder: String, sweep name: String) -> String {
        (folder as NSString).appendingPathComponent(".sweep-\(name).checkpoint.json")
    }

    /// Runs every sweep of `loaded`.
    ///
    /// - Parameters:
    ///   - folder: output folder (holds the checkpoints).
    ///   - batchSize: points per checkpointed batch.
    ///   - message: receives one line per step (start, resume, finish of each sweep).
    ///   - progress: receives (sweep, points done, points total) after each batch.
    ///   - stopAfterBatches: stop (returning nil) after this many batches in all; for tests
    ///     that simulate a killed sweep.
    public static func run(
        _ loaded: ProtocolLoader.Loaded, folder: String, batchSize: Int = 256, message: (String) -> Void = { _ in },
        progress: (String, Int, Int) -> Void = { _, _, _ in }, stopAfterBatches: Int? = nil
    ) throws -> SweepResults? {
        let spec = loaded.evaluationProtocol
        guard !spec.sweeps.isEmpty else { throw InputError(file: loaded.path, message: "key 'sweeps': the protocol defines no sweeps") }
        let data = try SweepData.resolve(loaded, message: message)
        var inputs: [SweepInput] = []
        var hashes: [String] = []
        for path in data.paths {
            let name = ProtocolLoader.recordingName(path)
            if data.corpus == nil { message("reading \(name)") }
            inputs.append(SweepInput(name: name, recording: try RecordingStore.readValidated(from: path)))
            hashes.append(try RunEvaluation.fingerprint(path))
        }
        let protocolSHA = try RunEvaluation.fingerprint(loaded.path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var results: [SweepResult] = []
        var batches = 0
        let build = [ToolInfo.version, ToolInfo.gitCommit() ?? "no-git"]
        for definition in spec.sweeps {
            let plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
            let path = checkpointPath(folder, sweep: definition.name)
            let fingerprint = SHA256.hexDigest(of: Array((build + [protocolSHA, definition.name] + hashes).joined(separator: "\n").utf8))
            var checkpoint = SweepCheckpoint.load(
                from: path, fingerprint: fingerprint, pointCount: plan.points.count, recordingCount: inputs.count) ?? SweepCheckpoint(fingerprint: fingerprint)
            let resumed = checkpoint.points.count
            message("sweep \(definition.name): \(plan.points.count) points × \(inputs.count) recordings"
                + (resumed > 0 ? ", resuming with \(resumed) points done" : ""))
            let start = DispatchTime.now().uptimeNanoseconds
            let runner = SweepRunner(plan: plan, inputs: inputs, batchSize: batchSize)
            let outcome = try runner.run(checkpoint: &checkpoint) { saved, done in
                try saved.save(to: path)
                progress(definition.name, done, plan.points.count)
                batches += 1
                return stopAfterBatches.map { batches < $0 } ?? true
            }
            guard let outcome else { return nil }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            message("sweep \(definition.name): done in \(String(format: "%.2f", seconds)) s")
            let shipped = try inputs.map { input in
                try SweepStages.naive(input.recording, truth: input.truth, configuration: spec.replay)
            }
            results.append(SweepResult(definition: definition, base: spec.replay, outcome: outcome, shipped: shipped, seconds: seconds, resumed: resumed))
        }
        if let variants = data.spec?.variants {
            try runVariants(variants, data: data, spec: spec, batchSize: batchSize, results: &results, message: message)
        }
        return SweepResults(
            protocolName: spec.name, protocolSHA256: protocolSHA, toolVersion: ToolInfo.version, bootstrap: spec.bootstrap,
            dataSource: data.statement(inputs.map(\.recording)), recordings: inputs.map(\.name), cosinePairs: inputs.map(\.truth.cosinePairs), sweeps: results)
    }

    /// Reruns every sweep on each variant's corpus (spec.md#sweep-variants) and records the
    /// range of each key over the points tied under the rule there. Not checkpointed.
    static func runVariants(_ variants: CorpusVariants, data: SweepData, spec: EvaluationProtocol, batchSize: Int,
                            results: inout [SweepResult], message: (String) -> Void) throws {
        for model in variants.models {
            let start = DispatchTime.now().uptimeNanoseconds
            let inputs = try data.variantPaths(model, message: message).map { path in
                SweepInput(name: ProtocolLoader.recordingName(path), recording: try RecordingStore.readValidated(from: path))
            }
            for k in results.indices {
                let definition = results[k].definition
                let plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
                var checkpoint = SweepCheckpoint(fingerprint: "variant \(model.name)")
                guard let outcome = try SweepRunner(plan: plan, inputs: inputs, batchSize: batchSize).run(checkpoint: &checkpoint) else { continue }
                let tied = definition.objective.tied(outcome.pooled())
                results[k].variants.append(SweepVariantOutcome(
                    name: model.name, family: model.family, settings: model.settingsText, recordings: inputs.count,
                    tiedLow: plan.keys.indices.map { a in tied.map { plan.points[$0][a] }.min() ?? .nan },
                    tiedHigh: plan.keys.indices.map { a in tied.map { plan.points[$0][a] }.max() ?? .nan }))
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            message("variant \(model.name): every sweep on \(inputs.count) recordings in \(String(format: "%.2f", seconds)) s")
        }
    }

    /// Removes the checkpoints of `loaded`'s sweeps from `folder` (after `sweep.h5` is complete).
    public static func removeCheckpoints(_ loaded: ProtocolLoader.Loaded, folder: String) {
        for definition in loaded.evaluationProtocol.sweeps {
            try? FileManager.default.removeItem(atPath: checkpointPath(folder, sweep: definition.name))
        }
    }
}
