import EvalMetrics
import EvalNumerics
import Replay
import EvalResults

/// The report section of the depth-fusion comparison, rendered from ``FusionResults`` alone:
/// per-variant summaries and fit diagnostics, paired comparisons with the baseline and their
/// verdicts, residuals by true-depth bin, edge distance, mask and LiDAR confidence, and figures.
extension ReportDocument {
    /// Appends the section for `r`; `bootstrap` names the interval settings.
    public mutating func fusionSection(_ r: FusionResults, bootstrap: BootstrapSettings) {
        let cm = { (v: Double) in ReportNumber.fixed(v * 100, 2) }
        let f = { (v: Double) in ReportNumber.fixed(v, 4) }
        let base = r.settings.baseline.rawValue
        heading("Depth fusion: variants compared", 2)
        paragraph("\(r.boxes.detection.count) detection boxes with ground-truth depth grids from \(r.recordingNames.count) recordings "
            + "(\(r.recordingNames.joined(separator: ", "))); \(r.samples.box.count) grid samples with a true depth. Every variant sees "
            + "the same filtered pairs (mask, LiDAR confidence, 0.1–8 m). Box truth = median true depth of the in-mask samples; anchor "
            + "error = distance between the points unprojected at the box depth and at the true depth through the same pixel. "
            + "Baseline: \(base) (the app's fit). Definitions: Docs/depth-fusion-variants.md.")
        heading("Summary per variant", 3)
        table([["variant", "boxes with a depth (of \(r.boxes.detection.count))", "median abs box err cm", "p90 abs box err cm", "median anchor err cm", "in-mask AbsRel", "δ1", "RMSE m",
                  "SILog (DAv2)", "SILog (KITTI)", "samples"]]
                + r.summaries.map { s in
                    let m = s.pooledInMask
                    return [s.variant.rawValue, "\(s.boxes)", cm(s.medianAbsoluteBoxError), cm(s.p90AbsoluteBoxError), cm(s.medianAnchorError),
                            f(m?.absRel ?? .nan), f(m?.delta1 ?? .nan), f(m?.rmse ?? .nan), f(m?.siLogDAv2 ?? .nan), f(m?.siLogKITTI ?? .nan),
                            "\(m?.count ?? 0)"]
                })
        paragraph("A box without a depth had no sample passing the variant's filters (no LiDAR-median fallback is possible); "
            + "box errors and the paired comparisons cover only boxes with a depth. Pooled in-mask metrics: one mean over every in-mask sample of every box (not per image); δ1 counts max(ẑ/g, g/ẑ) < 1.25 "
            + "strictly; SILog (DAv2) = √(mean e² − 0.5 (mean e)²), SILog (KITTI) = 100 √(mean e² − (mean e)²), e = ln ẑ − ln g.")
        heading("Fit diagnostics", 3)
        table([["variant", "fallback rate", "guard triggers", "fallback reasons", "kept / pairs", "median condition", "median iterations"]]
                + zip(r.variants, r.summaries).map { v, s in
                    let reasons = Dictionary(grouping: v.fallback.filter { !$0.isEmpty }, by: { $0 }).map { "\($0.key) \($0.value.count)" }.sorted()
                    let conditions = v.condition.filter(\.isFinite), iterations = v.iterations.map(Double.init)
                    return [v.variant.rawValue, f(s.fallbackRate), "\(s.guardTriggers)", reasons.isEmpty ? "none" : reasons.joined(separator: ", "),
                            f(s.keptFraction), conditions.isEmpty ? "n/a" : ReportNumber.fixed(Quantile.median(conditions), 1),
                            iterations.isEmpty ? "n/a" : ReportNumber.fixed(Quantile.median(iterations), 0)]
                })
        heading("Paired comparison with \(base)", 3)
        let confidence = ReportNumber.fixed(bootstrap.confidence * 100, 0)
        let objects = Set(FusionSummaries.objectClusters(r.boxes)).count
        paragraph("Differences variant − \(base) per box (lower is better for every metric); \(confidence)% percentile bootstrap intervals "
            + "that resample whole objects (the boxes of one ground-truth object in one recording together: \(objects) clusters; "
            + "\(bootstrap.replicates) resamples, seed \(bootstrap.seed)); two-sided Wilcoxon signed-rank p-values over boxes "
            + "(scipy.stats.wilcoxon semantics), which treat boxes as independent and so overstate the evidence. Multiple comparisons: "
            + "the \(r.comparisons.count) p-values (every variant × metric) are corrected by Holm–Bonferroni (step-down), and a difference "
            + "is called only when the Holm-adjusted p < 0.05 and the whole median interval lies beyond the practical threshold "
            + "(1 cm of box depth or anchor error, 0.01 of sample abs. rel.; Docs/depth-fusion-variants.md); a smaller difference is not a win.")
        let holm = FusionSummaries.holmAdjusted(r.comparisons.map(\.pValue))
        table([["variant", "metric", "n", "median Δ [interval]", "mean Δ [interval]", "Wilcoxon p", "Holm p", "method"]] + zip(r.comparisons, holm).map { c, h in
            let scale = c.metric.hasSuffix("_m") ? cm : f
            let unit = c.metric.hasSuffix("_m") ? " cm" : ""
            return [c.variant.rawValue, c.metric, "\(c.count)",
                    "\(scale(c.median.estimate)) [\(scale(c.median.lower)), \(scale(c.median.upper))]\(unit)",
                    "\(scale(c.mean.estimate)) [\(scale(c.mean.lower)), \(scale(c.mean.upper))]\(unit)",
                    PairedComparison.pFormat(c.pValue), PairedComparison.pFormat(h), c.method]
        })
        table([["verdict (lower is better; called only when the Holm-adjusted p < 0.05 and the median interval lies beyond the practical threshold)"]]
              + zip(r.comparisons, holm).map { [FusionSummaries.verdict($0, holm: $1)] })
        let boxRows = r.comparisons.filter { $0.metric == "abs_box_error_m" }
        figure("fusion-paired-box-error.svg", FusionCharts.pairedDifferences(
            boxRows.map { ($0.variant.rawValue, $0.median.estimate * 100, $0.median.lower * 100, $0.median.upper * 100) },
            title: "abs box depth error: variant − \(base)", xTitle: "median paired difference (cm)",
            caption: "n = \(boxRows.first?.count ?? 0) boxes; bars: \(confidence)% bootstrap intervals; left of 0 = better than \(base)"),
            caption: "Paired differences of the absolute box depth error against \(base): median and \(confidence)% interval per variant.")
        fusionResolution(r)
        fusionResiduals(r)
    }

