import EvalNumerics
import Foundation
import Recording
import Replay
import Simulation
import Sweeps
import Warmth
import EvalResults

/// The work behind `run-shard`, `shard-status` and `merge-shards` (Docs/scale-out.md).
public enum ShardJob {
    /// Moves into the plan's working folder when the process is elsewhere (relative paths in
    /// the plan resolve there) and returns the run folder as an absolute path.
    public static func enter(_ folder: String, plan: ShardPlan) throws -> String {
        let absolute = folder.hasPrefix("/") ? folder : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder)
        let manager = FileManager.default
        guard manager.currentDirectoryPath == plan.workingDirectory || manager.changeCurrentDirectoryPath(plan.workingDirectory) else {
            throw InputError(file: ShardPlan.path(in: folder), message: "its working folder '\(plan.workingDirectory)' does not exist here")
        }
        return (absolute as NSString).standardizingPath
    }

    /// Checks that the input file still has the plan's SHA-256.
    public static func checkInput(_ plan: ShardPlan) throws {
        let now = try SHA256.fingerprint(plan.input.path)
        guard now == plan.input.sha256 else {
            throw InputError(file: plan.input.path, message: "changed since the plan was made (SHA-256 \(now.prefix(12))…, plan \(plan.input.sha256.prefix(12))…); make a new plan")
        }
    }

    /// Checks a later round's units against the protocol's sweeps: each names one of them and
    /// gives every point one finite value per axis (a plan of round 0 has nothing to check).
    static func checkWork(_ plan: ShardPlan, _ loaded: ProtocolLoader.Loaded, folder: String) throws {
        let sweeps = loaded.evaluationProtocol.sweeps
        let file = ShardPlan.path(in: folder, round: plan.roundNumber)
        for (u, w) in (plan.work ?? []).enumerated() {
            guard w.sweep < sweeps.count else { throw InputError(file: file, message: "unit \(u) names sweep \(w.sweep); the protocol has \(sweeps.count) sweeps") }
            let axes = sweeps[w.sweep].space.axes.count
            guard w.points.allSatisfy({ $0.count == axes && $0.allSatisfy(\.isFinite) }) else {
                throw InputError(file: file, message: "unit \(u): a point without one finite value for each of the sweep's \(axes) axes")
            }
        }
    }

    /// The protocol and prepared recordings of a sweep plan, checked against the plan.
    public static func sweepInputs(_ plan: ShardPlan, message: (String) -> Void) throws -> (ProtocolLoader.Loaded, SweepData, [SweepInput]) {
        try checkInput(plan)
        let loaded = try ProtocolLoader.load(plan.input.path)
        let data = try SweepData.resolve(loaded, message: message)
        guard data.paths == plan.recordings.map(\.path) else {
            throw InputError(file: plan.input.path, message: "its recordings are not the plan's \(plan.recordings.count) recordings")
        }
        var inputs: [SweepInput] = []
        for entry in plan.recordings {
            let sha = try SHA256.fingerprint(entry.path)
            guard sha == entry.sha256 else { throw InputError(file: entry.path, message: "changed since the plan was made (SHA-256 differs)") }
            inputs.append(SweepInput(name: ProtocolLoader.recordingName(entry.path), recording: try RecordingStore.readValidated(from: entry.path)))
        }
        return (loaded, data, inputs)
    }

    /// The recordings of a later round's variant corpus, each checked against its SHA-256 in the plan.
    static func readCorpus(_ corpus: ShardPlan.Corpus) throws -> [SweepInput] {
        try corpus.recordings.map { entry in
            guard try SHA256.fingerprint(entry.path) == entry.sha256 else {
                throw InputError(file: entry.path, message: "changed since the round's plan was made (SHA-256 differs)")
            }
            return SweepInput(name: ProtocolLoader.recordingName(entry.path), recording: try RecordingStore.readValidated(from: entry.path))
        }
    }

    /// The protocol and trials of a warmth plan, checked against the plan.
    public static func warmthInputs(_ plan: ShardPlan) throws -> (WarmthProtocol, [Trial]) {
        try checkInput(plan)
        let (proto, index) = try WarmthProtocol.load(plan.input.path)
        let trials = try TrialReader.readCorpus(index: index)
        guard [index] + trials.map(\.file) == plan.recordings.map(\.path) else {
            throw InputError(file: plan.input.path, message: "its trial corpus is not the plan's \(plan.recordings.count - 1) trials")
        }
        for entry in plan.recordings where try SHA256.fingerprint(entry.path) != entry.sha256 {
            throw InputError(file: entry.path, message: "changed since the plan was made (SHA-256 differs)")
        }
        return (proto, trials)
    }

    /// Computes shard `k` and writes its file; returns false when it was already complete.
    public static func run(_ plan: ShardPlan, hash: String, shard k: Int, folder: String, force: Bool, failForTest: Bool, message: (String) -> Void) throws -> Bool {
        if !force, case (.complete, _) = ShardFile.inspect(plan, hash: hash, shard: k, folder: folder, load: false) {
            return false
        }
        let environment = ProcessInfo.processInfo.environment
        let start = DispatchTime.now().uptimeNanoseconds
        let payload: ShardFile.Payload
        switch plan.kind {
        case .sweep:
            let (loaded, _, inputs) = try sweepInputs(plan, message: message)
            try checkWork(plan, loaded, folder: folder)
            let spec = loaded.evaluationProtocol
            var values: [Double] = []
            var points: [Int64] = []
            var unitSeconds = Array(repeating: 0.0, count: plan.units.count)
            var corpusInputs: [Int: [SweepInput]] = [:]
            for (u, global, local) in plan.unitItems(of: k) {
                let unitStart = DispatchTime.now().uptimeNanoseconds
                let work = plan.work?[u]
                let definition = spec.sweeps[work?.sweep ?? u]
                var sweepPlan = try SweepPlan(name: definition.name, space: definition.space, base: spec.replay)
                var unitInputs = inputs
                if let work, let corpora = plan.corpora {
                    // A later round (Docs/scale-out.md#rounds): the plan lists the points and the corpus.
                    sweepPlan.points = local.map { work.points[$0] }
                    if !corpora[work.corpus].name.isEmpty {
                        unitInputs = try corpusInputs[work.corpus] ?? readCorpus(corpora[work.corpus])
                        corpusInputs[work.corpus] = unitInputs
                    }
                } else {
                    guard sweepPlan.points.count == plan.units[u].count else {
                        throw InputError(file: plan.input.path, message: "sweep \(definition.name) has \(sweepPlan.points.count) points, the plan \(plan.units[u].count)")
                    }
                    sweepPlan.points = local.map { sweepPlan.points[$0] }
                }
                guard let outcome = try SweepRunner(plan: sweepPlan, inputs: unitInputs).run()?.outcome else {
                    throw InputError(file: plan.input.path, message: "sweep \(definition.name) stopped early")
                }
                for block in outcome.components.blocks { values.append(contentsOf: block) }
                points.append(contentsOf: global.map(Int64.init))
                unitSeconds[u] = Double(DispatchTime.now().uptimeNanoseconds - unitStart) / 1e9
                message("shard \(k): \(plan.units[u].name): \(local.count) points × \(unitInputs.count) recordings")
            }
            payload = ShardFile.Payload(pointIndex: points, values: values,
                                        shape: plan.componentsShapePrefix(ofShard: k) + [SweepComponent.allCases.count], unitSeconds: unitSeconds, sha256: [])
        case .warmth:
            let (proto, trials) = try warmthInputs(plan)
            let items = plan.mapping.items(of: k)
            let sweep = WarmthSweep(trials: trials, grid: proto.grid, base: proto.baseline)
            var checkpoint = SweepCheckpoint(fingerprint: "shard")
            let done = try ResumableSweep.run(sweep, checkpoint: &checkpoint, only: items, batchSize: max(1, items.count))!
            message("shard \(k): warmth \(proto.name): \(items.count) points × \(trials.count) trials")
            payload = ShardFile.Payload(pointIndex: items.map(Int64.init), values: items.flatMap { done[$0]!.flatMap { $0 } },
                                        shape: [items.count, trials.count, sweep.componentCount],
                                        unitSeconds: [Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9], sha256: [])
        case .corpus:
            try checkInput(plan)
            let spec = try CorpusBuilder.spec(at: plan.input.path)
            let corpusFolder = (folder as NSString).appendingPathComponent("corpus")
            try FileManager.default.createDirectory(atPath: corpusFolder, withIntermediateDirectories: true)
            let items = plan.mapping.items(of: k)
            let simulator = CaptureSimulator()
            let hashes = try inChunks(of: items.count, minimumChunk: 1) { range in
                range.map { j -> Result<String, InputError> in
                    let member = spec.member(items[j])
                    let path = (corpusFolder as NSString).appendingPathComponent(member.fileName)
                    do {
                        if !FileManager.default.fileExists(atPath: path) {
                            let recording = simulator.simulate(member.scenario, seed: member.seed, duration: member.duration).recording
                            try RecordingStore.write(recording, to: path)
                        }
                        return .success(try SHA256.fingerprint(path))
                    } catch let error as InputError {
                        return .failure(error)
                    } catch {
                        return .failure(InputError(file: path, message: "\(error)"))
                    }
                }
            }.flatMap { $0 }.map { try $0.get() }
            message("shard \(k): \(items.count) corpus recordings")
            payload = ShardFile.Payload(pointIndex: items.map(Int64.init), values: [], shape: [items.count], unitSeconds: [], sha256: hashes)
        }
        if failForTest { throw InputError(file: plan.shardPath(k, in: folder), message: "failing on purpose (SPATIAL_EVAL_SHARD_FAIL names shard \(k)); nothing written") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try ShardFile.write(payload, plan: plan, hash: hash, shard: k, provenance: .current(seconds: seconds, environment: environment), folder: folder)
        return true
    }

    /// The state of every shard.
    public struct Survey {
        /// Per shard, its state.
        public var states: [ShardFile.State]
        /// Per complete shard, its contents (when loaded).
        public var reads: [Int: ShardFile.Read]
        /// Leftover temporary files.
        public var temporaries: [String]

        /// Shards not complete.
        public var incomplete: [Int] { states.indices.filter { states[$0] != .complete } }
    }

    public static func survey(_ plan: ShardPlan, hash: String, folder: String, load: Bool) -> Survey {
        var states: [ShardFile.State] = []
        var reads: [Int: ShardFile.Read] = [:]
        for k in 0..<plan.shards {
            let (state, read) = ShardFile.inspect(plan, hash: hash, shard: k, folder: folder, load: load)
            states.append(state)
            if let read { reads[k] = read }
        }
        return Survey(states: states, reads: reads, temporaries: ShardFile.temporaries(in: folder))
    }

    /// The status report: per-state counts, the missing list as a range list, what it covers,
    /// and one re-run line per engine.
    public static func statusText(_ plan: ShardPlan, survey: Survey, folder: String) -> String {
        var lines: [String] = []
        let missing = survey.states.indices.filter { survey.states[$0] == .missing }
        let complete = survey.states.filter { $0 == .complete }.count
        lines.append("plan: \(plan.kind.rawValue) of \(plan.itemCount) work items (\(plan.units.map { "\($0.name) \($0.count)" }.joined(separator: ", "))), "
            + "\(plan.shards) shards, \(plan.mapping.strategy.rawValue)"
            + (plan.kind == .sweep ? ", round \(plan.roundNumber) (\((ShardPlan.path(in: folder, round: plan.roundNumber) as NSString).lastPathComponent))" : ""))
        lines.append("complete: \(complete) of \(plan.shards) shards")
        for (k, state) in survey.states.enumerated() {
            switch state {
            case .foreign(let other): lines.append("foreign: shard \(k) carries plan hash \(other.prefix(16))… (another plan): \(plan.shardPath(k, in: folder))")
            case .corrupt(let why): lines.append("corrupt: shard \(k): \(why): \(plan.shardPath(k, in: folder))")
            default: break
            }
        }
        let bad = survey.incomplete
        if !bad.isEmpty {
            let list = ShardRangeList.format(bad)
            let items = bad.flatMap { plan.mapping.items(of: $0) }
            let cells = plan.cells(items)
            var covered: [String] = []
            let offsets = plan.offsets
            for (u, unit) in plan.units.enumerated() {
                let n = items.filter { $0 >= offsets[u] && $0 < offsets[u] + unit.count }.count
                if n > 0 { covered.append("\(unit.name) \(n)") }
            }
            lines.append("missing \(bad.count) of \(plan.shards) shards (\(items.count) of \(plan.itemCount) \(plan.kind == .corpus ? "recordings" : "points"), "
                + "\(cells) cells; \(covered.joined(separator: ", "))): \(list)")
            if !missing.isEmpty && missing.count != bad.count { lines.append("of which absent: \(ShardRangeList.format(missing))") }
            lines.append("re-run with Slurm:      sbatch --array=\(list) Engines/slurm/run-shard.sbatch \(folder)")
            lines.append("re-run with Kubernetes: completions: \(bad.count), args: run-shard \(folder) --index-into \(list)")
            lines.append("re-run with parallel:   Engines/parallel/run-shards \(folder) --resume-failed")
            lines.append("re-run by hand:         " + bad.prefix(8).map { "spatial-eval run-shard \(folder) --shard \($0)" }.joined(separator: "; ")
                + (bad.count > 8 ? "; …" : ""))
        }
        for t in survey.temporaries { lines.append("temporary file of a crashed attempt: \(t) (clean-shards removes it when no job runs)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Refuses shards that ran with different OpenBLAS settings or tool versions; returns the
    /// common provenance line. The git commit each shard records is provenance only: it is
    /// the checkout's HEAD when the shard ran, which moves without the binary changing.
    public static func checkUniform(_ plan: ShardPlan, survey: Survey, folder: String) throws -> String {
        let keyed = survey.reads.sorted { $0.key < $1.key }.map { ($0.key, "OpenBLAS core \($0.value.provenance.openblasCore), \($0.value.provenance.openblasThreads) thread(s); tool \($0.value.provenance.build.split(separator: " ").first.map(String.init) ?? "")") }
        let groups = Dictionary(grouping: keyed, by: \.1)
        guard groups.count == 1, let only = groups.first?.key else {
            let detail = groups.sorted { $0.key < $1.key }.map { "shards \(ShardRangeList.format($0.value.map(\.0))): \($0.key)" }.joined(separator: "; ")
            throw InputError(file: (folder as NSString).appendingPathComponent("shards"), message: "shards differ in OpenBLAS settings or tool version, results could differ in the last bits: \(detail); re-run the odd ones with --force")
        }
        guard keyed.allSatisfy({ survey.reads[$0.0]!.provenance.openblasThreads == plan.openblasThreads }) else {
            throw InputError(file: (folder as NSString).appendingPathComponent("shards"), message: "shards ran with \(only), the plan pins \(plan.openblasThreads) OpenBLAS thread(s)")
        }
        return only
    }
}
