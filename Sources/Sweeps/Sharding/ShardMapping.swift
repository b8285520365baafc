/// How the work items of a sharded plan (sweep points, or corpus recordings) are split over
/// N shards (Docs/scale-out.md#mappings). Every strategy assigns each item 0..<count to
/// exactly one shard, and a shard's items are listed in increasing order.
public enum ShardStrategy: String, CaseIterable, Sendable, Codable {
    /// Contiguous blocks of equal size (sizes differ by at most one item).
    case blocks
    /// Contiguous blocks cut so that the blocks' summed deterministic weights are nearly equal.
    case weighted
    /// Shard k takes items k, k + N, k + 2N, ….
    case strided
}

/// A point-to-shard mapping: pure functions of (count, shards, strategy, weights).
public struct ShardMapping: Sendable, Equatable, Codable {
    /// Number of work items.
    public var count: Int
    /// Number of shards.
    public var shards: Int
    /// The strategy.
    public var strategy: ShardStrategy
    /// For `blocks` and `weighted`: `shards + 1` cut points, the first 0 and the last `count`;
    /// shard k holds items `boundaries[k]..<boundaries[k + 1]`. Empty for `strided`.
    public var boundaries: [Int]

    /// A mapping problem the caller must fix (bad counts or weights).
    public struct Problem: Error, CustomStringConvertible, Equatable {
        /// What is wrong.
        public var description: String
    }

    /// Builds the mapping of `count` items over `shards` shards.
    ///
    /// - Parameter weights: one non-negative, finite weight per item; required (and only
    ///   used) by `weighted`.
    public init(count: Int, shards: Int, strategy: ShardStrategy, weights: [Double]? = nil) throws(Problem) {
        guard count >= 1 else { throw Problem(description: "nothing to shard: the plan has no work items") }
        guard shards >= 1, shards <= count else {
            throw Problem(description: "\(shards) shards for \(count) work items: use 1 to \(count) shards")
        }
        self.count = count
        self.shards = shards
        self.strategy = strategy
        switch strategy {
        case .strided:
            boundaries = []
        case .blocks:
            boundaries = (0...shards).map { $0 * count / shards }
        case .weighted:
            guard let weights, weights.count == count else { throw Problem(description: "weighted blocks need one weight per work item") }
            guard weights.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw Problem(description: "weights must be finite and non-negative") }
            boundaries = Self.weightedCuts(weights, shards: shards)
        }
    }

    /// Cut points that split the prefix sums of `weights` into `shards` nearly equal parts,
    /// every block non-empty. Cut k (0 < k < shards) is the first index whose prefix sum
    /// reaches k/shards of the total, clamped so that each block keeps at least one item.
    static func weightedCuts(_ weights: [Double], shards: Int) -> [Int] {
        let count = weights.count
        var prefix = [0.0]
        prefix.reserveCapacity(count + 1)
        for w in weights { prefix.append(prefix.last! + w) }
        let total = prefix[count]
        var cuts = [0]
        var i = 0
        for k in 1..<max(1, shards) {
            let target = total * Double(k) / Double(shards)
            while i < count && prefix[i] < target { i += 1 }
            // Keep ≥ 1 item in this block and in each of the remaining shards − k blocks.
            let cut = min(max(i, cuts[k - 1] + 1), count - (shards - k))
            cuts.append(cut)
            i = cut
        }
        cuts.append(count)
        return cuts
    }

    /// The items of shard `k`, in increasing order.
    public func items(of k: Int) -> [Int] {
        precondition(k >= 0 && k < shards, "shard index out of range")
        switch strategy {
        case .strided: return Array(stride(from: k, to: count, by: shards))
        case .blocks, .weighted: return Array(boundaries[k]..<boundaries[k + 1])
        }
    }

    /// The shard that holds item `i`.
    public func shard(of i: Int) -> Int {
        switch strategy {
        case .strided: return i % shards
        case .blocks, .weighted:
            var lo = 0, hi = shards - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if boundaries[mid] <= i { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
    }

    /// The largest shard's summed weight over the mean shard weight (1 is a perfect split).
    public func imbalance(_ weights: [Double]) -> Double {
        let sums = (0..<shards).map { items(of: $0).reduce(0.0) { $0 + weights[$1] } }
        let mean = sums.reduce(0, +) / Double(shards)
        return mean > 0 ? sums.max()! / mean : 1
    }
}

/// Compact lists of shard indices such as `3,6,12-15` (the format Kubernetes uses for
/// `status.completedIndexes`, and Slurm's `--array` accepts).
public enum ShardRangeList {
    /// `indices` (any order, duplicates ignored) as a range list; "" for none.
    public static func format(_ indices: [Int]) -> String {
        let sorted = Array(Set(indices)).sorted()
        var parts: [String] = []
        var k = 0
        while k < sorted.count {
            var j = k
            while j + 1 < sorted.count && sorted[j + 1] == sorted[j] + 1 { j += 1 }
            parts.append(j == k ? "\(sorted[k])" : "\(sorted[k])-\(sorted[j])")
            k = j + 1
        }
        return parts.joined(separator: ",")
    }

    /// Parses a range list (`3,6,12-15`) into its indices in the order written; nil when malformed
    /// (empty parts, negative numbers, a range whose end is below its start).
    public static func parse(_ text: String) -> [Int]? {
        var result: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 1 || ends.count == 2, let lo = Int(ends[0]), lo >= 0 else { return nil }
            if ends.count == 1 { result.append(lo); continue }
            guard let hi = Int(ends[1]), hi >= lo else { return nil }
            result.append(contentsOf: lo...hi)
        }
        return result.isEmpty ? nil : result
    }
}

