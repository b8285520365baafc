import Foundation
import EvalNumerics
import Recording
import Replay
import Synchronization

/// The raw outcome of a sweep: the components of every (point, recording).
public struct SweepOutcome: Sendable, Equatable {
    /// `components[point][recording][component]`.
    public var components: [[[Double]]]

    /// Creates an outcome from its components.
    public init(components: [[[Double]]]) {
        self.components = components
    }

    /// The components of every point pooled over the recordings in `subset` (all by default).
    public func pooled(_ subset: [Int]? = nil) -> [[Double]] {
        components.map { perRecording in SweepMetric.pooled((subset ?? Array(perRecording.indices)).map { perRecording[$0] }) }
    }
}

/// Runs a sweep's points in parallel on all cores with the staged pipeline, in batches,
/// reporting progress and checkpointing after each batch.
public struct SweepRunner: Sendable {
    /// The sweep.
    public var plan: SweepPlan
    /// The recordings.
    public var inputs: [SweepInput]
    /// Points per batch (a checkpoint is written after each).
    public var batchSize: Int

    /// Creates a runner.
    public init(plan: SweepPlan, inputs: [SweepInput], batchSize: Int = 128) {
        self.plan = plan
        self.inputs = inputs
        self.batchSize = max(1, batchSize)
    }

    /// Runs every point not in `checkpoint` or `known`.
    ///
    /// - Parameters:
    ///   - checkpoint: points already done (from a killed run); updated as batches finish.
    ///   - known: points computed elsewhere (a widened grid's earlier round), by index in this
    ///     plan; they are not written to the checkpoint.
    ///   - upstream: tracker and fusion outputs already computed, by upstream key
    ///     (``SweepPlan/upstreamKey(_:)``, valid across the plans of one base); the ones this run
    ///     computes are added.
    ///   - afterBatch: called after each batch with the updated checkpoint and the number of
    ///     points done; return false to stop early (the outcome is then nil).
    public func run(
        checkpoint: inout SweepCheckpoint, known: [Int: [[Double]]] = [:], upstream cache: inout [[Double]: [UpstreamOutput]],
        afterBatch: (SweepCheckpoint, Int) throws -> Bool = { _, _ in true }
    ) throws -> SweepOutcome? {
        let completed = checkpoint.completed
        let pending = plan.points.indices.filter { known[$0] == nil && completed[$0] == nil }
        cache.merge(try upstreamOutputs(for: pending.filter { cache[plan.upstreamKey(plan.points[$0])] == nil })) { $1 }
        let subject = ReplaySweepSubject(plan: plan, inputs: inputs, upstream: cache, labelAnchoring: labelAnchoring(for: pending, upstream: cache))
        guard let done = try ResumableSweep.run(subject, checkpoint: &checkpoint, known: known, batchSize: batchSize, afterBatch: afterBatch)
        else { return nil }
        return SweepOutcome(components: plan.points.indices.map { done[$0]! })
    }

    /// Runs every point not in `checkpoint`, computing the upstream stages afresh.
    public func run(checkpoint: inout SweepCheckpoint, afterBatch: (SweepCheckpoint, Int) throws -> Bool = { _, _ in true }) throws -> SweepOutcome? {
        var cache: [[Double]: [UpstreamOutput]] = [:]
        return try run(checkpoint: &checkpoint, upstream: &cache, afterBatch: afterBatch)
    }

    /// Tracker and fusion output per distinct upstream key among `points`, one per
    /// recording, computed in parallel.
    func upstreamOutputs(for points: [Int]) throws(InputError) -> [[Double]: [UpstreamOutput]] {
        try perSignatureAndRecording(points, signature: { plan.upstreamKey($0) }) { values, r throws(InputError) in
            try SweepStages.upstream(inputs[r].recording, configuration: plan.configuration(values))
        }
    }

    /// The label-anchoring components per distinct label-anchoring signature among `points`
    /// (upstream and label-anchoring constants), one per recording, computed in parallel: the
    /// stage reads nothing of the registry, so every point of a signature shares it.
    func labelAnchoring(for points: [Int], upstream: [[Double]: [UpstreamOutput]]) -> [[Double]: [[(SweepComponent, Double)]]] {
        perSignatureAndRecording(points, signature: { plan.signature($0, stages: [.upstream, .labelAnchoring]) }) { values, r in
            SweepStages.labelAnchoring(inputs[r].recording, upstream: upstream[plan.upstreamKey(values)]![r], truth: inputs[r].truth,
                                       configuration: plan.configuration(values).labelAnchoring)
        }
    }

