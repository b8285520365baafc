import EvalNumerics
import Foundation
import EvalResults
import Recording
import Simulation
import Sweeps
import Warmth

/// The immutable plan of a sharded run (Docs/scale-out.md#plan-file): what is computed (the
/// points of a protocol's sweeps, or the recordings of a corpus spec), over which recordings,
/// how the work items map to shards, and the build and OpenBLAS settings every shard must
/// share. Stored as `DIR/plan.json` in canonical JSON (sorted keys); its SHA-256 is the plan
/// hash every shard file records.
public struct ShardPlan: Codable, Sendable, Equatable {
    /// The plan-file format tag.
    public static let formatTag = "spatial-eval-shard-plan/1"

    /// What the work items are.
    public enum Kind: String, Codable, Sendable {
        /// Sweep points (of every sweep of a protocol, in protocol order).
        case sweep
        /// Corpus recordings (members 0..<count of a corpus spec).
        case corpus
        /// Grid points of a warmth protocol's sweep (Docs/warmth.md#sweep).
        case warmth
    }

    /// An input file pinned by content.
    public struct Input: Codable, Sendable, Equatable {
        /// The path as given (relative to ``ShardPlan/workingDirectory`` unless absolute).
        public var path: String
        /// SHA-256 of the file's bytes.
        public var sha256: String
    }

    /// A group of consecutive work items: one sweep, or the whole corpus.
    public struct Unit: Codable, Sendable, Equatable {
        /// The sweep's name, or the corpus spec's name.
        public var name: String
        /// Work items in the unit.
        public var count: Int
    }

    /// The format tag.
    public var format: String
    /// What the work items are.
    public var kind: Kind
    /// The folder the plan was made in; shards and the merge resolve relative paths against it.
    public var workingDirectory: String
    /// The protocol (sweep, warmth) or the corpus spec (corpus).
    public var input: Input
    /// The units in order; global item index = the unit's offset + the index inside it.
    public var units: [Unit]
    /// The recordings of a sweep, in sweep order; for a warmth plan the trial corpus's index
    /// followed by its trial files in corpus order; empty for a corpus.
    public var recordings: [Input]
    /// The corpus spec's seed, or the protocol's bootstrap seed (cells draw no random numbers).
    public var seed: UInt64
    /// The mapping of items to shards (its block boundaries included).
    public var mapping: ShardMapping
    /// How the weights of `weighted` were computed, in words.
    public var weightModel: String
    /// Tool version and git commit of the binary that made the plan; every shard must match.
    public var toolVersion: String
    /// The git commit, or "no-git".
    public var gitCommit: String
    /// The `OPENBLAS_CORETYPE` every shard must run with ("" = unset everywhere).
    public var openblasCoretype: String
    /// The OpenBLAS thread count every shard pins (1).
    public var openblasThreads: Int
    /// A sweep plan's round (Docs/scale-out.md#rounds): absent in the first round's `plan.json`,
    /// R ≥ 1 in `plan-round-R.json`, which a merge writes for the work the decision flow needs next.
    public var round: Int?
    /// Round R ≥ 1: the plan hash of round R − 1 (the chain every later round is checked against).
    public var previousPlanHash: String?
    /// Round R ≥ 1: the corpora its work runs on (the main corpus, variant or pivot-step corpora).
    public var corpora: [Corpus]?
    /// Round R ≥ 1: per unit, the sweep and corpus it runs and the values of its points.
    public var work: [Work]?

    /// A corpus of a later round: its name ("" for the protocol's own recordings, else the
    /// variant model's) and its recordings pinned by content, in sweep order.
    public struct Corpus: Codable, Sendable, Equatable {
        /// The variant model's name, "" for the main corpus.
        public var name: String
        /// The recordings.
        public var recordings: [Input]
    }