/// Where `run-shard` takes its shard index from (Docs/scale-out.md#shard-index): an explicit
/// `--shard`, else `SLURM_ARRAY_TASK_ID`, else `JOB_COMPLETION_INDEX` (Kubernetes), else a
/// named variable; optionally mapped through an `--index-into` list. The shard count always
/// comes from the plan, never from the environment.
public enum ShardIndexSource {
    /// The index resolution failed; `usage` marks a usage error (exit 64).
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// What is wrong.
        public var description: String
    }

    /// The resolved shard index and notes to print (e.g. a subset re-run).
    public struct Resolved: Equatable, Sendable {
        /// The shard index, 0 ≤ index < shards.
        public var index: Int
        /// Where it came from, in words.
        public var source: String
        /// Remarks that do not stop the run.
        public var notes: [String]
    }

    /// Resolves the shard index.
    ///
    /// - Parameters:
    ///   - explicit: the value of `--shard`, as written (`K` or `K/N`).
    ///   - indexInto: the `--index-into` range list: the engine index i selects its i-th element.
    ///   - indexEnv: an extra variable name to read (`--index-env`), tried after the standard ones.
    ///   - environment: the process environment.
    ///   - shards: N from the plan.
    public static func resolve(explicit: String?, indexInto: String?, indexEnv: String?, environment: [String: String], shards: Int) throws(Failure) -> Resolved {
        var notes: [String] = []
        var raw: Int
        var source: String
        if let explicit {
            let parts = explicit.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let k = Int(parts[0]) else { throw Failure(description: "--shard expects K or K/N, got '\(explicit)'") }
            if parts.count == 2 {
                guard let n = Int(parts[1]) else { throw Failure(description: "--shard expects K or K/N, got '\(explicit)'") }
                guard n == shards else { throw Failure(description: "--shard \(explicit): the plan has \(shards) shards, not \(n)") }
            }
            raw = k
            source = "--shard"
        } else if let text = environment["SLURM_ARRAY_TASK_ID"] {
            guard let k = Int(text) else { throw Failure(description: "SLURM_ARRAY_TASK_ID='\(text)' is not an integer") }
            raw = k
            source = "SLURM_ARRAY_TASK_ID"
            if let maxText = environment["SLURM_ARRAY_TASK_MAX"], let max = Int(maxText), indexInto == nil, max >= shards {
                throw Failure(description: "SLURM_ARRAY_TASK_MAX=\(max) but the plan has \(shards) shards: submit --array=0-\(shards - 1)")
            }
            if let countText = environment["SLURM_ARRAY_TASK_COUNT"], let count = Int(countText), count != shards {
                notes.append("note: the array has \(count) tasks and the plan \(shards) shards (a re-run of some shards); the shard count comes from the plan")
            }
        } else if let text = environment["JOB_COMPLETION_INDEX"] {
            guard let k = Int(text) else { throw Failure(description: "JOB_COMPLETION_INDEX='\(text)' is not an integer") }
            raw = k
            source = "JOB_COMPLETION_INDEX"
        } else if let indexEnv, let text = environment[indexEnv] {
            guard let k = Int(text) else { throw Failure(description: "\(indexEnv)='\(text)' is not an integer") }
            raw = k
            source = indexEnv
        } else {
            throw Failure(description: "no shard index: give --shard K, or run under SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"
                + (indexEnv.map { " or \($0)" } ?? ""))
        }
        if let indexInto {
            guard let list = ShardRangeList.parse(indexInto) else { throw Failure(description: "--index-into expects a range list like 3,6,12-15, got '\(indexInto)'") }
            guard raw >= 0 && raw < list.count else {
                throw Failure(description: "index \(raw) from \(source) is outside the --index-into list of \(list.count) shards")
            }
            source += " through --index-into (element \(raw))"
            raw = list[raw]
        }
        guard raw >= 0 && raw < shards else { throw Failure(description: "shard \(raw) (from \(source)) is outside 0..\(shards - 1): the plan has \(shards) shards") }
        return Resolved(index: raw, source: source, notes: notes)
    }
}
