import EvalNumerics
import Sweeps
import EvalResults

extension SweepReport {
    /// The appearance evidence behind the merge cosine (spec.md#twins-negative-result): same-object vs twin
    /// cross-object cosines, PR and ROC curves of "cosine ≥ θ means same object", and the
    /// operating points at the shipped 0.80 and 0.92.
    public static func cosineSection(_ doc: inout ReportDocument, _ results: SweepResults) {
        let cosines = results.cosinePairs.flatMap(\.cosines), labels = results.cosinePairs.flatMap(\.sameObject)
        doc.heading("Twin cross-cosine evidence", 2)
        let cross = zip(cosines, labels).filter { !$0.1 }.map(\.0).sorted(), same = zip(cosines, labels).filter(\.1).map(\.0).sorted()
        guard !cross.isEmpty, !same.isEmpty else {
            doc.paragraph("The recordings hold no detection pairs of twin objects with embeddings on both sides of the decision.")
            return
        }
        let f = { (v: Double) in ReportNumber.fixed(v) }
        doc.paragraph("Pairs of same-label detections with embeddings whose objects share a twin group: \(same.count) same-object pairs and "
            + "\(cross.count) twin cross-object pairs over \(results.recordings.count) recordings. The app's 0.92 was set \"above every measured "
            + "twin cross-cosine\" from about twenty pairs (Docs/spec.md#twins-negative-result); here the largest twin cross-cosine is \(f(cross.last!)) and "
            + "\(f(Double(cross.count { $0 >= 0.92 }) / Double(cross.count) * 100))% of twin cross pairs reach 0.92.")
        var table = [["threshold θ", "same-object pairs ≥ θ (recall)", "twin cross pairs ≥ θ (false-merge rate)", "precision"]]
        for theta in [0.80, 0.92] {
            let tp = Double(same.count { $0 >= theta }), fp = Double(cross.count { $0 >= theta })
            table.append([f(theta), f(tp / Double(same.count)), f(fp / Double(cross.count)), tp + fp > 0 ? f(tp / (tp + fp)) : "n/a"])
        }
        doc.table(table)
        let steps = { (sorted: [Double]) in sorted.enumerated().map { ($0.element, Double($0.offset + 1) / Double(sorted.count)) } }
        doc.figure("cosine-ecdf.svg", SweepCharts.curves(
            [.init(label: "same object (n = \(same.count))", points: steps(same)), .init(label: "twin cross-object (n = \(cross.count))", points: steps(cross))],
            title: "Embedding cosine of detection pairs", xTitle: "cosine", yTitle: "fraction of pairs ≤ x",
            caption: "pairs within twin groups, pooled over recordings", yDomain: (0, 1)),
            caption: "ECDFs of embedding cosines: same-object pairs vs twin cross-object pairs (the twin cross-cosine distribution).")
        let pr = ThresholdCurves.precisionRecall(labels: labels, scores: cosines)
        let ap = ThresholdCurves.averagePrecision(labels: labels, scores: cosines)
        doc.figure("cosine-pr.svg", SweepCharts.curves(
            [.init(label: "AP = \(f(ap))", points: Array(zip(pr.recall, pr.precision)))],
            title: "Precision–recall of cosine ≥ θ as \"same object\"", xTitle: "recall", yTitle: "precision",
            caption: "scikit-learn semantics: ties together, final (recall 0, precision 1) point; AP is the step sum", xDomain: (0, 1), yDomain: (0, 1)),
            caption: "PR curve of the merge-cosine decision on twin pairs; AP = \(f(ap)) (n = \(labels.count) pairs).")
        let roc = ThresholdCurves.roc(labels: labels, scores: cosines)
        let auc = ThresholdCurves.rocAUC(labels: labels, scores: cosines) ?? .nan
        doc.figure("cosine-roc.svg", SweepCharts.curves(
            [.init(label: "AUC = \(f(auc))", points: Array(zip(roc.falsePositiveRate, roc.truePositiveRate)))],
            title: "ROC of cosine ≥ θ as \"same object\"", xTitle: "false-merge rate (twin pairs)", yTitle: "true-merge rate",
            caption: "scikit-learn roc_curve with drop_intermediate; AUC by trapezoids", xDomain: (0, 1), yDomain: (0, 1)),
            caption: "ROC curve of the merge-cosine decision on twin pairs; AUC = \(f(auc)) (n = \(labels.count) pairs).")
    }
}
