import EvalNumerics
import Foundation
import EvalResults
import Recording
import ResultStore

/// One shard's output file (Docs/scale-out.md#shard-files): the global indices of its work
/// items, their raw per-cell values, and root attributes. The `plan_hash` attribute is
/// written last and marks the file complete; the file appears under its final name only
/// after it is closed, synced and renamed (then the folder is synced).
public enum ShardFile {
    /// Provenance a shard records; excluded from identity comparisons.
    public struct Provenance: Sendable, Equatable {
        /// Host name.
        public var host: String
        /// Engine job ids (`SLURM_ARRAY_JOB_ID`, `SLURM_JOB_ID`, Kubernetes `JOB_COMPLETION_INDEX`…), "" when none.
        public var jobIDs: String
        /// Wall time of the computation, seconds.
        public var seconds: Double
        /// `openblas_get_corename()`.
        public var openblasCore: String
        /// OpenBLAS threads in use.
        public var openblasThreads: Int
        /// Tool version and git commit.
        public var build: String

        /// The provenance of this process now.
        public static func current(seconds: Double, environment: [String: String]) -> Provenance {
            let jobs = ["SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_ID", "SLURM_JOB_ID", "JOB_COMPLETION_INDEX", "HOSTNAME"]
                .compactMap { key in environment[key].map { "\(key)=\($0)" } }.joined(separator: " ")
            var name = [CChar](repeating: 0, count: 256)
            let host = gethostname(&name, name.count) == 0
                ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
            return Provenance(host: host, jobIDs: jobs, seconds: seconds,
                              openblasCore: OpenBLASRuntime.coreName, openblasThreads: OpenBLASRuntime.threads ?? -1,
                              build: "\(ToolInfo.version) \(ToolInfo.gitCommit() ?? "no-git")")
        }
    }

    /// A shard's payload.
    public struct Payload: Sendable, Equatable {
        /// Global work-item indices, increasing.
        public var pointIndex: [Int64]
        /// Sweep: components, flattened (items × recordings × components). Corpus: empty.
        public var values: [Double]
        /// Sweep: [items, recordings, components]. Corpus: [items].
        public var shape: [Int]
        /// Sweep: seconds per unit spent. Corpus: empty.
        public var unitSeconds: [Double]
        /// Corpus: SHA-256 of each recording file written. Sweep: empty.
        public var sha256: [String]
    }

    /// Writes shard `k` of `plan` atomically to its final path.
    public static func write(_ payload: Payload, plan: ShardPlan, hash: String, shard k: Int, provenance: Provenance, folder: String) throws {
        let path = plan.shardPath(k, in: folder)
        let file = try ResultFile.create(atPath: path)
        let root = file.root
        try root.write(payload.pointIndex, to: "point_index")
        if plan.kind != .corpus {
            try root.write(plan.recordingIndex(ofShard: k), to: "recording_index")
            try root.write(payload.values, to: "components", shape: payload.shape)
            try root.write(payload.unitSeconds, to: "unit_seconds")
        } else {
            try root.write(payload.sha256, to: "sha256")
        }
        try root.setAttribute("shard", Int64(k))
        try root.setAttribute("shards", Int64(plan.shards))
        try root.setAttribute("round", Int64(plan.roundNumber))
        try root.setAttribute("tool_build", provenance.build)
        try root.setAttribute("host", provenance.host)
        try root.setAttribute("job_ids", provenance.jobIDs)
        try root.setAttribute("wall_seconds", provenance.seconds)
        try root.setAttribute("openblas_core", provenance.openblasCore)
        try root.setAttribute("openblas_threads", Int64(provenance.openblasThreads))
        try root.setAttribute("plan_hash", hash)  // last: the completeness marker
        try file.commit()
        syncDirectory((path as NSString).deletingLastPathComponent)
    }