    /// Runs `work` once per distinct `signature` of the points in `points` and per recording,
    /// in parallel, with the first point of each signature standing for all of them.
    ///
    /// - Returns: the outputs by signature, in recording order.
    /// - Throws: the first failure any task reported (the others still run to the end).
    private func perSignatureAndRecording<Output: Sendable, Failure: Error>(
        _ points: [Int], signature: ([Double]) -> [Double],
        _ work: @Sendable (_ values: [Double], _ recording: Int) throws(Failure) -> Output
    ) throws(Failure) -> [[Double]: [Output]] {
        var representative: [[Double]: [Double]] = [:]
        var signatures: [[Double]] = []
        for point in points {
            let key = signature(plan.points[point])
            if representative[key] == nil {
                representative[key] = plan.points[point]
                signatures.append(key)
            }
        }
        let tasks = signatures.flatMap { key in inputs.indices.map { (key, $0) } }
        let valuesOf = representative
        let failure = Mutex<Failure?>(nil)
        let outputs = inChunks(of: tasks.count, minimumChunk: 1, perProcessor: 8) { range in
            range.map { k -> Output? in
                let (key, r) = tasks[k]
                do throws(Failure) {
                    return try work(valuesOf[key]!, r)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return nil
                }
            }
        }.flatMap { $0 }
        if let error = failure.withLock({ $0 }) { throw error }
        var result: [[Double]: [Output]] = [:]
        for (k, (key, _)) in tasks.enumerated() { result[key, default: []].append(outputs[k]!) }
        return result
    }
}

/// A replay sweep as a ``SweepSubject``: the units are the recordings, the components the
/// ``SweepComponent`` values, the upstream output computed before the run.
struct ReplaySweepSubject: SweepSubject {
    var plan: SweepPlan
    var inputs: [SweepInput]
    var upstream: [[Double]: [UpstreamOutput]]
    /// The label-anchoring components by label-anchoring signature (``SweepRunner/labelAnchoring(for:upstream:)``).
    var labelAnchoring: [[Double]: [[(SweepComponent, Double)]]]

    var pointCount: Int { plan.points.count }
    var unitCount: Int { inputs.count }
    var componentCount: Int { SweepComponent.allCases.count }

    /// Each recording runs the whole batch before the next (``StageMemo``: consecutive points
    /// share the stages their signatures agree on), so its map, stream and registries stay in
    /// the processor's caches while its points run; the recordings are split over all cores.
    func evaluate(_ batch: [Int]) -> [[[Double]]] {
        let keys = batch.map { StageMemo.PointKeys(plan.points[$0], plan: plan) }
        let upstreamOf = batch.map { upstream[plan.upstreamKey(plan.points[$0])]! }
        let labelOf = batch.map { labelAnchoring[plan.signature(plan.points[$0], stages: [.upstream, .labelAnchoring])]! }
        let perRecording = inChunks(of: inputs.count, minimumChunk: 1, perProcessor: 8) { range in
            range.map { r in
                var memo = StageMemo(input: inputs[r])
                return batch.indices.map { k in memo.components(keys[k], upstream: upstreamOf[k][r], labelAnchoring: labelOf[k][r]) }
            }
        }.flatMap { $0 }
        return batch.indices.map { k in inputs.indices.map { perRecording[$0][k] } }
    }
}

/// One recording's latest output of each stage with the signature it was computed for:
/// consecutive points (C order, downstream axes varying fastest) that share a stage's
/// signature reuse it. ``ReplaySweepSubject`` keeps one memo per recording and batch.
///
/// Under one registry the absence stage is a table of looks (``AbsenceLookTable``) replayed
/// per point; the absence outcomes and the guidance stage depend only on the flag flips of
/// that replay, so points whose flips agree (most points of an absence axis) share them
/// through a memo, valid while the registry and the guidance constants stay the same.
///
/// Neighbouring anchor constants often leave the registry making exactly the same updates
/// (``AnchorRegistry/madeSameUpdates(as:)``); the memo keeps the last few distinct
/// registries under the current upstream output with their judgement, look table and memos
/// (by flips and by absence signature), and a new registry that made the same updates as one
/// of them reuses them all. Most such registries are not replayed at all: a kept registry
/// whose same-updates region holds the new constants
/// (``AnchorRegistry/wouldMakeSameUpdates(under:)``) stands for it (Docs/sweeps.md#same-updates-region).
struct StageMemo {
    private typealias Downstream = (absence: SweepStages.AbsenceStage, guidance: [(SweepComponent, Double)])

