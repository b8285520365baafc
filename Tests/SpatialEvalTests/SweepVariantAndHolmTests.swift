import Foundation
import EvalNumerics
import Replay
import Simulation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Testing

/// Holm–Bonferroni and practical thresholds in the fusion-variant report (spec.md#fusion-holm),
/// and the variant bookkeeping of corpus sweeps (spec.md#sweep-variants).
@Suite struct SweepVariantAndHolmTests {
    @Test func holmAdjustsStepDownWithARunningMaximum() {
        // Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → running max 0.06.
        let adjusted = FusionSummaries.holmAdjusted([0.01, 0.04, 0.03, 0.005])
        let expected = [0.03, 0.06, 0.06, 0.02]
        #expect(zip(adjusted, expected).allSatisfy { abs($0 - $1) < 1e-15 })
        let withNaN = FusionSummaries.holmAdjusted([0.2, .nan, 0.9])
        #expect(withNaN[1].isNaN && abs(withNaN[0] - 0.4) < 1e-15 && withNaN[2] == 0.9)
        #expect(FusionSummaries.holmAdjusted([0.6, 0.7]) == [1, 1])
        // Never below the raw p-value, and monotone in the raw order.
        let raw = (0..<20).map { Double($0 * 7 % 20) / 400 + 0.0001 }
        let holm = FusionSummaries.holmAdjusted(raw)
        #expect(zip(raw, holm).allSatisfy { $1 >= $0 })
        for i in raw.indices { for j in raw.indices where raw[i] < raw[j] { #expect(holm[i] <= holm[j]) } }
    }

    func comparison(median: (Double, Double, Double), p: Double, metric: String = "abs_box_error_m") -> VariantComparison {
        VariantComparison(
            variant: .lidarMedian, baseline: .affineInverse2Sigma, metric: metric, count: 100,
            median: IntervalEstimate(estimate: median.0, lower: median.1, upper: median.2),
            mean: IntervalEstimate(estimate: median.0, lower: median.1, upper: median.2), pValue: p, method: "exact", verdict: "")
    }

    @Test func smallOrUncorrectedDifferencesAreNotWins() {
        let tiny = comparison(median: (-0.002, -0.003, -0.001), p: 1e-9)
        #expect(FusionSummaries.verdict(tiny, holm: 1e-8).contains("not a win"))
        let large = comparison(median: (-0.05, -0.06, -0.02), p: 1e-9)
        #expect(FusionSummaries.verdict(large, holm: 1e-8).contains("lidar-median is lower than affine-inverse-2sigma ("))
        #expect(FusionSummaries.verdict(large, holm: 0.06).contains("no clear difference"))
        let straddling = comparison(median: (-0.05, -0.06, 0.01), p: 1e-9)
        #expect(FusionSummaries.verdict(straddling, holm: 1e-8).contains("no clear difference"))
        let worse = comparison(median: (0.03, 0.015, 0.04), p: 1e-9)
        #expect(FusionSummaries.verdict(worse, holm: 1e-8).contains("affine-inverse-2sigma is lower than lidar-median ("))
    }

    @Test func variantsDoNotChangeTheCorpusHash() throws {
        let spec = CorpusSpec(name: "c", count: 10, seed: 7, arms: [CorpusSpec.Arm(scenario: .absence, weight: 1, duration: [30, 40])])
        var withVariants = spec
        withVariants.variants = CorpusVariants(count: 2, models: [.init(name: "a", family: "drift", simulation: ["drift.errorScale": .number(3)])])
        #expect(try CorpusBuilder.hash(spec) == CorpusBuilder.hash(withVariants))
        let variant = withVariants.variantSpec(withVariants.variants!.models[0])
        #expect(try CorpusBuilder.hash(variant) != CorpusBuilder.hash(spec))
    }
}
