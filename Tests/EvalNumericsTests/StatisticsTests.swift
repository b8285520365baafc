import EvalNumerics
import Testing

@Suite("Statistics")
struct StatisticsTests {
    @Test("Linear quantiles and the median on hand-checked samples")
    func knownQuantiles() {
        let values = [4.0, 1, 3, 2]
        #expect(Quantile.linear(values, 0) == 1)
        #expect(Quantile.linear(values, 1) == 4)
        #expect(Quantile.linear(values, 0.5) == 2.5)
        #expect(Quantile.linear(values, 0.9) == 3.7)
        #expect(Quantile.median([5, 1, 3]) == 3)
        #expect(Quantile.median(values) == 2.5)
        #expect(Quantile.linear([7], 0.3) == 7)
    }

    @Test("evo's seven statistics on a small error array")
    func errorStatistics() {
        let stats = ErrorStatistics([3, 4, 0, 5])
        #expect(stats.sse == 50)
        #expect(stats.rmse == 12.5.squareRoot())
        #expect(stats.mean == 3)
        #expect(stats.median == 3.5)
        #expect(stats.std == 3.5.squareRoot())
        #expect(stats.min == 0 && stats.max == 5 && stats.count == 4)
        #expect(stats.named.map(\.name) == ["rmse", "mean", "median", "std", "min", "max", "sse"])
    }

    @Test("ECDF counts values at or below x, with steps at distinct values")
    func ecdf() {
        let f = ECDF([2, 1, 2, 4])
        #expect(f(0.5) == 0 && f(1) == 0.25 && f(2) == 0.75 && f(3.9) == 0.75 && f(4) == 1)
        #expect(f.steps.map(\.value) == [1, 2, 4])
        #expect(f.steps.map(\.fraction) == [0.25, 0.75, 1])
        #expect(ECDF([])(1) == 0)
    }

    @Test("Normal CDF and quantile are inverse; the quantile is checked against scipy elsewhere")
    func normal() {
        for p in stride(from: 0.001, to: 1, by: 0.037) {
            #expect(abs(NormalDistribution.cdf(NormalDistribution.quantile(p)) - p) < 1e-15)
        }
        #expect(NormalDistribution.quantile(0) == -.infinity && NormalDistribution.quantile(1) == .infinity)
    }

    @Test("Bootstrap is a pure function of the seed and resamples whole units")
    func bootstrapUnits() {
        // Three instances whose gaps never mix: each resample's pooled count is a sum of
        // whole instance sizes (2, 3 or 5 per draw), never a count a row bootstrap would give.
        let instances: [[Double]] = [[0.01, 0.02], [0.1, 0.11, 0.12], [0.05, 0.05, 0.06, 0.07, 0.04]]
        let counts = Bootstrap.replicates(units: instances, resamples: 500, seed: 5) { Double($0.joined().count) }
        let possible = Set([2, 3, 5].flatMap { a in [2, 3, 5].flatMap { b in [2, 3, 5].map { c in Double(a + b + c) } } })
        #expect(counts.allSatisfy(possible.contains))
        let median: ([[Double]]) -> Double = { Quantile.median(Array($0.joined())) }
        let first = Bootstrap.interval(units: instances, resamples: 300, seed: 9, statistic: median)
        #expect(first == Bootstrap.interval(units: instances, resamples: 300, seed: 9, statistic: median))
        #expect(first != Bootstrap.interval(units: instances, resamples: 300, seed: 10, statistic: median))
        #expect(Bootstrap.jackknife(units: instances) { Double($0.joined().count) } == [8, 7, 5])
    }

    @Test("Percentile and BCa intervals cover the estimate of a well-behaved sample")
    func intervalsCover() {
        var generator = SplitMix64(seed: 17)
        let instances = (0..<40).map { _ in (0..<5).map { _ in generator.nextUnit() } }
        let mean: ([[Double]]) -> Double = { Descriptive.mean(Array($0.joined())) }
        for method in BootstrapMethod.allCases {
            let ci = Bootstrap.interval(units: instances, method: method, resamples: 2000, seed: 1, statistic: mean)
            #expect(ci.lower < ci.estimate && ci.estimate < ci.upper, "\(method)")
            #expect(ci.upper - ci.lower < 0.2, "\(method)")
        }
    }
}
