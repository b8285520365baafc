import EvalNumerics
import Sweeps
import Testing

@Suite("The components each sweep metric reads")
struct MetricComponentsTests {
    @Test("Every metric's value depends on exactly its declared components")
    func declaredComponentsAreExact() {
        var random = SplitMix64(seed: 27)
        func vector() -> [Double] { SweepComponent.allCases.map { _ in 1 + Double(random.next() % 1000) } }
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        for metric in SweepMetric.allCases {
            let declared = Set(metric.components)
            for _ in 0..<20 {
                let base = vector()
                var others = vector()
                for component in declared { others[component.rawValue] = base[component.rawValue] }
                #expect(same(metric.value(base), metric.value(others)), "\(metric) reads a component it does not declare")
            }
            for component in declared {
                // A vector where the metric is defined (a rate with a positive denominator).
                var moved = vector()
                while !metric.value(moved).isFinite { moved = vector() }
                let before = metric.value(moved)
                moved[component.rawValue] += 0.5
                #expect(!same(before, metric.value(moved)), "\(metric) declares \(component) but does not read it")
            }
        }
    }

    @Test("Pooling the rule's components alone gives the full pooling's sums for them, bit for bit")
    func keptComponentsPoolAlike() {
        var random = SplitMix64(seed: 28)
        let outcome = SweepOutcome(components: (0..<70).map { _ in
            (0..<9).map { _ in SweepComponent.allCases.map { _ in Double(random.next() % 1_000_000) / 997 } }
        })
        let kept: [SweepComponent] = [.duplicates, .objectsAnchored, .twinPairs, .falseMissing]
        let flat = PooledComponents(outcome, keeping: kept)
        for subset in [nil, [3, 3, 0, 8, 1], [5]] as [[Int]?] {
            let full = outcome.pooled(subset), sums = flat.pooled(subset)
            for p in full.indices {
                #expect(kept.allSatisfy { full[p][$0.rawValue].bitPattern == sums[p][$0.rawValue].bitPattern })
                #expect(sums[p][SweepComponent.instances.rawValue].isNaN, "components not kept are NaN")
            }
        }
    }

    @Test("Folds and batches of resamples pool like the full pooling, bit for bit, on every path")
    func foldsAndBatchesPoolAlike() {
        var random = SplitMix64(seed: 29)
        let (points, recordings) = (40, 11)
        // Per recording a fractional duration equal at every point; counts vary by point; one
        // fractional component varies by point too (it takes the sequential path).
        let seconds = (0..<recordings).map { _ in Double(random.next() % 100_000) / 7 }
        let outcome = SweepOutcome(components: (0..<points).map { _ in
            (0..<recordings).map { r in
                var vector = SweepComponent.allCases.map { _ in Double(random.next() % 500) }
                vector[SweepComponent.recordedSeconds.rawValue] = seconds[r]
                vector[SweepComponent.latencySum.rawValue] = Double(random.next() % 1_000_000) / 997
                return vector
            }
        })
        let subsets = [[0, 0, 3, 7, 7, 7, 10], [4], [2, 1, 9], Array(0..<recordings), [5, 5, 5, 5]]
        for kept in [[.duplicates, .recordedSeconds, .falseMissing], [.duplicates, .latencySum, .recordedSeconds]] as [[SweepComponent]] {
            let flat = PooledComponents(outcome, keeping: kept)
            func equal(_ a: [[Double]], _ b: [[Double]]) -> Bool {
                a.indices.allSatisfy { p in kept.allSatisfy { a[p][$0.rawValue].bitPattern == b[p][$0.rawValue].bitPattern } }
            }
            for left in 0..<recordings {
                #expect(equal(flat.pooled(leavingOut: left), outcome.pooled((0..<recordings).filter { $0 != left })), "fold \(left), \(kept)")
            }
            for (subset, sums) in zip(subsets, flat.pooled(each: subsets)) {
                #expect(equal(sums, outcome.pooled(subset)), "resample \(subset), \(kept)")
            }
        }
    }
}