    /// A registry and what is judged of it alone.
    private struct RegistryStage {
        var registry: AnchorRegistry
        var judgement: SweepStages.RegistryJudgement
        /// Its look table, once built, with the looks per pass it was built for.
        var looks: (budget: Int, table: AbsenceLookTable)?
        /// The absence and guidance stages by flag flips, under the memo's guidance constants.
        var byFlips: [[AbsenceEvent]: Downstream] = [:]
        /// The same by absence signature, under the memo's guidance constants and look budget.
        var byAbsenceKey: [[Double]: Downstream] = [:]
    }

    /// A point's configuration and stage signatures, worked out once per point of a batch.
    struct PointKeys: Sendable {
        var configuration: ReplayConfiguration
        var upstream: [Double]
        var registry: [Double]
        var guidance: [Double]
        var absence: [Double]

        init(_ values: [Double], plan: SweepPlan) {
            configuration = plan.configuration(values)
            upstream = plan.signature(values, stages: [.upstream])
            registry = plan.signature(values, stages: [.upstream, .registry])
            guidance = plan.signature(values, stages: [.guidance])
            absence = plan.signature(values, stages: [.absence])
        }
    }

    /// Distinct registries kept (the current one first).
    private static let registriesKept = 8
    /// The recording.
    private let input: SweepInput
    private var upstreamKey: [Double]?
    private var registryKey: [Double]?
    private var stages: [RegistryStage] = []
    private var guidanceKey: [Double]?
    private var absenceKey: [Double]?
    private var downstream: Downstream?

    /// An empty memo for `input`.
    init(input: SweepInput) {
        self.input = input
    }

    /// The components of the point keyed by `keys`, given the recording's upstream output and
    /// label-anchoring components under it.
    mutating func components(_ keys: PointKeys, upstream: UpstreamOutput, labelAnchoring label: [(SweepComponent, Double)]) -> [Double] {
        let configuration = keys.configuration
        if keys.registry != registryKey {
            // Registries compare only when fed the same observations: one upstream's.
            if keys.upstream != upstreamKey { stages = [] }
            upstreamKey = keys.upstream
            if let k = stages.firstIndex(where: { $0.registry.wouldMakeSameUpdates(under: configuration.anchors) }) {
                stages.insert(stages.remove(at: k), at: 0)
            } else {
                let registry = SweepStages.registry(upstream, anchors: configuration.anchors)
                if let k = stages.firstIndex(where: { $0.registry.madeSameUpdates(as: registry) }) {
                    stages.insert(stages.remove(at: k), at: 0)
                } else {
                    let judgement = SweepStages.judge(registry: registry, upstream: upstream, truth: input.truth)
                    stages.insert(RegistryStage(registry: registry, judgement: judgement), at: 0)
                    if stages.count > Self.registriesKept { stages.removeLast() }
                }
            }
            registryKey = keys.registry
            absenceKey = nil
        }
        let budget = configuration.absence.budgetPerPass
        if stages[0].looks?.budget != budget {
            let table = AbsenceLookTable(scene: input.absenceScene, registry: stages[0].registry, budgetPerPass: budget,
                                         lidarConfidence: configuration.depthFusion.minLidarConfidence)
            stages[0].looks = (budget, table)
            stages[0].byAbsenceKey = [:]
            absenceKey = nil
        }
        if keys.guidance != guidanceKey {
            for k in stages.indices {
                stages[k].byFlips = [:]
                stages[k].byAbsenceKey = [:]
            }
            guidanceKey = keys.guidance
            absenceKey = nil
        }
        if keys.absence != absenceKey {
            downstream = currentDownstream(keys.absence, configuration: configuration)
            absenceKey = keys.absence
        }
        return SweepStages.components(stages[0].judgement, absence: downstream!.absence, guidance: downstream!.guidance, labelAnchoring: label)
    }

    /// The absence and guidance stages of the current registry under `configuration`, from its
    /// memos when an earlier point had the same absence signature or the same flag flips.
    private mutating func currentDownstream(_ absenceKey: [Double], configuration: ReplayConfiguration) -> Downstream {
        let stage = stages[0]
        if let known = stage.byAbsenceKey[absenceKey] { return known }
        let flips = stage.looks!.table.flips(configuration: configuration.absence)
        if let known = stage.byFlips[flips] {
            stages[0].byAbsenceKey[absenceKey] = known
            return known
        }
        let absence = SweepStages.absence(input.recording, flips: flips, judgement: stage.judgement)
        let guidance = SweepStages.guidance(input.recording, registry: stage.registry, absence: absence, judgement: stage.judgement,
                                            truth: input.truth, configuration: configuration.guidance)
        stages[0].byFlips[flips] = (absence, guidance)
        stages[0].byAbsenceKey[absenceKey] = (absence, guidance)
        return (absence, guidance)
    }
}
