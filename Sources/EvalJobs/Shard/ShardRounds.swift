import EvalNumerics
import Foundation
import EvalResults
import Recording
import Simulation
import Sweeps

extension ShardPlan {
    /// The recordings each item of unit `u` runs over (its corpus's, or the plan's recordings).
    public func recordingCount(unit u: Int) -> Int {
        guard let work, let corpora else { return componentUnits ?? 0 }
        return corpora[work[u].corpus].recordings.count
    }

    /// The `recording_index` dataset of shard `k`: 0..<R for a plan whose items share R
    /// recordings (or trials); for a later sweep round, 0..<R of each item's corpus, item after item.
    public func recordingIndex(ofShard k: Int) -> [Int64] {
        guard work != nil else { return (0..<(componentUnits ?? 0)).map(Int64.init) }
        return unitItems(of: k).flatMap { u, global, _ in
            Array(repeating: (0..<recordingCount(unit: u)).map(Int64.init), count: global.count).flatMap { $0 }
        }
    }

    /// The shape of shard `k`'s `components` without its last (component) axis: [items, R], or
    /// [cells] for a later sweep round, whose items run over corpora of different sizes.
    public func componentsShapePrefix(ofShard k: Int) -> [Int] {
        let items = mapping.items(of: k).count
        guard work != nil else { return [items, componentUnits ?? 0] }
        return [recordingIndex(ofShard: k).count]
    }

    /// The cells (item × recording) the items `items` hold.
    public func cells(_ items: [Int]) -> Int {
        guard work != nil else { return items.count * (componentUnits ?? 1) }
        let offsets = self.offsets
        return items.reduce(0) { sum, i in sum + recordingCount(unit: offsets.lastIndex { $0 <= i }!) }
    }
}

/// The rounds of a sharded sweep (Docs/scale-out.md#rounds): the outcomes of every round's
/// shards, served to ``SweepDecisions`` as its ``SweepOutcomeSource``; what the flow asks for and
/// no shard computed becomes the next round's plan.
public enum ShardRounds {
    /// What the flow asked for and no round computed: points of one sweep on one corpus.
    public struct Request: Equatable, Sendable {
        /// The sweep's index in the protocol.
        public var sweep: Int
        /// The variant model's name, "" for the main corpus.
        public var corpus: String
        /// The corpus's recordings in sweep order (for the main corpus, only their count is used:
        /// the next plan takes the first round's recordings).
        public var paths: [String]
        /// The points still to compute.
        public var points: [[Double]]
    }

    /// The outcomes of the shards of every round so far, keyed by corpus, sweep and point values.
    public struct Store: SweepOutcomeSource {
        /// Per "corpus NUL sweep", the block (recordings × components, flattened) of each point computed.
        var blocks: [String: [[Double]: [Double]]] = [:]
        /// Per sweep, the seconds its shards spent in every round.
        var unitSeconds: [Int: Double] = [:]
        /// The main corpus's recordings (read once).
        let inputs: [SweepInput]
        let spec: EvaluationProtocol
        /// What the flow asked for that no round computed, in the order asked.
        public private(set) var requests: [Request] = []

        /// A store over the main corpus `inputs` of protocol `spec`.
        public init(inputs: [SweepInput], spec: EvaluationProtocol) {
            (self.inputs, self.spec) = (inputs, spec)
        }

        static func key(_ corpus: String, _ sweep: Int) -> String { "\(corpus)\u{0}\(sweep)" }

        /// Keeps the blocks of one round's shard, given each of its items as (corpus, sweep, point values, recordings).
        public mutating func add(values: [Double], items: [(corpus: String, sweep: Int, point: [Double], recordings: Int)], seconds: [Int: Double]) throws {
            let width = SweepComponent.allCases.count
            var offset = 0
            for item in items {
                let count = item.recordings * width
                guard offset + count <= values.count else { throw Problem(description: "fewer components than its items need") }
                blocks[Self.key(item.corpus, item.sweep), default: [:]][item.point] = Array(values[offset..<offset + count])
                offset += count
            }
            guard offset == values.count else { throw Problem(description: "more components than its items need") }
            for (k, s) in seconds { unitSeconds[k, default: 0] += s }
        }

        /// The outcome of `plan`'s points on `corpus` when every one is known; otherwise records
        /// the missing ones as a request and returns nil.
        private mutating func outcome(_ k: Int, plan: SweepPlan, corpus: String, paths: [String]) -> SweepOutcome? {
            let known = blocks[Self.key(corpus, k)] ?? [:]
            let missing = plan.points.filter { known[$0] == nil }
            guard missing.isEmpty else {
                requests.append(Request(sweep: k, corpus: corpus, paths: paths, points: missing))
                return nil
            }
            return SweepOutcome(components: ComponentCube(recordings: paths.count, width: SweepComponent.allCases.count,
                                                          blocks: plan.points.map { known[$0]! }))
        }

        /// The main corpus's outcome of `plan` from the shards, or nil (a request) when points are missing.
        public mutating func main(_ k: Int, plan: SweepPlan, round: Int, known: [Int: [Double]]) throws -> (outcome: SweepOutcome, resumed: Int)? {
            outcome(k, plan: plan, corpus: "", paths: inputs.map(\.name)).map { ($0, 0) }
        }

        /// The shipped constants' components, computed on the main corpus in the merge.
        public mutating func shipped() throws -> [[Double]] {
            try inputs.map { try SweepStages.naive($0.recording, truth: $0.truth, configuration: spec.replay) }
        }

        /// The main corpus's summaries, computed in the merge.
        public mutating func summaries() throws -> [SweepRecordingSummary] { inputs.map(SweepRecordingSummary.init) }

