import Foundation
import EvalNumerics
import Recording
import Replay

/// The raw outcome of a sweep: the components of every (point, recording).
public struct SweepOutcome: Sendable, Equatable {
    /// `components[point][recording][component]`, one block per point (``ComponentCube``).
    public var components: ComponentCube

    /// Creates an outcome from its components.
    public init(components: ComponentCube) {
        self.components = components
    }

    /// Creates an outcome from nested component vectors, `components[point][recording]`.
    public init(components: [[[Double]]]) {
        self.components = ComponentCube(components)
    }

    /// The components of every point pooled over the recordings in `subset` (all by default).
    public func pooled(_ subset: [Int]? = nil) -> [[Double]] {
        components.pooled(subset)
    }
}

/// Runs a sweep's points on its recordings with the staged pipeline, as one pass over the
/// recordings (``SweepPass``): recording by recording, each running every point not yet
/// known, a batch of recordings at a time on all cores, checkpointing after each batch.
public struct SweepRunner: Sendable {
    /// The sweep.
    public var plan: SweepPlan
    /// The recordings, read when the pass reaches them.
    public var recordings: any SweepRecordings
    /// Recordings per batch (a checkpoint is appended after each).
    public var batchSize: Int

    /// Recordings per batch when none is given.
    public static let defaultBatchSize = 32

    /// A runner over recordings read as the pass reaches them.
    public init(plan: SweepPlan, recordings: any SweepRecordings, batchSize: Int = SweepRunner.defaultBatchSize) {
        self.plan = plan
        self.recordings = recordings
        self.batchSize = max(1, batchSize)
    }

    /// A runner over recordings already prepared.
    public init(plan: SweepPlan, inputs: [SweepInput], batchSize: Int = SweepRunner.defaultBatchSize) {
        self.init(plan: plan, recordings: inputs, batchSize: batchSize)
    }

    /// What a run produced.
    public struct Run: Sendable {
        /// The components of every point of the plan.
        public var outcome: SweepOutcome
        /// The summaries of the recordings the pass read, by index.
        public var summaries: [Int: SweepRecordingSummary]
        /// The shipped configuration's components on the recordings asked for, by index.
        public var shipped: [Int: [Double]]
        /// Recordings whose components came from the checkpoint of a killed run.
        public var resumed: Int
    }

    /// Runs every point not in `known` on every recording.
    ///
    /// - Parameters:
    ///   - known: points computed elsewhere (a widened grid's earlier round), by index in this
    ///     plan, each a block of recordings × components; they are not run or checkpointed.
    ///   - checkpoint: where the pass checkpoints (``SweepPassCheckpoint``) and the
    ///     fingerprint of its inputs; a checkpoint of the same pass there is resumed from.
    ///   - shipped: a configuration to compute on the given recordings as well
    ///     (``SweepPass/shipped``).
    ///   - afterBatch: called after each batch with the recordings done and the total; return
    ///     false to stop early (the run is then nil).
    public func run(
        known: [Int: [Double]] = [:], checkpoint: (path: String, fingerprint: String)? = nil,
        shipped: (configuration: ReplayConfiguration, recordings: Set<Int>)? = nil,
        afterBatch: (_ done: Int, _ total: Int) throws -> Bool = { _, _ in true }
    ) throws -> Run? {
        let (count, width) = (recordings.count, SweepComponent.allCases.count)
        let pending = plan.points.indices.filter { known[$0] == nil }
        var blocks = pending.map { _ in [Double](repeating: 0, count: count * width) }
        func keep(_ values: UnsafeBufferPointer<Double>, recording r: Int) {
            for j in blocks.indices {
                blocks[j].withUnsafeMutableBufferPointer { block in
                    for c in 0..<width { block[r * width + c] = values[j * width + c] }
                }
            }
        }
        var done = Set<Int>()
        let file = pending.isEmpty ? nil : checkpoint.map {
            SweepPassCheckpoint(path: $0.path, fingerprint: $0.fingerprint, points: pending, recordings: count, width: width)
        }
        if let file {
            done = Set(file.resume { keep($1, recording: $0) })
            if done.isEmpty { try file.start() }
        }
        let resumed = done.count
        var summaries: [Int: SweepRecordingSummary] = [:]
        var shippedRows: [Int: [Double]] = [:]
        let asked = shipped?.recordings ?? []
        if !pending.isEmpty || !asked.isEmpty {
            let pass = SweepPass(jobs: pending.isEmpty ? [] : [SweepPass.Job(plan: plan, points: pending)],
                                 shipped: shipped?.configuration, shippedFor: asked)
            let skipping = pending.isEmpty ? Set((0..<count).filter { !asked.contains($0) }) : done
            let finished = try pass.run(on: recordings, skipping: skipping, batchSize: batchSize) { shares in
                for (r, share) in shares {
                    if let values = share.values.first { values.withUnsafeBufferPointer { keep($0, recording: r) } }
                    summaries[r] = share.summary
                    shippedRows[r] = share.shipped
                }
                try file?.append(shares.compactMap { r, share in share.values.first.map { (r, $0) } })
                done.formUnion(shares.map(\.recording))
                return try afterBatch(done.count, count)
            }
            guard finished else { return nil }
        }
        let position = Dictionary(uniqueKeysWithValues: pending.enumerated().map { ($1, $0) })
        let all = plan.points.indices.map { known[$0] ?? blocks[position[$0]!] }
        blocks = []
        return Run(outcome: SweepOutcome(components: ComponentCube(recordings: count, width: width, blocks: all)),
                   summaries: summaries, shipped: shippedRows, resumed: resumed)
    }
}

/// One recording's latest output of each stage with the signature it was computed for:
/// consecutive points (C order, downstream axes varying fastest) that share a stage's
/// signature reuse it. ``SweepPass`` keeps one memo per recording, plan and pass.
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
