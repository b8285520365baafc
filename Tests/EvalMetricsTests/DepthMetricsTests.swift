import Foundation
@testable import EvalMetrics
import Testing

@Suite("Depth metrics and residual aggregation")
struct DepthMetricsTests {
    @Test("A perfect prediction has zero errors and every δ at 1")
    func perfect() {
        let g = [0.5, 1, 2, 4.5]
        let m = DepthMetrics(prediction: g, truth: g)
        #expect(m.absRel == 0 && m.sqRel == 0 && m.rmse == 0 && m.rmseLog == 0 && m.log10 == 0)
        #expect(m.delta1 == 1 && m.delta2 == 1 && m.delta3 == 1 && m.siLogDAv2 == 0 && m.siLogKITTI == 0)
    }

    @Test("A prediction twice the truth: AbsRel 1, δ3 strict below 1.25³ < 2, scale-invariant SILog only in the KITTI convention")
    func doubled() {
        let g = [1.0, 2, 3], z = g.map { $0 * 2 }
        let m = DepthMetrics(prediction: z, truth: g)
        #expect(abs(m.absRel - 1) < 1e-15)
        #expect(abs(m.sqRel - (1 + 2 + 3) / 3) < 1e-12)
        #expect(m.delta1 == 0 && m.delta2 == 0 && m.delta3 == 0)
        #expect(abs(m.siLogKITTI) < 1e-6)
        #expect(abs(m.siLogDAv2 - log(2) / 2.0.squareRoot()) < 1e-12)
        #expect(abs(m.log10 - log10(2)) < 1e-15)
    }

    @Test("δ is strict: a ratio of exactly 1.25 does not count")
    func strictDelta() {
        #expect(DepthMetrics(prediction: [1.25], truth: [1]).delta1 == 0)
        #expect(DepthMetrics(prediction: [1.2499], truth: [1]).delta1 == 1)
    }

    @Test("Residuals group by key, skip missing fused or true depth, and keep LiDAR residuals apart")
    func grouping() {
        let rows = ResidualAggregation.summarize(
            keys: [0, 1, 0, 1, 2], fused: [1.1, 2.2, .nan, 1.8, 3], truth: [1, 2, 1, 2, .nan], lidar: [1.0, .nan, 1, 2.1, 3])
        #expect(rows.map(\.key) == [0, 1])
        #expect(rows[0].count == 1 && abs(rows[0].medianAbsoluteError - 0.1) < 1e-12)
        #expect(rows[1].count == 2 && rows[1].lidarCount == 1 && abs(rows[1].medianAbsoluteLidarResidual - 0.3) < 1e-12)
        #expect(ResidualAggregation.bin(0.5, edges: [0, 1, 2]) == 0 && ResidualAggregation.bin(1, edges: [0, 1, 2]) == 1)
        #expect(ResidualAggregation.bin(9, edges: [0, 1, 2]) == 1)
    }

    @Test("Resolution agreement: r = 1 and 0 % for a copy, r = 1 for an affine copy")
    func agreement() {
        let a = [1.0, 1.5, 2.5, 3.0]
        let same = ResolutionAgreement(low: a, high: a)
        #expect(abs(same.pearsonR - 1) < 1e-15 && same.meanAbsolutePercentDifference == 0)
        let affine = ResolutionAgreement(low: a.map { 2 * $0 + 1 }, high: a)
        #expect(abs(affine.pearsonR - 1) < 1e-12 && affine.meanAbsolutePercentDifference > 0)
    }
}
