import EvalMetrics
import Testing

@Suite("Gap summary")
struct GapSummaryTests {
    @Test("n, median, p90 (numpy linear), mean, min, max on a known list")
    func knownList() {
        let s = GapSummary([0.4, 0.1, 1.0, 0.3, 0.2])
        #expect(s.count == 5)
        #expect(s.median == 0.3)
        // Linear rule by hand: h = 4·0.9 = 3.6, so 0.4 + 0.6·(1.0 − 0.4); numpy agreement is tested on Quantile itself.
        #expect(abs(s.p90 - 0.76) < 1e-12)
        #expect(abs(s.mean - 0.4) < 1e-12)
        #expect(s.minimum == 0.1 && s.maximum == 1.0)
        #expect(s.ecdf.map(\.value) == [0.1, 0.2, 0.3, 0.4, 1.0])
        #expect(s.ecdf.map(\.fraction) == [0.2, 0.4, 0.6, 0.8, 1.0])
    }

    @Test("even count: the median interpolates; repeated values make one ECDF step")
    func evenAndRepeated() {
        let s = GapSummary([1, 1, 2, 4])
        #expect(s.median == 1.5)
        #expect(abs(s.p90 - 3.4) < 1e-12)  // h = 2.7: 2 + 0.7·2
        #expect(s.ecdf == [ECDFPoint(value: 1, fraction: 0.5), ECDFPoint(value: 2, fraction: 0.75), ECDFPoint(value: 4, fraction: 1)])
    }

    @Test("empty and non-finite input: n = 0 and NaN statistics")
    func empty() {
        let s = GapSummary([.nan, .infinity])
        #expect(s.count == 0)
        #expect(s.median.isNaN && s.mean.isNaN && s.minimum.isNaN)
        #expect(s.ecdf.isEmpty)
    }

    @Test("pooling concatenates runs; a supplied quantile rule is used")
    func pooledAndCustomQuantile() {
        #expect(GapSummary.pooled([[0.4, 0.1], [1.0, 0.3, 0.2]]) == GapSummary([0.1, 0.2, 0.3, 0.4, 1.0]))
        let lower = GapSummary([1, 2, 3, 4]) { sorted, p in sorted[Int((Double(sorted.count - 1) * p).rounded(.down))] }
        #expect(lower.median == 2 && lower.p90 == 3)
    }
}
