import Foundation
import EvalMetrics
import Recording
import EvalResults

/// The Markdown/HTML report section of a parity comparison: scores and gaps, the gate's
/// rules and verdict, the pair analysis with its IoU and score-delta figures, the categories
/// that lose most, and the boxes behind every miss, extra and class flip.
public enum DetectionParityReportSection {
    /// Most rows listed per table of boxes.
    public static let listedBoxes = 20

    /// Appends the section to `document`.
    public static func write(_ f: DetectionParityFormatting, into document: inout ReportDocument) {
        let parity = f.parity
        document.heading("Detection parity", 2)
        document.paragraph("Reference \(f.reference.source) and variant \(f.variant.source). \(f.modeDescription).")
        for line in f.noiseLines { document.paragraph(line) }
        document.table(f.scoreRows)
        document.heading("Gate", 3)
        document.table(f.ruleRows)
        document.paragraph(f.verdict)
        document.heading("Pair analysis", 3)
        let settings = parity.pairs.settings
        document.paragraph("One-to-one pairs by descending IoU (not by score): same image and category, both scores ≥ "
            + "\(DetectionParityFormatting.number(settings.scoreFloor, 3)), IoU ≥ \(DetectionParityFormatting.number(settings.pairIoU, 2)); "
            + "reported where a side reaches the operating threshold \(DetectionParityFormatting.number(settings.operatingThreshold, 3)).")
        document.table(f.countRows)
        for line in f.summaryLines { document.paragraph(line) }
        let ious = parity.pairs.pairs.map(\.iou)
        if !ious.isEmpty {
            document.figure("parity-iou.svg", ReportCharts.histogram(
                ious, edges: stride(from: 0.5, through: 1.0001, by: 0.025).map { $0 }, title: "IoU of matched pairs",
                xTitle: "IoU", caption: "IoU of the \(ious.count) matched pairs (reference box vs variant box)."),
                caption: "IoU of matched pairs")
            let deltas = parity.pairs.pairs.map(\.scoreDelta)
            let reach = max(0.05, (deltas.map(abs).max() ?? 0) * 1.0001)
            let width = reach / 10
            document.figure("parity-score-delta.svg", ReportCharts.histogram(
                deltas, edges: (-10...10).map { Double($0) * width }, title: "Score change of matched pairs",
                xTitle: "variant − reference score", caption: "Score delta of the \(deltas.count) matched pairs; crossings: \(parity.pairs.counts.crossings)."),
                caption: "Score delta of matched pairs")
        }
        let categories = parity.pairs.categories.prefix(listedBoxes)
        if !categories.isEmpty {
            document.heading("Categories with most misses and extras", 3)
            document.table([["category", "reference boxes", "variant boxes", "matched", "misses", "extras", "class flips", "crossings"]]
                + categories.map { category, c in
                    [String(category), String(c.referenceBoxes), String(c.variantBoxes), String(c.matched), String(c.misses),
                     String(c.extras), String(c.classFlips), String(c.crossings)]
                })
        }
        boxes("Misses (reference boxes with no partner)", parity.pairs.misses.map { f.reference.detections[$0] }, into: &document)
        boxes("Extras (variant boxes with no partner)", parity.pairs.extras.map { f.variant.detections[$0] }, into: &document)
        boxes("Class flips (variant box over a reference box of another category)",
              parity.pairs.classFlips.map { f.variant.detections[$0.variant] }, into: &document)
        let crossings = parity.pairs.pairs.filter(\.crossesThreshold)
        boxes("Threshold crossings (reference box; the variant's score is on the other side)",
              crossings.map { f.reference.detections[$0.reference] }, into: &document)
    }

    private static func boxes(_ title: String, _ detections: [COCOResults.Detection], into document: inout ReportDocument) {
        guard !detections.isEmpty else { return }
        document.heading(title, 3)
        let shown = detections.prefix(listedBoxes)
        document.table([["image", "category", "score", "x", "y", "w", "h"]] + shown.map { d in
            let b = d.bbox ?? COCOBox(x: 0, y: 0, width: 0, height: 0)
            return [String(d.imageId), String(d.categoryId), DetectionParityFormatting.number(d.score, 3)]
                + [b.x, b.y, b.width, b.height].map { String(format: "%.1f", $0) }
        })
        if detections.count > shown.count { document.paragraph("… and \(detections.count - shown.count) more (all of them in parity.json).") }
    }
}