    /// The work of one unit of a later round: sweep `sweep` (protocol order) on corpus `corpus`
    /// (index into ``ShardPlan/corpora``) at the listed points (one value per axis).
    public struct Work: Codable, Sendable, Equatable {
        /// The sweep's index in the protocol.
        public var sweep: Int
        /// The corpus's index in ``ShardPlan/corpora``.
        public var corpus: Int
        /// The points, each its axis values in the sweep's axis order.
        public var points: [[Double]]
    }

    /// The units each work item's components cover: the recordings of a sweep plan, the trials
    /// of a warmth plan; nil for a corpus plan, whose items are files.
    public var componentUnits: Int? {
        switch kind {
        case .sweep: work == nil ? recordings.count : nil
        case .warmth: recordings.count - 1
        case .corpus: nil
        }
    }

    /// Total work items.
    public var itemCount: Int { units.reduce(0) { $0 + $1.count } }
    /// The number of shards.
    public var shards: Int { mapping.shards }

    /// The offset of each unit in the global item numbering.
    public var offsets: [Int] {
        var result: [Int] = []
        var running = 0
        for unit in units { result.append(running); running += unit.count }
        return result
    }

    /// Canonical JSON: sorted keys, no extra whitespace. The plan hash is its SHA-256.
    public func canonicalJSON() throws -> Data {
        try JSONText.data(self, .canonical)
    }

    /// The plan hash.
    public func hash() throws -> String { SHA256.hexDigest(of: [UInt8](try canonicalJSON())) }

    /// `DIR/plan.json`, the first round's plan.
    public static func path(in folder: String) -> String { path(in: folder, round: 0) }

    /// The plan file of round `round` in `folder`: `plan.json` for round 0, `plan-round-RRRRR.json` after.
    public static func path(in folder: String, round: Int) -> String {
        (folder as NSString).appendingPathComponent(round == 0 ? "plan.json" : "plan-round-\(padded(round)).json")
    }