        /// The seconds the shards of every round spent on sweep `k`.
        public func seconds(_ k: Int, measured: Double) -> Double { unitSeconds[k] ?? 0 }

        /// A variant corpus's outcomes from the shards, its summaries read in the merge; nil (requests) when points are missing.
        public mutating func variant(_ plans: [Int: SweepPlan], model: CorpusVariants.Model, paths: [String]) throws
            -> (outcomes: [Int: SweepOutcome], summaries: [SweepRecordingSummary])? {
            var outcomes: [Int: SweepOutcome] = [:]
            for k in plans.keys.sorted() {
                if let found = outcome(k, plan: plans[k]!, corpus: model.name, paths: paths) { outcomes[k] = found }
            }
            guard outcomes.count == plans.count else { return nil }
            let summaries = try paths.map { path in
                SweepRecordingSummary(SweepInput(name: ProtocolLoader.recordingName(path), recording: try RecordingStore.readValidated(from: path)))
            }
            return (outcomes, summaries)
        }
    }

    /// A shard whose contents do not fit its plan.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Each global item of `plan` as (corpus, sweep, point values, recordings): the first round's
    /// items are the declared grids' points on the main corpus; a later round lists its own.
    static func items(of plan: ShardPlan, spec: EvaluationProtocol) throws -> [(corpus: String, sweep: Int, point: [Double], recordings: Int)] {
        if let work = plan.work, let corpora = plan.corpora {
            return work.flatMap { w in w.points.map { (corpora[w.corpus].name, w.sweep, $0, corpora[w.corpus].recordings.count) } }
        }
        return try spec.sweeps.enumerated().flatMap { k, definition in
            try SweepPlan(name: definition.name, space: definition.space, base: spec.replay).points.map { ("", k, $0, plan.recordings.count) }
        }
    }

    /// The store of every round of `chain` (each round's shards complete), over the main corpus `inputs`.
    static func store(_ chain: [(plan: ShardPlan, hash: String)], reads: [[Int: ShardFile.Read]], inputs: [SweepInput], spec: EvaluationProtocol,
                      folder: String) throws -> Store {
        var store = Store(inputs: inputs, spec: spec)
        for ((plan, _), read) in zip(chain, reads) {
            let all = try items(of: plan, spec: spec)
            guard all.count == plan.itemCount else {
                throw InputError(file: ShardPlan.path(in: folder, round: plan.roundNumber), message: "its \(plan.itemCount) work items are not the protocol's \(all.count)")
            }
            for k in 0..<plan.shards {
                guard let shard = read[k] else { throw InputError(file: plan.shardPath(k, in: folder), message: "not loaded") }
                let sweeps = plan.work.map { $0.map(\.sweep) } ?? Array(spec.sweeps.indices)
                var seconds: [Int: Double] = [:]
                for (u, s) in shard.payload.unitSeconds.enumerated() where u < sweeps.count { seconds[sweeps[u], default: 0] += s }
                do {
                    try store.add(values: shard.payload.values, items: shard.payload.pointIndex.map { all[Int($0)] }, seconds: seconds)
                } catch {
                    throw InputError(file: plan.shardPath(k, in: folder), message: "\(error)")
                }
            }
        }
        return store
    }

    /// The plan of the round after `plan` (whose hash is `hash`): the requests grouped into units
    /// (one per sweep and corpus, in the order asked), over at most as many shards as `plan`'s first round.
    static func next(after plan: ShardPlan, hash: String, shards: Int, requests: [Request], spec: EvaluationProtocol, folder: String) throws -> ShardPlan {
        var corpora: [ShardPlan.Corpus] = []
        var work: [ShardPlan.Work] = []
        for request in requests {
            let c = try corpora.firstIndex { $0.name == request.corpus } ?? {
                let recordings = request.corpus.isEmpty
                    ? plan.recordings
                    : try request.paths.map { ShardPlan.Input(path: $0, sha256: try SHA256.fingerprint($0)) }
                corpora.append(ShardPlan.Corpus(name: request.corpus, recordings: recordings))
                return corpora.count - 1
            }()
            work.append(ShardPlan.Work(sweep: request.sweep, corpus: c, points: request.points))
        }
        let units = work.map { w in
            ShardPlan.Unit(name: spec.sweeps[w.sweep].name + (corpora[w.corpus].name.isEmpty ? "" : " on \(corpora[w.corpus].name)"), count: w.points.count)
        }
        // Weight of an item: the recordings it runs over, × 4 when its upstream configuration
        // (tracker, depth fusion) differs from the previous item's in its unit.
        var weights: [Double] = []
        for w in work {
            let sweepPlan = try SweepPlan(name: spec.sweeps[w.sweep].name, space: spec.sweeps[w.sweep].space, base: spec.replay)
            var previous: [Double]?
            for point in w.points {
                let signature = sweepPlan.upstreamSignature(point)
                weights.append(Double(corpora[w.corpus].recordings.count) * (signature == previous ? 1 : 4))
                previous = signature
            }
        }
        let round = plan.roundNumber + 1
        let file = ShardPlan.path(in: folder, round: round)
        let mapping: ShardMapping
        do {
            mapping = try ShardMapping(count: weights.count, shards: min(shards, weights.count), strategy: plan.mapping.strategy, weights: weights)
        } catch {
            throw InputError(file: file, message: error.description)
        }
        var next = plan
        (next.round, next.previousPlanHash, next.corpora, next.work, next.units, next.mapping) = (round, hash, corpora, work, units, mapping)
        next.weightModel = "sweep point of a later round: the recordings of its corpus × (4 when its tracker/fusion configuration differs from the previous point's, else 1)"
        return next
    }
}