    /// The residual tables (one per grouping) and the baseline's histograms by depth bin.
    private mutating func fusionResiduals(_ r: FusionResults) {
        let edges = r.settings.depthBinEdges
        let binLabel = { (k: Int) in "\(ReportNumber.fixed(edges[k], 1))–\(ReportNumber.fixed(edges[k + 1], 1)) m" }
        let groupings: [(title: String, keys: [Int], label: (Int) -> String)] = [
            ("true depth", r.samples.truth.map { ResidualAggregation.bin($0, edges: edges) }, binLabel),
            ("distance to the box edge (grid cells)", r.samples.edgeDistance.map { Int($0) }, { "\($0)" }),
            ("subject mask", r.samples.inMask.map { Int($0) }, { $0 == 1 ? "inside" : "outside" }),
            ("LiDAR confidence", r.samples.confidence.map { Int($0) }, { $0 < 0 ? "no LiDAR" : "\($0)" }),
        ]
        heading("Residuals of the fused samples against true depth", 3)
        paragraph("Every grid sample with a finite network value and true depth, inside the mask or not (the fused map is dense); "
            + "cells: median |ẑ − g| in cm (n samples). Variants that fell back have no fused samples for that box.")
        for grouping in groupings {
            let perVariant = r.sampleFits.map { ResidualAggregation.summarize(keys: grouping.keys, fused: $0.fused, truth: r.samples.truth, lidar: r.samples.lidar) }
            let keys = Set(perVariant.flatMap { $0.map(\.key) }).sorted()
            paragraph("By \(grouping.title):")
            table([[grouping.title] + r.sampleFits.map(\.variant.rawValue)] + keys.map { key in
                [grouping.label(key)] + perVariant.map { rows in
                    rows.first { $0.key == key }.map { "\(ReportNumber.fixed($0.medianAbsoluteError * 100, 2)) (\($0.count))" } ?? "–"
                }
            })
        }
        guard let baseline = r.sampleFits.first(where: { $0.variant == r.settings.baseline }) else { return }
        let histogramEdges = stride(from: -0.3, through: 0.3001, by: 0.025).map { $0 }
        for bin in 0..<(edges.count - 1) {
            let relative = r.samples.truth.indices.compactMap { k -> Double? in
                let z = baseline.fused[k], g = r.samples.truth[k]
                guard z.isFinite, ResidualAggregation.bin(g, edges: edges) == bin else { return nil }
                return (z - g) / g
            }
            guard !relative.isEmpty else { continue }
            let name = "fusion-residuals-bin-\(bin).svg"
            figure(name, ReportCharts.histogram(
                relative, edges: histogramEdges, title: "Relative residual (ẑ − g)/g, \(r.settings.baseline.rawValue), true depth \(binLabel(bin))",
                xTitle: "(ẑ − g) / g", caption: "n = \(relative.count) samples; bins 0.025, clamped to ±0.3"),
                caption: "Relative residuals of \(r.settings.baseline.rawValue) for true depth \(binLabel(bin)); n = \(relative.count).")
        }
    }
}
