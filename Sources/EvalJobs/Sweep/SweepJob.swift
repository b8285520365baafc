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
    ///   - batchSize: points per checkpointed batch.
    ///   - message: receives one line per step (start, resume, widening, finish of each sweep).
    ///   - progress: receives (sweep, points done, points total) after each batch.
    ///   - corpusProgress: receives (recordings done, total) while a corpus is generated.
    ///   - stopAfterBatches: stop (returning nil) after this many batches in all; for tests
    ///     that simulate a killed sweep.
    public static func run(
        _ loaded: ProtocolLoader.Loaded, folder: String, batchSize: Int = 256, message: (String) -> Void = { _ in },
        progress: (String, Int, Int) -> Void = { _, _, _ in }, stopAfterBatches: Int? = nil,
        corpusProgress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> SweepResults? {
        let spec = loaded.evaluationProtocol
        guard !spec.sweeps.isEmpty else { throw InputError(file: loaded.path, message: "key 'sweeps': the protocol defines no sweeps") }
        let data = try SweepData.resolve(loaded, message: message, corpusProgress: corpusProgress)
        if data.corpus == nil { for path in data.paths { message("reading \(ProtocolLoader.recordingName(path))") } }
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let (inputs, hashes) = try readInputs(data.paths)
        message(String(format: "read and prepared %d recordings in %.2f s", inputs.count,
                       Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9))
        let protocolSHA = try SHA256.fingerprint(loaded.path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var results: [SweepResult] = []
        var batches = 0
        let build = [ToolInfo.version, ToolInfo.gitCommit() ?? "no-git"]
        // Tracker and fusion outputs by upstream key, shared by every sweep (one base).
        var upstream: [[Double]: [UpstreamOutput]] = [:]
        // The shipped constants' components per recording: the same for every sweep (one base).
        var shippedComponents: [[Double]]?
        for definition in spec.sweeps {
            var plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
            var known: [Int: [[Double]]] = [:]
            var round = 0, resumed = 0
            var finalRecommendation: Recommendation?
            let start = DispatchTime.now().uptimeNanoseconds
            var outcome: SweepOutcome
            while true {
                let path = checkpointPath(folder, sweep: definition.name, round: round)
                let axes = round == 0 ? [] : ["round \(round)"] + plan.space.axes.map { "\($0.key) \($0.values)" }
                let fingerprint = SHA256.hexDigest(of: Array((build + [protocolSHA, definition.name] + hashes + axes).joined(separator: "\n").utf8))
                var checkpoint = SweepCheckpoint.load(
                    from: path, fingerprint: fingerprint, pointCount: plan.points.count, recordingCount: inputs.count) ?? SweepCheckpoint(fingerprint: fingerprint)
                resumed += checkpoint.points.count
                message("sweep \(definition.name): \(plan.points.count) points × \(inputs.count) recordings"
                    + (round > 0 ? " (widening round \(round), \(plan.points.count - known.count) new)" : "")
                    + (checkpoint.points.isEmpty ? "" : ", resuming with \(checkpoint.points.count) points done"))
                let runner = SweepRunner(plan: plan, inputs: inputs, batchSize: batchSize)
                guard let ran = try runner.run(checkpoint: &checkpoint, known: known, upstream: &upstream, afterBatch: { saved, done in
                    try saved.save(to: path)
                    progress(definition.name, done, plan.points.count)
                    batches += 1
                    return stopAfterBatches.map { batches < $0 } ?? true
                }) else { return nil }
                outcome = ran
                guard round < spec.verdict.widenings else { break }
                let r = Recommendation(plan: plan, outcome: ran, objective: definition.objective, resamples: spec.bootstrap.replicates,
                                       confidence: spec.bootstrap.confidence, seed: spec.bootstrap.seed)
                guard let widened = GridWidening.widened(plan, recommendation: r, count: spec.verdict.widenSteps) else {
                    finalRecommendation = r
                    break
                }
                let next = try SweepPlan(name: definition.name, space: widened, base: spec.replay)
                let index = Dictionary(plan.points.enumerated().map { ($1, $0) }) { first, _ in first }
                known = Dictionary(uniqueKeysWithValues: next.points.enumerated().compactMap { k, values in index[values].map { (k, ran.components[$0]) } })
                round += 1
                message("sweep \(definition.name): the recommendation reaches an open edge of the grid; widening round \(round): "
                    + zip(plan.space.axes, widened.axes).filter { $0.values != $1.values }
                        .map { "\($1.key) \(ReportNumber.fixed($1.values.first!))–\(ReportNumber.fixed($1.values.last!))" }.joined(separator: ", "))
                plan = next
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            message("sweep \(definition.name): done in \(String(format: "%.2f", seconds)) s")
            let shipped = try shippedComponents ?? inputs.map { input in
                try SweepStages.naive(input.recording, truth: input.truth, configuration: spec.replay)
            }
            shippedComponents = shipped
            var result = SweepResult(definition: definition, base: spec.replay, outcome: outcome, shipped: shipped, seconds: seconds,
                                     resumed: resumed, space: plan.space, widenings: round)
            if let finalRecommendation { result.remember(finalRecommendation, for: spec.bootstrap) }
            results.append(result)
        }
        if let variants = data.spec?.variants {
            let measures = try loaded.measuresPath.map(AssumptionMeasures.read)
            try runVariants(variants, data: data, main: inputs, spec: spec, batchSize: batchSize, results: &results, measures: measures,
                            message: message)
        }
        return SweepResults(
            protocolName: spec.name, protocolSHA256: protocolSHA, toolVersion: ToolInfo.version, bootstrap: spec.bootstrap,
            dataSource: data.statement(inputs.map(\.recording)), recordings: inputs.map(\.name), cosinePairs: inputs.map(\.truth.cosinePairs),
            sweeps: results, verdictRules: spec.verdict, origins: inputs.map { RecordingOrigin(meta: $0.recording.meta) })
    }

    /// Reruns every sweep on each variant's corpus (spec.md#sweep-variants), each with its own
    /// bootstrap interval; then, for every pivot whose family some verdict depends on, reruns
    /// those sweeps along its steps (spec.md#sweep-pivot). Not checkpointed.
    /// `measures` (the protocol's measures file) are placed on the pivots whose probe they
    /// measured (spec.md#sweep-pivot-measured).
    public static func runVariants(_ variants: CorpusVariants, data: SweepData, main: [SweepInput], spec: EvaluationProtocol, batchSize: Int,
                            results: inout [SweepResult], measures: AssumptionMeasures? = nil, message: (String) -> Void) throws {
        let b = spec.bootstrap
        // The tracker and fusion outputs of the variant model being run, by upstream key, shared
        // by its sweeps; and the evidence of the variants that a pivot step shares (the same
        // parameters, so the same corpus, outcome and intervals), and of the corpus's own
        // assumption, which a step reuses under its own name instead of recomputing.
        var upstream: (model: String, outputs: [[Double]: [UpstreamOutput]]) = ("", [:])
        var evidenceOf: [String: VariantEvidence] = [:]
        let sharedByPivots = Set((variants.pivots ?? []).flatMap { pivot in pivot.steps.indices.compactMap { pivot.model($0, among: variants.models)?.name } })
        func evidence(_ k: Int, on inputs: [SweepInput], model: CorpusVariants.Model?, name: String, family: String, settings: String,
                      pivotValue: Double? = nil) throws -> VariantEvidence? {
            let key = "\(model?.name ?? "")\u{0}\(k)"
            if var known = evidenceOf[key] {
                (known.name, known.family, known.settings, known.pivotValue) = (name, family, settings, pivotValue)
                return known
            }
            let plan = try results[k].plan()
            // The paired baseline: the same corpus members under the corpus's own assumption.
            guard inputs.map(\.name) == main.prefix(inputs.count).map(\.name) else {
                throw InputError(file: data.paths.first ?? spec.name, message: "variant \(name): its recordings are not the first \(inputs.count) of the corpus")
            }
            let baseline = SweepOutcome(components: results[k].outcome.components.map { Array($0.prefix(inputs.count)) })
            let outcome: SweepOutcome
            if let model {
                var checkpoint = SweepCheckpoint(fingerprint: "variant \(name)")
                if upstream.model != model.name { upstream = (model.name, [:]) }
                guard let ran = try SweepRunner(plan: plan, inputs: inputs, batchSize: batchSize)
                    .run(checkpoint: &checkpoint, upstream: &upstream.outputs) else { return nil }
                outcome = ran
            } else {
                outcome = baseline
            }
            let found = VariantEvidence(name: name, family: family, settings: settings, pivotValue: pivotValue, plan: plan, outcome: outcome,
                                        baseline: baseline, objective: results[k].definition.objective, resamples: b.replicates,
                                        confidence: b.confidence, seed: b.seed)
            if model.map({ sharedByPivots.contains($0.name) }) ?? true { evidenceOf[key] = found }
            return found
        }
        // The base members as read for the main sweeps: a variant member's borrowed tables are
        // taken from them, in generation and in reading, instead of reading their files again.
        let sources = BorrowSources(files: Array(data.paths.prefix(main.count)), recordings: main.map(\.recording))
        func load(_ model: CorpusVariants.Model?) throws -> [SweepInput] {
            guard let model else { return Array(main.prefix(min(variants.count, main.count))) }
            return try readInputs(data.variantPaths(model, sources: sources, message: message), fingerprinted: false, sources: sources).inputs
        }
        for model in variants.models {
            let start = DispatchTime.now().uptimeNanoseconds
            let inputs = try load(model)
            for k in results.indices {
                if let e = try evidence(k, on: inputs, model: model, name: model.name, family: model.family, settings: model.settingsText) {
                    results[k].variants.append(e)
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            message("variant \(model.name): every sweep on \(inputs.count) recordings in \(String(format: "%.2f", seconds)) s")
        }
        for pivot in variants.pivots ?? [] {
            let depending = try results.indices.filter { k in
                try results[k].assessment(b, rules: spec.verdict).verdicts.contains { $0.kind == .dependsOn && $0.families.contains(pivot.family) }
            }
            guard !depending.isEmpty else {
                message("pivot \(pivot.family): no verdict depends on it; not scanned")
                continue
            }
            var steps: [Int: [VariantEvidence]] = [:]
            for j in pivot.steps.indices {
                let start = DispatchTime.now().uptimeNanoseconds
                let model = pivot.model(j, among: variants.models)
                let inputs = try load(model)
                let value = pivot.probe == nil ? pivot.steps[j].value : Self.twinCrossCosineMedian(inputs)
                // The measuring probe on the step's own recordings, where it is not the axis itself.
                let probeValue = pivot.measuredBy.flatMap(AssumptionProbe.init(rawValue:)).map { probe in
                    probe.statistic(inputs.map { probe.sample(RecordingGroundTruth($0.recording)) })
                }
                let settings = model?.settingsText ?? "the corpus's own assumption"
                for k in depending {
                    let name = "\(pivot.family) \(ReportNumber.fixed(value))"
                    if var e = try evidence(k, on: inputs, model: model, name: name, family: pivot.family, settings: settings,
                                            pivotValue: value) {
                        e.probeValue = probeValue
                        steps[k, default: []].append(e)
                    }
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                message("pivot \(pivot.family) step \(j + 1) of \(pivot.steps.count) (\(settings)): \(depending.count) sweeps in \(String(format: "%.2f", seconds)) s")
            }
            let measured = pivot.measuringProbe.flatMap(AssumptionProbe.init(rawValue:)).flatMap { measures?.measured($0) }.map {
                MeasuredAssumption(probe: $0.probe.rawValue, value: $0.value, lower: $0.lower, upper: $0.upper, sessions: $0.sessions,
                                   events: $0.events, unit: $0.unit)
            }
            for k in depending {
                results[k].pivots.append(PivotScan(family: pivot.family, measure: pivot.measure, prior: pivot.prior ?? "none", steps: steps[k] ?? [],
                                                   measurement: measured))
            }
        }
    }

    /// The recordings at `paths` read, validated and prepared as sweep inputs, with their
    /// SHA-256 fingerprints (for a checkpoint's fingerprint; empty strings when not
    /// `fingerprinted`: variant reruns keep no checkpoint), on all cores (in `paths` order; the
    /// first failure in that order is thrown). Tables a file borrows come from `sources` when
    /// it holds their file.
    static func readInputs(_ paths: [String], fingerprinted: Bool = true, sources: BorrowSources = BorrowSources()) throws -> (inputs: [SweepInput], hashes: [String]) {
        let read = inChunks(of: paths.count, minimumChunk: 1, perProcessor: 4) { range in
            range.map { k in
                Result { () throws -> (SweepInput, String) in
                    let recording = try RecordingStore.readValidated(from: paths[k], sources: sources)
                    let input = SweepInput(name: ProtocolLoader.recordingName(paths[k]), recording: recording)
                    return (input, fingerprinted ? try SHA256.fingerprint(paths[k]) : "")
                }
            }
        }.flatMap { $0 }
        let loaded = try read.map { try $0.get() }
        return (loaded.map(\.0), loaded.map(\.1))
    }

    /// The median cosine between detections of two different twins over `inputs` (NaN without
    /// twin pairs): the pivot probe `twin-cross-cosine-median`.
    public static func twinCrossCosineMedian(_ inputs: [SweepInput]) -> Double {
        let cosines = inputs.flatMap { input in zip(input.truth.cosinePairs.cosines, input.truth.cosinePairs.sameObject).filter { !$0.1 }.map(\.0) }
        return cosines.isEmpty ? .nan : Quantile.linear(cosines, 0.5)
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
