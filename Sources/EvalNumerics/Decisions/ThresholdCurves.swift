/// Precision–recall and ROC curves of a binary decision "score ≥ threshold", with
/// scikit-learn 1.9.1's exact semantics (spec.md#decision-pr-roc).
///
/// Labels are `true` for positives. Thresholds are the distinct scores; at threshold θ a
/// sample is predicted positive iff its score is ≥ θ, so tied scores move together.
public enum ThresholdCurves {
    /// Cumulative counts at each distinct score, highest score first
    /// (scikit-learn's `_binary_clf_curve` without sample weights).
    public struct Counts: Equatable, Sendable {
        /// False positives at each threshold (samples scoring ≥ it with a negative label).
        public var falsePositives: [Double]
        /// True positives at each threshold.
        public var truePositives: [Double]
        /// The distinct scores, decreasing.
        public var thresholds: [Double]
    }

    /// A precision–recall curve as `precision_recall_curve` returns it: thresholds
    /// increasing; precision and recall one longer, ending with the appended (1, 0) point.
    public struct PrecisionRecall: Equatable, Sendable {
        /// TP / (TP + FP) per threshold, then 1.
        public var precision: [Double]
        /// TP / P per threshold (1 everywhere when there are no positives), then 0.
        public var recall: [Double]
        /// The distinct scores, increasing.
        public var thresholds: [Double]
    }

    /// A ROC curve as `roc_curve` returns it: thresholds decreasing from +∞.
    public struct ROC: Equatable, Sendable {
        /// FP / N per threshold (NaN everywhere without negatives).
        public var falsePositiveRate: [Double]
        /// TP / P per threshold (NaN everywhere without positives).
        public var truePositiveRate: [Double]
        /// +∞, then the kept distinct scores, decreasing.
        public var thresholds: [Double]
    }

    /// The cumulative counts of `scores` (finite) against `labels`.
    public static func counts(labels: [Bool], scores: [Double]) -> Counts {
        precondition(labels.count == scores.count, "one label per score")
        // Sorted by decreasing score; ties' order does not change the counts taken
        // at the last sample of each distinct score.
        let order = scores.indices.sorted { scores[$0] > scores[$1] }
        var fps: [Double] = [], tps: [Double] = [], thresholds: [Double] = []
        var tp = 0.0
        for (rank, index) in order.enumerated() {
            if labels[index] { tp += 1 }
            let isLast = rank == order.count - 1 || scores[order[rank + 1]] != scores[index]
            guard isLast else { continue }
            tps.append(tp)
            fps.append(Double(rank + 1) - tp)
            thresholds.append(scores[index])
        }
        return Counts(falsePositives: fps, truePositives: tps, thresholds: thresholds)
    }

    /// `precision_recall_curve(labels, scores)` (drop_intermediate=False, the default).
    public static func precisionRecall(labels: [Bool], scores: [Double]) -> PrecisionRecall {
        let c = counts(labels: labels, scores: scores)
        let positives = c.truePositives.last ?? 0
        var precision: [Double] = [], recall: [Double] = []
        for k in c.thresholds.indices.reversed() {
            let predicted = c.truePositives[k] + c.falsePositives[k]
            precision.append(predicted != 0 ? c.truePositives[k] / predicted : 0)
            recall.append(positives == 0 ? 1 : c.truePositives[k] / positives)
        }
        return PrecisionRecall(precision: precision + [1], recall: recall + [0], thresholds: c.thresholds.reversed())
    }

    /// `average_precision_score(labels, scores)`: Σ_k (R_k − R_{k+1})·P_k over the PR points,
    /// a step sum without interpolation, summed in NumPy's pairwise order.
    public static func averagePrecision(labels: [Bool], scores: [Double]) -> Double {
        let curve = precisionRecall(labels: labels, scores: scores)
        let terms = (0..<(curve.recall.count - 1)).map { (curve.recall[$0 + 1] - curve.recall[$0]) * curve.precision[$0] }
        return -PairwiseSum.sum(terms)
    }

    /// `roc_curve(labels, scores, drop_intermediate:)`: with `dropIntermediate` (the default)
    /// points whose second differences of FP and TP are both zero (collinear, so they cannot
    /// change the curve's shape) are removed; then the (0, 0) point at threshold +∞ is prepended.
    public static func roc(labels: [Bool], scores: [Double], dropIntermediate: Bool = true) -> ROC {
        var c = counts(labels: labels, scores: scores)
        if dropIntermediate && c.thresholds.count > 2 {
            let n = c.thresholds.count
            let keep = (0..<n).filter { k in
                guard k > 0, k < n - 1 else { return true }
                let dfp = c.falsePositives[k + 1] - 2 * c.falsePositives[k] + c.falsePositives[k - 1]
                let dtp = c.truePositives[k + 1] - 2 * c.truePositives[k] + c.truePositives[k - 1]
                return dfp != 0 || dtp != 0
            }
            c = Counts(falsePositives: keep.map { c.falsePositives[$0] }, truePositives: keep.map { c.truePositives[$0] },
                       thresholds: keep.map { c.thresholds[$0] })
        }
        let fps = [0] + c.falsePositives, tps = [0] + c.truePositives
        let negatives = fps.last!, positives = tps.last!
        return ROC(
            falsePositiveRate: fps.map { negatives > 0 ? $0 / negatives : .nan },
            truePositiveRate: tps.map { positives > 0 ? $0 / positives : .nan },
            thresholds: [.infinity] + c.thresholds)
    }

    /// `roc_auc_score(labels, scores)`: the trapezoid area under the (dropped-intermediate)
    /// ROC curve, summed in NumPy's pairwise order; nil unless both classes are present
    /// (scikit-learn raises then).
    public static func rocAUC(labels: [Bool], scores: [Double]) -> Double? {
        guard labels.contains(true), labels.contains(false) else { return nil }
        let curve = roc(labels: labels, scores: scores)
        let x = curve.falsePositiveRate, y = curve.truePositiveRate
        let terms = (0..<(x.count - 1)).map { k -> Double in
            let width: Double = x[k + 1] - x[k]
            let height: Double = (y[k + 1] + y[k]) / 2.0
            return width * height
        }
        return PairwiseSum.sum(terms)
    }
}
