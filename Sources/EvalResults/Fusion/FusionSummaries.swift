import EvalMetrics
import EvalNumerics
import Replay

/// Per-variant summaries and paired comparisons computed from the raw fusion rows.
public enum FusionSummaries {
    /// The metrics compared per box (lower is better): name, units for the verdict, values.
    public static var comparedMetrics: [(name: String, unit: String, values: (VariantBoxColumns) -> [Double])] { [
        ("abs_box_error_m", "m", { $0.error.map(abs) }),
        ("anchor_error_m", "m", { $0.anchorError }),
        ("sample_abs_rel", "", { $0.sampleAbsRel }),
    ] }

    /// One summary per variant.
    public static func summaries(_ r: FusionResults) -> [VariantSummary] {
        zip(r.variants, r.sampleFits).map { box, fits in
            let depths = box.depth.indices.filter { box.depth[$0].isFinite }
            let fellBack = box.fallback.count { !$0.isEmpty }
            let guarded = box.fallback.count { $0.hasPrefix("illConditioned") }
            let fitted = box.fallback.indices.filter { box.fallback[$0].isEmpty }
            let keptPairs = fitted.reduce(0) { $0 + box.inliers[$1] }, allPairs = fitted.reduce(0) { $0 + box.pairs[$1] }
            let absErrors = depths.map { abs(box.error[$0]) }
            let anchors = box.anchorError.filter(\.isFinite)
            var z: [Double] = [], g: [Double] = []
            for k in fits.fused.indices where r.samples.inMask[k] == 1 && fits.fused[k].isFinite && fits.fused[k] > 0 {
                z.append(fits.fused[k])
                g.append(r.samples.truth[k])
            }
            return VariantSummary(
                variant: box.variant, boxes: depths.count,
                fallbackRate: box.fallback.isEmpty ? .nan : Double(fellBack) / Double(box.fallback.count), guardTriggers: guarded,
                keptFraction: allPairs == 0 ? .nan : Double(keptPairs) / Double(allPairs),
                medianAbsoluteBoxError: absErrors.isEmpty ? .nan : Quantile.median(absErrors),
                p90AbsoluteBoxError: absErrors.isEmpty ? .nan : Quantile.linear(absErrors, 0.9),
                medianAnchorError: anchors.isEmpty ? .nan : Quantile.median(anchors),
                pooledInMask: z.isEmpty ? nil : DepthMetrics(prediction: z, truth: g))
        }
    }

    /// The smallest difference of each compared metric that counts as a practical win
    /// (Docs/depth-fusion-variants.md#multiple-comparisons; our choice, the app states none):
    /// 1 cm of box depth or anchor error, 0.01 of per-sample absolute relative error.
    /// Both happen to be 0.01 in the metric's own unit (metres, or a ratio).
    public static func practicalThreshold(_ metric: String) -> Double {
        switch metric {
        case "abs_box_error_m", "anchor_error_m": return 0.01
        default: return 0.01
        }
    }

    /// Holm–Bonferroni adjusted p-values (step-down; spec.md#fusion-holm): sorted ascending,
    /// the k-th smallest of m finite p-values becomes max over j ≤ k of min(1, (m − j + 1)·p₍ⱼ₎);
    /// non-finite p-values stay NaN and do not count in m.
    public static func holmAdjusted(_ p: [Double]) -> [Double] {
        let finite = p.indices.filter { p[$0].isFinite }.sorted { p[$0] < p[$1] || (p[$0] == p[$1] && $0 < $1) }
        var adjusted = [Double](repeating: .nan, count: p.count)
        var running = 0.0
        for (rank, index) in finite.enumerated() {
            running = max(running, min(1, Double(finite.count - rank) * p[index]))
            adjusted[index] = running
        }
        return adjusted
    }

    /// The reading of comparison `c` given its Holm-adjusted p-value: a difference is called
    /// only when the adjusted p < 0.05, the median interval excludes 0 and the whole interval
    /// lies beyond the practical threshold on one side (spec.md#fusion-holm).
    public static func verdict(_ c: VariantComparison, holm: Double) -> String {
        let cm = c.metric.hasSuffix("_m")
        let format: (Double) -> String = cm ? { ReportNumber.fixed($0 * 100, 2) + " cm" } : { ReportNumber.fixed($0, 4) }
        let threshold = practicalThreshold(c.metric)
        let evidence = "median Δ \(format(c.median.estimate)) [\(format(c.median.lower)), \(format(c.median.upper))], "
            + "Holm-adjusted p \(PairedComparison.pFormat(holm)), n = \(c.count)"
        let a = c.variant.rawValue, b = c.baseline.rawValue
        guard holm < 0.05, c.median.lower > 0 || c.median.upper < 0 else {
            return "\(c.metric): no clear difference between \(a) and \(b) (\(evidence))"
        }
        guard c.median.upper <= -threshold || c.median.lower >= threshold else {
            return "\(c.metric): \(c.median.upper < 0 ? a : b) is lower than \(c.median.upper < 0 ? b : a), but by less than the practical "
                + "threshold of \(format(threshold)) (\(evidence)): not a win"
        }
        return c.median.upper < 0 ? "\(c.metric): \(a) is lower than \(b) (\(evidence))" : "\(c.metric): \(b) is lower than \(a) (\(evidence))"
    }

