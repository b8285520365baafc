import Foundation
import EvalNumerics
import Evaluation
import Recording
import Replay
import Simulation
import Sweeps
import EvalResults

/// Where the sweep decision flow takes its outcomes from: computed in this process (an
/// unsharded `sweep`), or read from the shards of the rounds run so far (`merge-shards`,
/// Docs/scale-out.md#rounds). A source answers nil when an outcome is not computed yet; the
/// flow then stops at the next dependency and the source holds what the next round must compute.
public protocol SweepOutcomeSource {
    /// The outcome of sweep `k`'s `plan` over the main corpus in widening round `round`, and
    /// how many of its points came from a checkpoint; `known` holds the blocks an earlier round
    /// computed, by the plan's point index. Nil when not computed yet.
    mutating func main(_ k: Int, plan: SweepPlan, round: Int, known: [Int: [Double]]) throws -> (outcome: SweepOutcome, resumed: Int)?
    /// The shipped constants' components per main-corpus recording, in sweep order.
    mutating func shipped() throws -> [[Double]]
    /// The summaries of the main corpus's recordings, in sweep order.
    mutating func summaries() throws -> [SweepRecordingSummary]
    /// One pass over the recordings `paths` of variant (or pivot-step) `model`: the outcomes of
    /// `plans` (by sweep index) and the recordings' summaries. Nil when not computed yet.
    mutating func variant(_ plans: [Int: SweepPlan], model: CorpusVariants.Model, paths: [String]) throws
        -> (outcomes: [Int: SweepOutcome], summaries: [SweepRecordingSummary])?
    /// The wall time to record for sweep `k`, given the time the flow measured for it.
    func seconds(_ k: Int, measured: Double) -> Double
}

/// The data-dependent decision flow of a sweep (spec.md#sweep-grid-edge, spec.md#sweep-variants,
/// spec.md#sweep-pivot): every sweep's grid widened while its recommendation reaches an open
/// edge, then every sweep rerun on each assumption variant's corpus, then, pivot by pivot, the
/// sweeps a verdict depends on rerun along the pivot's steps. One function for the unsharded
/// run (every outcome computed in-process) and the shard merge (outcomes from the shards; what
/// is missing becomes the next round), so the two cannot take different decisions.
public enum SweepDecisions {
    /// Where the flow ended.
    public enum Ending {
        /// Every step's outcome was available: the results.
        case finished(SweepResults)
        /// The source lacks outcomes that a next step needs (it holds them as requests).
        case pending
    }

    /// Runs the flow over `data` (the protocol's recordings or corpus) with outcomes from `source`.
    public static func run<Source: SweepOutcomeSource>(_ loaded: ProtocolLoader.Loaded, data: SweepData, protocolSHA: String,
                                                       source: inout Source, message: (String) -> Void) throws -> Ending {
        let spec = loaded.evaluationProtocol
        var results: [SweepResult] = []
        var pending = false
        for (k, definition) in spec.sweeps.enumerated() {
            guard let result = try widened(k, definition: definition, spec: spec, recordings: data.paths.count, source: &source, message: message) else {
                pending = true
                continue
            }
            results.append(result)
        }
        guard !pending else { return .pending }
        let summaries = try source.summaries()
        if let variants = data.spec?.variants {
            let measures = try loaded.measuresPath.map(AssumptionMeasures.read)
            var flow = VariantFlow(variants: variants, data: data, main: summaries, spec: spec, measures: measures)
            guard try flow.run(&results, source: &source, message: message) else { return .pending }
        }
        return .finished(SweepResults(
            protocolName: spec.name, protocolSHA256: protocolSHA, toolVersion: ToolInfo.version, bootstrap: spec.bootstrap,
            dataSource: data.statement(summaries),
            recordings: summaries.map(\.name), cosinePairs: summaries.map(\.cosinePairs), sweeps: results, verdictRules: spec.verdict,
            origins: summaries.map { RecordingOrigin(meta: $0.meta) }))
    }