    /// `n` with leading zeros to five digits.
    static func padded(_ n: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, 5 - s.count)) + s }

    /// The round of this plan (0 for the first).
    public var roundNumber: Int { round ?? 0 }

    /// Reads the current round's plan of `folder` (the last of its chain, ``chain(in:)``).
    public static func load(from folder: String) throws -> (plan: ShardPlan, hash: String) {
        try chain(in: folder).last!
    }

    /// Reads `plan.json` and every `plan-round-R.json` after it in order, checking that each
    /// is canonical, names its round, and records the previous round's plan hash.
    public static func chain(in folder: String) throws -> [(plan: ShardPlan, hash: String)] {
        var plans = [try loadFile(path(in: folder))]
        while FileManager.default.fileExists(atPath: path(in: folder, round: plans.count)) {
            let file = path(in: folder, round: plans.count)
            let (plan, hash) = try loadFile(file)
            let previous = plans.last!
            guard plan.round == plans.count else {
                throw InputError(file: file, message: "names round \(plan.round.map(String.init) ?? "(none)"), expected \(plans.count)")
            }
            guard plan.previousPlanHash == previous.hash else {
                throw InputError(file: file, message: "records the previous plan hash \((plan.previousPlanHash ?? "(none)").prefix(16))…, but "
                    + "\((path(in: folder, round: plans.count - 1) as NSString).lastPathComponent) hashes to \(previous.hash.prefix(16))…: "
                    + "the chain of round plans is broken (a plan was replaced); make a new plan in a new folder")
            }
            plans.append((plan, hash))
        }
        return plans
    }

    /// Reads one plan file; refuses a file that is not this format or was edited (its bytes
    /// must be the canonical JSON of what they decode to).
    static func loadFile(_ file: String) throws -> (plan: ShardPlan, hash: String) {
        guard FileManager.default.fileExists(atPath: file) else { throw InputError(file: file, message: "cannot be read (make it with plan-shards)") }
        let data = try TextFile.read(file, kind: "a shard plan")
        let plan: ShardPlan
        do { plan = try JSONDecoder().decode(ShardPlan.self, from: data) } catch {
            throw InputError(file: file, message: "not a shard plan: \(error)")
        }
        guard plan.format == formatTag else { throw InputError(file: file, message: "format '\(plan.format)', expected '\(formatTag)'") }
        let canonical = try plan.canonicalJSON()
        guard canonical + Data("\n".utf8) == data else {
            throw InputError(file: file, message: "is not in canonical form: the plan was edited after it was made; make a new plan in a new folder")
        }
        if let problem = plan.problem { throw InputError(file: file, message: problem) }
        return (plan, SHA256.hexDigest(of: [UInt8](canonical)))
    }

    /// A structural inconsistency (mapping not covering the items), or nil.
    public var problem: String? {
        let m = mapping
        guard m.count == itemCount, m.shards >= 1, m.shards <= m.count else { return "the mapping does not match the plan's \(itemCount) work items" }
        if m.strategy != .strided {
            guard m.boundaries.count == m.shards + 1, m.boundaries.first == 0, m.boundaries.last == m.count,
                  zip(m.boundaries, m.boundaries.dropFirst()).allSatisfy({ $0 < $1 }) else { return "the block boundaries do not cover the work items" }
        }
        if let work {
            guard work.count == units.count, zip(work, units).allSatisfy({ $0.points.count == $1.count }),
                  work.allSatisfy({ $0.corpus >= 0 && $0.corpus < (corpora?.count ?? 0) && $0.sweep >= 0 }) else {
                return "its work does not match its units and corpora"
            }
        }
        return nil
    }

    /// Writes the plan to `DIR/plan.json` atomically; refuses to replace a different plan.
    public func write(to folder: String) throws {
        let file = Self.path(in: folder, round: roundNumber)
        let data = try canonicalJSON() + Data("\n".utf8)
        if FileManager.default.fileExists(atPath: file) {
            let existing = try TextFile.read(file, kind: "a shard plan")
            guard existing == data else { throw InputError(file: file, message: "already holds another plan; plans are immutable: use a new folder") }
            return
        }
        try FileManager.default.createDirectory(atPath: (shardPath(0, in: folder) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(data, to: file)
    }

    /// The global items of shard `k`, each as (unit, index inside the unit), grouped by unit.
    public func unitItems(of k: Int) -> [(unit: Int, global: [Int], local: [Int])] {
        let items = mapping.items(of: k)
        let offsets = self.offsets
        var result: [(unit: Int, global: [Int], local: [Int])] = []
        for (u, unit) in units.enumerated() {
            let global = items.filter { $0 >= offsets[u] && $0 < offsets[u] + unit.count }
            if !global.isEmpty { result.append((u, global, global.map { $0 - offsets[u] })) }
        }
        return result
    }

    /// `DIR/shards/shard-KKKKK-of-NNNNN.h5`.
    public func shardPath(_ k: Int, in folder: String) -> String {
        let round = roundNumber == 0 ? "" : "round-\(Self.padded(roundNumber))/"
        return (folder as NSString).appendingPathComponent("shards/\(round)shard-\(Self.padded(k))-of-\(Self.padded(shards)).h5")
    }
}

extension ShardPlan {
    /// The plan of `loaded`'s sweeps over `shards` shards.
    ///
    /// Weighted blocks use a deterministic cost per point: the recordings' total frame count,
    /// times 4 when the point's upstream configuration (tracker, depth fusion) differs from the
    /// previous point's in its sweep (it replays the tracker and fusion on every recording).
    public static func sweep(_ loaded: ProtocolLoader.Loaded, shards: Int, strategy: ShardStrategy, coretype: String, message: (String) -> Void) throws -> ShardPlan {
        let spec = loaded.evaluationProtocol
        guard !spec.sweeps.isEmpty else { throw InputError(file: loaded.path, message: "key 'sweeps': the protocol defines no sweeps") }
        let data = try SweepData.resolve(loaded, message: message)
        var recordings: [Input] = []
        var frames = 0
        for path in data.paths {
            recordings.append(Input(path: path, sha256: try SHA256.fingerprint(path)))
            frames += try RecordingStore.read(from: path).frames.count
        }
        var units: [Unit] = []
        var weights: [Double] = []
        for definition in spec.sweeps {
            let plan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
            units.append(Unit(name: definition.name, count: plan.points.count))
            var previous: [Double]?
            for point in plan.points {
                let signature = plan.upstreamSignature(point)
                weights.append(Double(frames) * (signature == previous ? 1 : 4))
                previous = signature
            }
        }
        let mapping = try mapping(count: weights.count, shards: shards, strategy: strategy, weights: weights, file: loaded.path)
        return ShardPlan(
            format: formatTag, kind: .sweep, workingDirectory: FileManager.default.currentDirectoryPath,
            input: Input(path: loaded.path, sha256: try SHA256.fingerprint(loaded.path)), units: units, recordings: recordings,
            seed: spec.bootstrap.seed, mapping: mapping,
            weightModel: "sweep point: total frames of the recordings × (4 when its tracker/fusion configuration differs from the previous point's, else 1)",
            toolVersion: ToolInfo.version, gitCommit: ToolInfo.gitCommit() ?? "no-git", openblasCoretype: coretype, openblasThreads: 1)
    }

    /// The plan of generating the corpus of the spec at `path` over `shards` shards; weighted
    /// blocks weigh each recording by its duration (its length in frames is proportional).
    public static func corpus(specAt path: String, shards: Int, strategy: ShardStrategy, coretype: String) throws -> ShardPlan {
        let spec = try CorpusBuilder.spec(at: path)
        let weights = (0..<spec.count).map { spec.member($0).duration }
        let mapping = try mapping(count: spec.count, shards: shards, strategy: strategy, weights: weights, file: path)
        return ShardPlan(
            format: formatTag, kind: .corpus, workingDirectory: FileManager.default.currentDirectoryPath,
            input: Input(path: path, sha256: try SHA256.hexDigest(ofFile: path)), units: [Unit(name: spec.name, count: spec.count)], recordings: [],
            seed: spec.seed, mapping: mapping, weightModel: "corpus recording: its duration in seconds",
            toolVersion: ToolInfo.version, gitCommit: ToolInfo.gitCommit() ?? "no-git", openblasCoretype: coretype, openblasThreads: 1)
    }

    /// The plan of the warmth protocol at `path`'s grid over `shards` shards; every point
    /// replays every trial, so weighted blocks weigh all points alike.
    public static func warmth(protocolAt path: String, shards: Int, strategy: ShardStrategy, coretype: String) throws -> ShardPlan {
        let (proto, index) = try WarmthProtocol.load(path)
        let trials = try TrialReader.readCorpus(index: index)
        let files = [index] + trials.map(\.file)
        let mapping = try mapping(count: proto.grid.count, shards: shards, strategy: strategy,
                                  weights: Array(repeating: 1, count: proto.grid.count), file: path)
        return ShardPlan(
            format: formatTag, kind: .warmth, workingDirectory: FileManager.default.currentDirectoryPath,
            input: Input(path: path, sha256: try SHA256.fingerprint(path)), units: [Unit(name: proto.name, count: proto.grid.count)],
            recordings: try files.map { Input(path: $0, sha256: try SHA256.fingerprint($0)) }, seed: proto.bootstrapSeed, mapping: mapping,
            weightModel: "warmth grid point: 1 (every point replays every trial)",
            toolVersion: ToolInfo.version, gitCommit: ToolInfo.gitCommit() ?? "no-git", openblasCoretype: coretype, openblasThreads: 1)
    }

    private static func mapping(count: Int, shards: Int, strategy: ShardStrategy, weights: [Double], file: String) throws -> ShardMapping {
        do {
            return try ShardMapping(count: count, shards: shards, strategy: strategy, weights: weights)
        } catch {
            throw InputError(file: file, message: error.description)
        }
    }
}
