import EvalNumerics
import Sweeps
import Testing

/// The point-to-shard mappings, range lists and shard-index sources (Docs/scale-out.md).
@Suite struct ShardMappingTests {
    private func weights(_ count: Int, seed: UInt64) -> [Double] {
        var g = SplitMix64(seed: seed)
        return (0..<count).map { _ in (g.nextUnit() * 10).rounded() }  // zeros and ties included
    }

    @Test("every strategy covers 0..<P exactly once, each shard non-empty and increasing", arguments: ShardStrategy.allCases)
    func coversEveryPointOnce(_ strategy: ShardStrategy) throws {
        for count in [1, 2, 7, 26, 100, 1001] {
            for shards in [1, 2, 3, 4, 7, 16, 64] where shards <= count {
                let w = weights(count, seed: UInt64(count * 100 + shards))
                let mapping = try ShardMapping(count: count, shards: shards, strategy: strategy, weights: w)
                var seen = Array(repeating: 0, count: count)
                for k in 0..<shards {
                    let items = mapping.items(of: k)
                    #expect(!items.isEmpty, "\(strategy) \(count)/\(shards): shard \(k) empty")
                    #expect(items == items.sorted())
                    for i in items {
                        seen[i] += 1
                        #expect(mapping.shard(of: i) == k)
                    }
                }
                #expect(seen.allSatisfy { $0 == 1 }, "\(strategy) \(count)/\(shards)")
            }
        }
    }

    @Test("blocks differ in size by at most one; strided is k, k+N, …")
    func blockSizesAndStride() throws {
        let blocks = try ShardMapping(count: 26, shards: 7, strategy: .blocks)
        let sizes = (0..<7).map { blocks.items(of: $0).count }
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(blocks.items(of: 0) == [0, 1, 2])
        let strided = try ShardMapping(count: 26, shards: 7, strategy: .strided)
        #expect(strided.items(of: 2) == [2, 9, 16, 23])
    }

    @Test("weighted blocks balance a skewed deterministic cost better than equal blocks")
    func weightedBalances() throws {
        // The spec's example shape: an expensive axis outermost (cost 0.2 + 0.8/N for N = 1…5).
        let w = (1...5).flatMap { n in Array(repeating: 0.2 + 0.8 / Double(n), count: 400) }
        let blocks = try ShardMapping(count: w.count, shards: 4, strategy: .blocks)
        let weighted = try ShardMapping(count: w.count, shards: 4, strategy: .weighted, weights: w)
        #expect(blocks.imbalance(w) > 1.5)
        #expect(weighted.imbalance(w) < 1.01)
        // All the weight in one item still leaves every shard an item.
        let spike = try ShardMapping(count: 10, shards: 4, strategy: .weighted, weights: [0, 0, 100, 0, 0, 0, 0, 0, 0, 0])
        #expect((0..<4).allSatisfy { !spike.items(of: $0).isEmpty })
    }

    @Test("bad mappings are refused")
    func refusals() {
        #expect(throws: ShardMapping.Problem.self) { try ShardMapping(count: 5, shards: 6, strategy: .blocks) }
        #expect(throws: ShardMapping.Problem.self) { try ShardMapping(count: 0, shards: 1, strategy: .blocks) }
        #expect(throws: ShardMapping.Problem.self) { try ShardMapping(count: 3, shards: 2, strategy: .weighted) }
        #expect(throws: ShardMapping.Problem.self) { try ShardMapping(count: 3, shards: 2, strategy: .weighted, weights: [1, .nan, 1]) }
    }

    @Test("range lists round-trip and compact runs")
    func rangeLists() {
        #expect(ShardRangeList.format([15, 3, 12, 6, 13, 14, 3]) == "3,6,12-15")
        #expect(ShardRangeList.format([]) == "")
        #expect(ShardRangeList.parse("3,6,12-15") == [3, 6, 12, 13, 14, 15])
        for bad in ["", "3,", "-1", "5-2", "a", "1--2"] { #expect(ShardRangeList.parse(bad) == nil, "\(bad)") }
        var g = SplitMix64(seed: 9)
        for _ in 0..<50 {
            let set = Set((0..<20).map { _ in Int(g.nextUnit() * 40) })
            #expect(ShardRangeList.parse(ShardRangeList.format(Array(set))) == set.sorted())
        }
    }

    @Test("the shard index: --shard first, then SLURM_ARRAY_TASK_ID, then JOB_COMPLETION_INDEX; N never from the environment")
    func indexSources() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "6"]
        let fromSlurm = try ShardIndexSource.resolve(explicit: nil, indexInto: nil, indexEnv: nil, environment: slurm, shards: 8)
        #expect(fromSlurm.index == 6 && fromSlurm.source == "SLURM_ARRAY_TASK_ID")
        #expect(fromSlurm.notes.count == 1, "a subset re-run (TASK_COUNT 2 of 8 shards) is a note, not an error")
        #expect(try ShardIndexSource.resolve(explicit: "1/8", indexInto: nil, indexEnv: nil, environment: slurm, shards: 8).index == 1)
        #expect(try ShardIndexSource.resolve(explicit: nil, indexInto: nil, indexEnv: nil, environment: ["JOB_COMPLETION_INDEX": "4"], shards: 8).index == 4)
        #expect(try ShardIndexSource.resolve(explicit: nil, indexInto: "3,6,12-15", indexEnv: nil, environment: ["JOB_COMPLETION_INDEX": "3"], shards: 16).index == 13)
        #expect(try ShardIndexSource.resolve(explicit: nil, indexInto: nil, indexEnv: "AWS_BATCH_JOB_ARRAY_INDEX",
                                             environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "2"], shards: 3).index == 2)
        let failures: [(String?, String?, [String: String], Int)] = [
            (nil, nil, [:], 8),                                                         // no source at all
            ("8", nil, [:], 8),                                                         // K ≥ N
            ("1/4", nil, [:], 8),                                                       // N disagrees with the plan
            (nil, nil, ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MAX": "8"], 8),  // array larger than the plan
            (nil, nil, ["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_COUNT": "8"], 8), // 1-based array
            (nil, "3,6", ["JOB_COMPLETION_INDEX": "2"], 8),                             // beyond the list
        ]
        for (explicit, into, environment, shards) in failures {
            #expect(throws: ShardIndexSource.Failure.self) {
                try ShardIndexSource.resolve(explicit: explicit, indexInto: into, indexEnv: nil, environment: environment, shards: shards)
            }
        }
    }
}