    /// Every non-baseline variant against the baseline on each compared metric, over the
    /// boxes where both have a finite value; pairs (boxes) are resampled for the intervals.
    /// The verdicts are corrected for the number of comparisons (Holm–Bonferroni over every
    /// variant × metric) and need a practical difference (``practicalThreshold(_:)``).
    public static func comparisons(_ r: FusionResults, bootstrap: BootstrapSettings) -> [VariantComparison] {
        var result = uncorrectedComparisons(r, bootstrap: bootstrap)
        let holm = holmAdjusted(result.map(\.pValue))
        for k in result.indices { result[k].verdict = verdict(result[k], holm: holm[k]) }
        return result
    }

    private static func uncorrectedComparisons(_ r: FusionResults, bootstrap: BootstrapSettings) -> [VariantComparison] {
        guard let base = r.variants.first(where: { $0.variant == r.settings.baseline }) else { return [] }
        var result: [VariantComparison] = []
        let clusters = objectClusters(r.boxes)
        for other in r.variants where other.variant != base.variant {
            for metric in comparedMetrics {
                if let c = compare(metric.values(other), metric.values(base), metric: metric.name, unit: metric.unit,
                                   variant: other.variant, baseline: base.variant, bootstrap: bootstrap, clusters: clusters) {
                    result.append(c)
                }
            }
        }
        return result
    }

    /// The bootstrap cluster of each box: its (recording, ground-truth object), so that the
    /// boxes of one object, which share its depth and surroundings, are resampled together; a
    /// box that saw no object is a cluster of its own.
    public static func objectClusters(_ boxes: FusionBoxes) -> [Int] {
        var label: [[Int64]: Int] = [:]
        return boxes.detection.indices.map { k in
            let key = boxes.object[k] >= 0 ? [boxes.recording[k], boxes.object[k]] : [-1, Int64(k)]
            if let existing = label[key] { return existing }
            label[key] = label.count
            return label.count - 1
        }
    }

    /// Relative difference below which a variant's value and the baseline's are one value: far
    /// above the last-bit noise of a LAPACK least-squares solve on these small, guarded problems
    /// (≈ 1e-15 relative) and far below any difference a report prints.
    public static let numericalTie = 1e-9

    /// The paired comparison of `a` against `b` where both are finite (nil with fewer than two
    /// pairs); `labels` name the sides in the verdict (default: the variants); `clusters`
    /// (one label per row) makes the bootstrap resample whole clusters.
    public static func compare(
        _ a: [Double], _ b: [Double], metric: String, unit: String, variant: DepthFusionVariant, baseline: DepthFusionVariant,
        bootstrap: BootstrapSettings, labels: (a: String, b: String)? = nil, clusters: [Int]? = nil
    ) -> VariantComparison? {
        let rows = a.indices.filter { a[$0].isFinite && b[$0].isFinite }
        guard rows.count >= 2 else { return nil }
        // Values equal to the fits' numerical precision are ties (spec.md#fusion-numerical-ties): their
        // last bits depend on the BLAS kernel, and a signed-rank test would count them as differences.
        let tied = rows.map { abs(a[$0] - b[$0]) <= numericalTie * max(abs(a[$0]), abs(b[$0])) ? b[$0] : a[$0] }
        let c = PairedComparison(a: tied, b: rows.map { b[$0] }, clusters: clusters.map { labels in rows.map { labels[$0] } },
                                 resamples: bootstrap.replicates, seed: bootstrap.seed, confidenceLevel: bootstrap.confidence)
        let format: (Double) -> String = unit == "m" ? { ReportNumber.fixed($0 * 100, 2) + " cm" } : { ReportNumber.fixed($0, 4) }
        return VariantComparison(
            variant: variant, baseline: baseline, metric: metric, count: c.count,
            median: IntervalEstimate(estimate: c.medianDifference.estimate, lower: c.medianDifference.lower, upper: c.medianDifference.upper),
            mean: IntervalEstimate(estimate: c.meanDifference.estimate, lower: c.meanDifference.lower, upper: c.meanDifference.upper),
            pValue: c.wilcoxon.pValue, method: c.wilcoxon.method.rawValue,
            verdict: c.verdict(metric: metric, a: labels?.a ?? variant.rawValue, b: labels?.b ?? baseline.rawValue, format: format))
    }
}

extension FusionSummaries {
    /// A − B for every shared variant and compared metric, over the boxes both files hold.
    public static func paired(_ a: FusionResults, _ b: FusionResults, bootstrap: BootstrapSettings) -> [VariantComparison] {
        func keys(_ r: FusionResults) -> [String: Int] {
            var index: [String: Int] = [:]
            for k in r.boxes.detection.indices { index["\(r.recordingNames[Int(r.boxes.recording[k])])/\(r.boxes.detection[k])"] = k }
            return index
        }
        let ka = keys(a), kb = keys(b)
        let shared = ka.keys.filter { kb[$0] != nil }.sorted()
        var result: [VariantComparison] = []
        for va in a.variants {
            guard let vb = b.variants.first(where: { $0.variant == va.variant }) else { continue }
            for metric in FusionSummaries.comparedMetrics {
                let xa = metric.values(va), xb = metric.values(vb)
                if let c = FusionSummaries.compare(shared.map { xa[ka[$0]!] }, shared.map { xb[kb[$0]!] }, metric: metric.name,
                                                   unit: metric.unit, variant: va.variant, baseline: va.variant, bootstrap: bootstrap,
                                                   labels: ("A", "B")) {
                    result.append(c)
                }
            }
        }
        return result
    }
}
