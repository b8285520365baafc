import Testing
@testable import EvalNumerics

/// The pooled nearest-rank quantile equals the k-th smallest of the pool written out.
@Suite("Pooled quantile")
struct PooledQuantileTests {
    @Test("random groups and multiplicities: the same value as sorting the expanded pool")
    func matchesExpandedPool() {
        var random = SplitMix64(seed: 41)
        for _ in 0..<200 {
            let groups = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (0..<Int.random(in: 0...9, using: &random)).map { _ in Double(Int.random(in: -5...20, using: &random)) / 4 }.sorted()
            }
            let multiplicity = groups.map { _ in Int.random(in: 0...3, using: &random) }
            var expanded: [Double] = []
            for (group, m) in zip(groups, multiplicity) { for _ in 0..<m { expanded += group } }
            expanded.sort()
            let pool = PooledQuantile(groups: groups)
            for p in [0, 0.1, 0.25, 0.5, 0.9, 1] {
                let value = pool.nearestRank(p, multiplicity: multiplicity)
                if expanded.isEmpty {
                    #expect(value.isNaN)
                } else {
                    let k = max(1, min(expanded.count, Int((p * Double(expanded.count)).rounded(.up))))
                    #expect(value == expanded[k - 1], "p \(p), groups \(groups), multiplicity \(multiplicity)")
                }
            }
        }
    }
}