    /// fsyncs a folder so a rename inside it is durable.
    public static func syncDirectory(_ folder: String) {
        let fd = open(folder, O_RDONLY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// What `status` and `merge` see of one shard.
    public enum State: Equatable, Sendable {
        /// Present, this plan's hash, the expected items.
        case complete
        /// No final file.
        case missing
        /// Another plan's hash.
        case foreign(String)
        /// Unreadable or inconsistent; the reason.
        case corrupt(String)
    }

    /// A shard file read back.
    public struct Read: Sendable {
        /// The payload.
        public var payload: Payload
        /// Its provenance.
        public var provenance: Provenance
    }

    /// Inspects shard `k`: its state and, when complete and `load` is set, its contents.
    public static func inspect(_ plan: ShardPlan, hash: String, shard k: Int, folder: String, load: Bool) -> (State, Read?) {
        let path = plan.shardPath(k, in: folder)
        guard FileManager.default.fileExists(atPath: path) else { return (.missing, nil) }
        do {
            try ForeignResultsFile.check(path)
            let file = try ResultFile.open(atPath: path)
            let root = file.root
            guard let recorded = try? root.attributeString("plan_hash") else { return (.corrupt("no plan_hash attribute (incomplete)"), nil) }
            guard recorded == hash else { return (.foreign(recorded), nil) }
            guard try root.attributeInt64("shard") == Int64(k), try root.attributeInt64("shards") == Int64(plan.shards) else {
                return (.corrupt("its shard/shards attributes are not \(k)/\(plan.shards)"), nil)
            }
            let points = try root.readInt64s("point_index").values
            guard points == plan.mapping.items(of: k).map(Int64.init) else { return (.corrupt("point_index differs from the plan's items of shard \(k)"), nil) }
            var payload = Payload(pointIndex: points, values: [], shape: [points.count], unitSeconds: [], sha256: [])
            if plan.kind != .corpus {
                guard try root.readInt64s("recording_index").values == plan.recordingIndex(ofShard: k) else {
                    return (.corrupt("recording_index differs from the plan's \(plan.kind == .warmth ? "trials" : "recordings")"), nil)
                }
                let components = try root.readDoubles("components")
                let prefix = plan.componentsShapePrefix(ofShard: k)
                guard components.shape.count == prefix.count + 1, Array(components.shape.dropLast()) == prefix else {
                    return (.corrupt("components has shape \(components.shape), expected [\(prefix.map(String.init).joined(separator: ", ")), C]"), nil)
                }
                if load {
                    payload.values = components.values
                    payload.shape = components.shape
                    payload.unitSeconds = try root.readDoubles("unit_seconds").values
                }
            } else {
                let sha = try root.readStrings("sha256")
                guard sha.count == points.count else { return (.corrupt("sha256 has \(sha.count) entries for \(points.count) recordings"), nil) }
                payload.sha256 = sha
            }
            let provenance = Provenance(
                host: try root.attributeString("host"), jobIDs: try root.attributeString("job_ids"), seconds: try root.attributeDouble("wall_seconds"),
                openblasCore: try root.attributeString("openblas_core"), openblasThreads: Int(try root.attributeInt64("openblas_threads")),
                build: try root.attributeString("tool_build"))
            return (.complete, Read(payload: payload, provenance: provenance))
        } catch {
            return (.corrupt("\(error)"), nil)
        }
    }

    /// Leftover temporary files of crashed attempts in `DIR/shards` and its rounds' folders
    /// (`DIR/shards/round-R`, Docs/scale-out.md#rounds).
    public static func temporaries(in folder: String) -> [String] {
        let shards = (folder as NSString).appendingPathComponent("shards")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shards)) ?? []
        let rounds = names.filter { $0.hasPrefix("round-") }.sorted().map { "\($0)/" }
        return ([""] + rounds).flatMap { sub in
            ((try? FileManager.default.contentsOfDirectory(atPath: shards + "/" + sub)) ?? [])
                .filter { $0.contains(".tmp-") }.sorted().map { (shards as NSString).appendingPathComponent(sub + $0) }
        }
    }
}
