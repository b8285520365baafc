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
}
