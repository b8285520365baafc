import EvalNumerics
import Testing

/// Properties of the curves and the front that hold whatever the inputs (the exact values
/// are checked against scikit-learn and paretoset by Scripts/conformance-sweeps).
@Suite struct DecisionToolTests {
    private func sample(_ seed: UInt64, count: Int) -> (labels: [Bool], scores: [Double]) {
        var g = SplitMix64(seed: seed)
        let labels = (0..<count).map { _ in g.nextUnit() < 0.4 }
        let scores = labels.map { (($0 ? 0.3 : 0) + g.nextUnit() * 10).rounded() / 10 }  // tie-heavy
        return (labels, scores)
    }

    @Test func aucIsTheProbabilityThatAPositiveOutscoresANegative() throws {
        for seed in 1...5 as ClosedRange<UInt64> {
            let (labels, scores) = sample(seed, count: 80)
            var wins = 0.0, pairs = 0.0
            for i in labels.indices where labels[i] {
                for j in labels.indices where !labels[j] {
                    pairs += 1
                    wins += scores[i] > scores[j] ? 1 : scores[i] == scores[j] ? 0.5 : 0
                }
            }
            let auc = try #require(ThresholdCurves.rocAUC(labels: labels, scores: scores))
            #expect(abs(auc - wins / pairs) < 1e-12)
        }
        #expect(ThresholdCurves.rocAUC(labels: [true, true], scores: [0.1, 0.2]) == nil)
    }

    @Test func precisionRecallCountsTiesTogetherAndAppendsTheEndPoint() {
        let curve = ThresholdCurves.precisionRecall(labels: [true, false, true, false], scores: [0.9, 0.5, 0.5, 0.1])
        #expect(curve.thresholds == [0.1, 0.5, 0.9])
        #expect(curve.recall == [1, 1, 0.5, 0])
        #expect(curve.precision == [0.5, 2.0 / 3.0, 1, 1])
        let roc = ThresholdCurves.roc(labels: [true, false, true, false], scores: [0.9, 0.5, 0.5, 0.1])
        #expect(roc.thresholds.first == .infinity)
        #expect(roc.falsePositiveRate.first == 0 && roc.truePositiveRate.first == 0)
    }

    @Test func paretoFrontIsExactlyTheUndominatedRows() {
        var g = SplitMix64(seed: 11)
        let rows = (0..<120).map { _ in [Double(Int(g.nextUnit() * 6)), Double(Int(g.nextUnit() * 6))] }
        let mask = ParetoFront.mask(rows)
        for (i, row) in rows.enumerated() {
            let dominated = rows.contains { $0[0] <= row[0] && $0[1] <= row[1] && ($0[0] < row[0] || $0[1] < row[1]) }
            #expect(mask[i] == !dominated)
        }
        #expect(ParetoFront.mask([[1, 1], [1, 1]]) == [true, true], "distinct=False keeps duplicates")
    }
}