    /// Sweep `k` over the main corpus, its grid widened while the recommendation reaches an open
    /// edge (at most `spec.verdict.widenings` rounds); nil while a round's outcome is missing.
    static func widened<Source: SweepOutcomeSource>(_ k: Int, definition: SweepDefinition, spec: EvaluationProtocol, recordings: Int,
                                                    source: inout Source, message: (String) -> Void) throws -> SweepResult? {
        var plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
        var known: [Int: [Double]] = [:]
        var round = 0, resumed = 0
        var finalRecommendation: Recommendation?
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome: SweepOutcome
        while true {
            message("sweep \(definition.name): \(plan.points.count) points × \(recordings) recordings"
                + (round > 0 ? " (widening round \(round), \(plan.points.count - known.count) new)" : ""))
            guard let ran = try source.main(k, plan: plan, round: round, known: known) else { return nil }
            resumed += ran.resumed
            outcome = ran.outcome
            guard round < spec.verdict.widenings else { break }
            let r = Recommendation(plan: plan, outcome: outcome, objective: definition.objective, resamples: spec.bootstrap.replicates,
                                   confidence: spec.bootstrap.confidence, seed: spec.bootstrap.seed)
            guard let widened = GridWidening.widened(plan, recommendation: r, count: spec.verdict.widenSteps) else {
                finalRecommendation = r
                break
            }
            let next = try SweepPlan(name: definition.name, space: widened, base: spec.replay)
            let index = Dictionary(plan.points.enumerated().map { ($1, $0) }) { first, _ in first }
            known = Dictionary(uniqueKeysWithValues: next.points.enumerated().compactMap { p, values in
                index[values].map { (p, outcome.components.blocks[$0]) }
            })
            round += 1
            message("sweep \(definition.name): the recommendation reaches an open edge of the grid; widening round \(round): "
                + zip(plan.space.axes, widened.axes).filter { $0.values != $1.values }
                    .map { "\($1.key) \(ReportNumber.fixed($1.values.first!))–\(ReportNumber.fixed($1.values.last!))" }.joined(separator: ", "))
            plan = next
        }
        let measured = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        message("sweep \(definition.name): done in \(String(format: "%.2f", measured)) s")
        var result = SweepResult(definition: definition, base: spec.replay, outcome: outcome, shipped: try source.shipped(),
                                 seconds: source.seconds(k, measured: measured), resumed: resumed, space: plan.space, widenings: round)
        if let finalRecommendation { result.remember(finalRecommendation, for: spec.bootstrap) }
        return result
    }
}

/// The variant and pivot part of ``SweepDecisions`` (spec.md#sweep-variants, spec.md#sweep-pivot):
/// every sweep on each variant's corpus, each with its own bootstrap interval; then, for every
/// pivot whose family some verdict depends on, those sweeps along its steps. `measures` (the
/// protocol's measures file) are placed on the pivots whose probe they measured
/// (spec.md#sweep-pivot-measured).
struct VariantFlow {
    let variants: CorpusVariants
    let data: SweepData
    /// The summaries of the main corpus's recordings, in sweep order.
    let main: [SweepRecordingSummary]
    let spec: EvaluationProtocol
    let measures: AssumptionMeasures?
    /// The evidence of the variants that a pivot step shares (the same parameters, so the same
    /// corpus, outcome and intervals), and of the corpus's own assumption, which a step reuses
    /// under its own name instead of recomputing.
    private var evidenceOf: [String: VariantEvidence] = [:]
    /// The summaries of each model's recordings ("" for the corpus's own assumption).
    private var summariesOf: [String: [SweepRecordingSummary]] = [:]
    private let sharedByPivots: Set<String>

    init(variants: CorpusVariants, data: SweepData, main: [SweepRecordingSummary], spec: EvaluationProtocol, measures: AssumptionMeasures?) {
        (self.variants, self.data, self.main, self.spec, self.measures) = (variants, data, main, spec, measures)
        sharedByPivots = Set((variants.pivots ?? []).flatMap { pivot in pivot.steps.indices.compactMap { pivot.model($0, among: variants.models)?.name } })
    }

    private func key(_ model: CorpusVariants.Model?, _ k: Int) -> String { "\(model?.name ?? "")\u{0}\(k)" }

    private func paths(_ model: CorpusVariants.Model?, message: (String) -> Void) throws -> [String] {
        guard let model else { return Array(data.paths.prefix(min(variants.count, main.count))) }
        return try data.variantPaths(model, message: message)
    }

    /// The outcomes, by sweep, of the sweeps of `sweeps` whose evidence is not known yet on
    /// `model`'s recordings (one pass); keeps the recordings' summaries. Nil when not computed yet.
    private mutating func outcomes<Source: SweepOutcomeSource>(_ sweeps: [Int], model: CorpusVariants.Model?, paths: [String], name: String,
                                                              results: [SweepResult], source: inout Source) throws -> [Int: SweepOutcome]? {
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
        let plans = Dictionary(uniqueKeysWithValues: try computing.map { ($0, try results[$0].plan()) })
        guard let ran = try source.variant(plans, model: model, paths: paths) else { return nil }
        summariesOf[model.name] = ran.summaries
        return ran.outcomes
    }

