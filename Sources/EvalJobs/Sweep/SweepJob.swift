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
        var results: [SweepResult] = []
        var batches = 0
        let build = [ToolInfo.version, ToolInfo.gitCommit() ?? "no-git"]
        // What is kept of each recording once a pass lets it go, and the shipped constants'
        // components per recording (the same for every sweep: one base), filled by the passes.
        var kept = KeptRecordings(count: data.paths.count)
        var shippedComponents: [[Double]]?
        for definition in spec.sweeps {
            var plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
            var known: [Int: [Double]] = [:]
            var round = 0, resumed = 0
            var finalRecommendation: Recommendation?
            let start = DispatchTime.now().uptimeNanoseconds
            var outcome: SweepOutcome
            while true {
                let path = checkpointPath(folder, sweep: definition.name, round: round)
                let axes = round == 0 ? [] : ["round \(round)"] + plan.space.axes.map { "\($0.key) \($0.values)" }
                let fingerprint = SHA256.hexDigest(of: Array((build + [protocolSHA, definition.name] + hashes + axes).joined(separator: "\n").utf8))
                message("sweep \(definition.name): \(plan.points.count) points × \(data.paths.count) recordings"
                    + (round > 0 ? " (widening round \(round), \(plan.points.count - known.count) new)" : ""))
                let recordings = SweepRecordingFiles(paths: data.paths, fingerprints: hashes, validated: kept.read)
                let runner = SweepRunner(plan: plan, recordings: recordings, batchSize: batchSize)
                let missing = shippedComponents == nil ? kept.missingShipped : []
                guard let ran = try runner.run(
                    known: known, checkpoint: (path, fingerprint), shipped: missing.isEmpty ? nil : (spec.replay, missing),
                    afterBatch: { done, total in
                        progress(definition.name, done, total)
                        batches += 1
                        return stopAfterBatches.map { batches < $0 } ?? true
                    }) else { return nil }
                if ran.resumed > 0 {
                    message("sweep \(definition.name): resumed with \(ran.resumed) of \(data.paths.count) recordings done")
                    resumed += plan.points.count - known.count
                }
                kept.add(ran)
                outcome = ran.outcome
                guard round < spec.verdict.widenings else { break }
                let r = Recommendation(plan: plan, outcome: ran.outcome, objective: definition.objective, resamples: spec.bootstrap.replicates,
                                       confidence: spec.bootstrap.confidence, seed: spec.bootstrap.seed)
                guard let widened = GridWidening.widened(plan, recommendation: r, count: spec.verdict.widenSteps) else {
                    finalRecommendation = r
                    break
                }
                let next = try SweepPlan(name: definition.name, space: widened, base: spec.replay)
                let index = Dictionary(plan.points.enumerated().map { ($1, $0) }) { first, _ in first }
                known = Dictionary(uniqueKeysWithValues: next.points.enumerated().compactMap { k, values in
                    index[values].map { (k, ran.outcome.components.blocks[$0]) }
                })
                round += 1
                message("sweep \(definition.name): the recommendation reaches an open edge of the grid; widening round \(round): "
                    + zip(plan.space.axes, widened.axes).filter { $0.values != $1.values }
                        .map { "\($1.key) \(ReportNumber.fixed($1.values.first!))–\(ReportNumber.fixed($1.values.last!))" }.joined(separator: ", "))
                plan = next
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            message("sweep \(definition.name): done in \(String(format: "%.2f", seconds)) s")
            let shipped = try shippedComponents ?? kept.completed(SweepRecordingFiles(paths: data.paths, fingerprints: hashes, validated: kept.read),
                                                                  shipped: spec.replay, batchSize: batchSize)
            shippedComponents = shipped
            var result = SweepResult(definition: definition, base: spec.replay, outcome: outcome, shipped: shipped, seconds: seconds,
                                     resumed: resumed, space: plan.space, widenings: round)
            if let finalRecommendation { result.remember(finalRecommendation, for: spec.bootstrap) }
            results.append(result)
        }
        let summaries = kept.summaries.map { $0! }
        if let variants = data.spec?.variants {
            let measures = try loaded.measuresPath.map(AssumptionMeasures.read)
            try runVariants(variants, data: data, main: summaries, spec: spec, batchSize: batchSize, results: &results, measures: measures,
                            message: message)
        }
        return SweepResults(
            protocolName: spec.name, protocolSHA256: protocolSHA, toolVersion: ToolInfo.version, bootstrap: spec.bootstrap,
            dataSource: data.statement(summaries),
            recordings: summaries.map(\.name), cosinePairs: summaries.map(\.cosinePairs), sweeps: results, verdictRules: spec.verdict,
            origins: summaries.map { RecordingOrigin(meta: $0.meta) })
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

    /// Reruns every sweep on each variant's corpus (spec.md#sweep-variants), each with its own
    /// bootstrap interval; then, for every pivot whose family some verdict depends on, reruns
    /// those sweeps along its steps (spec.md#sweep-pivot). Not checkpointed. Each variant's
    /// recordings are streamed as the main corpus's are: one pass per variant model (or pivot
    /// step) runs every sweep still to compute on each recording, then lets it go. `measures`
    /// (the protocol's measures file) are placed on the pivots whose probe they measured
    /// (spec.md#sweep-pivot-measured).
    ///
    /// - Parameter main: the summaries of the main corpus's recordings, in sweep order.
    public static func runVariants(_ variants: CorpusVariants, data: SweepData, main: [SweepRecordingSummary], spec: EvaluationProtocol,
                                   batchSize: Int, results: inout [SweepResult], measures: AssumptionMeasures? = nil,
                                   message: (String) -> Void) throws {
        let b = spec.bootstrap
        // The evidence of the variants that a pivot step shares (the same parameters, so the same
        // corpus, outcome and intervals), and of the corpus's own assumption, which a step reuses
        // under its own name instead of recomputing; and the summaries of each model's recordings.
        var evidenceOf: [String: VariantEvidence] = [:]
        var summariesOf: [String: [SweepRecordingSummary]] = [:]
        let sharedByPivots = Set((variants.pivots ?? []).flatMap { pivot in pivot.steps.indices.compactMap { pivot.model($0, among: variants.models)?.name } })
        let mainPrefix = Array(data.paths.prefix(min(variants.count, main.count)))
        func key(_ model: CorpusVariants.Model?, _ k: Int) -> String { "\(model?.name ?? "")\u{0}\(k)" }
        func paths(_ model: CorpusVariants.Model?) throws -> [String] {
            guard let model else { return mainPrefix }
            return try data.variantPaths(model, message: message)
        }
        // Runs, in one pass over `model`'s recordings, the sweeps of `sweeps` whose evidence is not
        // known yet; returns their outcomes by sweep, and keeps the recordings' summaries.
        func outcomes(_ sweeps: [Int], model: CorpusVariants.Model?, paths: [String], name: String) throws -> [Int: SweepOutcome] {
            // The paired baseline is the same corpus members under the corpus's own assumption.
            guard paths.map(ProtocolLoader.recordingName) == main.prefix(paths.count).map(\.name) else {
                throw InputError(file: data.paths.first ?? spec.name, message: "variant \(name): its recordings are not the first \(paths.count) of the corpus")
            }
            guard let model else {
                summariesOf[""] = Array(main.prefix(paths.count))
                return [:]
            }
            let computing = sweeps.filter { evidenceOf[key(model, $0)] == nil }
            guard !computing.isEmpty || summariesOf[model.name] == nil else { return [:] }
            let plans = try computing.map { try results[$0].plan() }
            let pass = SweepPass(jobs: plans.map { SweepPass.Job(plan: $0, points: Array($0.points.indices)) })
            let files = SweepRecordingFiles(paths: paths)
            let width = SweepComponent.allCases.count
            var blocks = plans.map { plan in plan.points.map { _ in [Double](repeating: 0, count: paths.count * width) } }
            var summaries = [SweepRecordingSummary?](repeating: nil, count: paths.count)
            _ = try pass.run(on: files, batchSize: batchSize) { shares in
                for (r, share) in shares {
                    summaries[r] = share.summary
                    for j in plans.indices {
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
            summariesOf[model.name] = summaries.map { $0! }
            return Dictionary(uniqueKeysWithValues: computing.enumerated().map { j, k in
                (k, SweepOutcome(components: ComponentCube(recordings: paths.count, width: width, blocks: blocks[j])))
            })
        }
        func evidence(_ k: Int, count: Int, outcome ran: SweepOutcome?, model: CorpusVariants.Model?, name: String, family: String,
                      settings: String, pivotValue: Double? = nil) throws -> VariantEvidence {
            if var known = evidenceOf[key(model, k)] {
                (known.name, known.family, known.settings, known.pivotValue) = (name, family, settings, pivotValue)
                return known
            }
            let baseline = SweepOutcome(components: results[k].outcome.components.prefix(recordings: count))
            let found = VariantEvidence(name: name, family: family, settings: settings, pivotValue: pivotValue, plan: try results[k].plan(),
                                        outcome: ran ?? baseline, baseline: baseline, objective: results[k].definition.objective,
                                        resamples: b.replicates, confidence: b.confidence, seed: b.seed)
            if model.map({ sharedByPivots.contains($0.name) }) ?? true { evidenceOf[key(model, k)] = found }
            return found
        }
        for model in variants.models {
            let start = DispatchTime.now().uptimeNanoseconds
            let files = try paths(model)
            let ran = try outcomes(Array(results.indices), model: model, paths: files, name: model.name)
            for k in results.indices {
                results[k].variants.append(try evidence(k, count: files.count, outcome: ran[k], model: model, name: model.name,
                                                        family: model.family, settings: model.settingsText))
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            message("variant \(model.name): every sweep on \(files.count) recordings in \(String(format: "%.2f", seconds)) s")
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
                let files = try paths(model)
                let settings = model?.settingsText ?? "the corpus's own assumption"
                let ran = try outcomes(depending, model: model, paths: files, name: "\(pivot.family) step \(j + 1)")
                let stepSummaries = summariesOf[model?.name ?? ""] ?? []
                let value = pivot.probe == nil ? pivot.steps[j].value : SweepRecordingSummary.twinCrossCosineMedian(stepSummaries)
                // The measuring probe on the step's own recordings, where it is not the axis itself.
                let probeValue = pivot.measuredBy.flatMap(AssumptionProbe.init(rawValue:)).map { probe in
                    probe.statistic(stepSummaries.map { $0.sample(probe) })
                }
                for k in depending {
                    let name = "\(pivot.family) \(ReportNumber.fixed(value))"
                    var e = try evidence(k, count: files.count, outcome: ran[k], model: model, name: name,
                                         family: pivot.family, settings: settings, pivotValue: value)
                    e.probeValue = probeValue
                    steps[k, default: []].append(e)
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
