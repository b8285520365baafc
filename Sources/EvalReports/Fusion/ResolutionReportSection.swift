import EvalMetrics
import EvalNumerics
import EvalResults

extension ReportDocument {
    /// The network-resolution subsection: the fast pass against the full one, pooled and per
    /// box, and the change of the baseline's box depth (the app measured r = 0.984 and
    /// 3.5 % mean absolute difference between the 364-px and 518-px passes; spec.md#seed-figures).
    public mutating func fusionResolution(_ r: FusionResults) {
        let study = r.resolution
        heading("Network resolution: fast (364 px) vs full (518 px) pass", 3)
        guard let pooled = study.pooled, !study.box.isEmpty else {
            paragraph("The recordings carry no second network pass (`depth_network_passes`), so the resolutions cannot be compared.")
            return
        }
        let shifts = zip(study.depthFast, study.depthFull).map { abs($0 - $1) }.filter(\.isFinite)
        let perBox = study.pearsonR.filter(\.isFinite)
        let cm = { (v: Double) in ReportNumber.fixed(v * 100, 2) }
        table([["boxes", "samples", "pooled Pearson r", "pooled mean abs Δ %", "median per-box r", "median abs Δ box depth cm",
                "p90 abs Δ box depth cm", "boxes with both depths"],
               ["\(study.box.count)", "\(pooled.count)", ReportNumber.fixed(pooled.pearsonR, 4),
                ReportNumber.fixed(pooled.meanAbsolutePercentDifference, 2),
                perBox.isEmpty ? "n/a" : ReportNumber.fixed(Quantile.median(perBox), 4),
                shifts.isEmpty ? "n/a" : cm(Quantile.median(shifts)), shifts.isEmpty ? "n/a" : cm(Quantile.linear(shifts, 0.9)),
                "\(shifts.count)"]])
        paragraph("Relative inverse depth of the fast pass against the full one at the same grid samples (Pearson's r as "
            + "numpy.corrcoef; mean |fast − full| / |full| × 100), and abs Δ box depth = |\(r.settings.baseline.rawValue) box depth "
            + "from the fast pass − the one from the full pass|. Per-box r is low where a box spans little depth: the affine "
            + "fit only needs the passes to agree up to scale and shift. The app measured r = 0.984 and 3.5 % between the two "
            + "passes on whole frames (Docs/spec.md#seed-figures).")
    }
}