    private mutating func evidence(_ k: Int, results: [SweepResult], count: Int, outcome ran: SweepOutcome?, model: CorpusVariants.Model?,
                                   name: String, family: String, settings: String, pivotValue: Double? = nil) throws -> VariantEvidence {
        if var known = evidenceOf[key(model, k)] {
            (known.name, known.family, known.settings, known.pivotValue) = (name, family, settings, pivotValue)
            return known
        }
        let b = spec.bootstrap
        let baseline = SweepOutcome(components: results[k].outcome.components.prefix(recordings: count))
        let found = VariantEvidence(name: name, family: family, settings: settings, pivotValue: pivotValue, plan: try results[k].plan(),
                                    outcome: ran ?? baseline, baseline: baseline, objective: results[k].definition.objective,
                                    resamples: b.replicates, confidence: b.confidence, seed: b.seed)
        if model.map({ sharedByPivots.contains($0.name) }) ?? true { evidenceOf[key(model, k)] = found }
        return found
    }

    /// Appends the variants' evidence and the pivot scans to `results`; false (nothing
    /// appended past the last complete step) when the source lacks an outcome.
    mutating func run<Source: SweepOutcomeSource>(_ results: inout [SweepResult], source: inout Source, message: (String) -> Void) throws -> Bool {
        var complete = true
        var found: [[VariantEvidence]] = results.map { _ in [] }
        for model in variants.models {
            let start = DispatchTime.now().uptimeNanoseconds
            let files = try paths(model, message: message)
            guard let ran = try outcomes(Array(results.indices), model: model, paths: files, name: model.name, results: results, source: &source) else {
                complete = false
                continue
            }
            for k in results.indices {
                found[k].append(try evidence(k, results: results, count: files.count, outcome: ran[k], model: model, name: model.name,
                                             family: model.family, settings: model.settingsText))
            }
            message("variant \(model.name): every sweep on \(files.count) recordings in \(Self.seconds(since: start)) s")
        }
        guard complete else { return false }
        for k in results.indices { results[k].variants.append(contentsOf: found[k]) }
        for pivot in variants.pivots ?? [] {
            guard try scan(pivot, results: &results, source: &source, message: message) else { return false }
        }
        return true
    }

    /// Scans `pivot` for the sweeps a verdict depends on; false when a step's outcome is missing.
    private mutating func scan<Source: SweepOutcomeSource>(_ pivot: CorpusVariants.Pivot, results: inout [SweepResult], source: inout Source,
                                                           message: (String) -> Void) throws -> Bool {
        let b = spec.bootstrap
        let depending = try results.indices.filter { k in
            try results[k].assessment(b, rules: spec.verdict).verdicts.contains { $0.kind == .dependsOn && $0.families.contains(pivot.family) }
        }
        guard !depending.isEmpty else {
            message("pivot \(pivot.family): no verdict depends on it; not scanned")
            return true
        }
        var complete = true
        var steps: [Int: [VariantEvidence]] = [:]
        for j in pivot.steps.indices {
            let start = DispatchTime.now().uptimeNanoseconds
            let model = pivot.model(j, among: variants.models)
            let files = try paths(model, message: message)
            let settings = model?.settingsText ?? "the corpus's own assumption"
            guard let ran = try outcomes(depending, model: model, paths: files, name: "\(pivot.family) step \(j + 1)", results: results, source: &source) else {
                complete = false
                continue
            }
            let stepSummaries = summariesOf[model?.name ?? ""] ?? []
            let value = pivot.probe == nil ? pivot.steps[j].value : SweepRecordingSummary.twinCrossCosineMedian(stepSummaries)
            // The measuring probe on the step's own recordings, where it is not the axis itself.
            let probeValue = pivot.measuredBy.flatMap(AssumptionProbe.init(rawValue:)).map { probe in
                probe.statistic(stepSummaries.map { $0.sample(probe) })
            }
            for k in depending {
                let name = "\(pivot.family) \(ReportNumber.fixed(value))"
                var e = try evidence(k, results: results, count: files.count, outcome: ran[k], model: model, name: name,
                                     family: pivot.family, settings: settings, pivotValue: value)
                e.probeValue = probeValue
                steps[k, default: []].append(e)
            }
            message("pivot \(pivot.family) step \(j + 1) of \(pivot.steps.count) (\(settings)): \(depending.count) sweeps in \(Self.seconds(since: start)) s")
        }
        guard complete else { return false }
        let measured = pivot.measuringProbe.flatMap(AssumptionProbe.init(rawValue:)).flatMap { measures?.measured($0) }.map {
            MeasuredAssumption(probe: $0.probe.rawValue, value: $0.value, lower: $0.lower, upper: $0.upper, sessions: $0.sessions,
                               events: $0.events, unit: $0.unit)
        }
        for k in depending {
            results[k].pivots.append(PivotScan(family: pivot.family, measure: pivot.measure, prior: pivot.prior ?? "none", steps: steps[k] ?? [],
                                               measurement: measured))
        }
        return true
    }

    /// The time since `start` (uptime nanoseconds) in seconds, two decimals.
    private static func seconds(since start: UInt64) -> String {
        String(format: "%.2f", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
