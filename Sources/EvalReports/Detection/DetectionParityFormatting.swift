import Foundation
import EvalMetrics
import Recording
import EvalResults

/// Renders a ``DetectionParity``: a terminal summary, or JSON with every number unrounded,
/// the rules, and every pair, miss, extra and class flip.
public struct DetectionParityFormatting {
    public let parity: DetectionParity
    public let reference: COCOResults
    public let variant: COCOResults
    public let groundTruthPath: String?
    public var noise: NoiseBand? = nil

    /// Creates the value from each of its stored properties.
    public init(parity: DetectionParity, reference: COCOResults, variant: COCOResults, groundTruthPath: String?, noise: NoiseBand? = nil) {
        self.parity = parity
        self.reference = reference
        self.variant = variant
        self.groundTruthPath = groundTruthPath
        self.noise = noise
    }

    /// A second run of the reference, compared with the first as if it were a variant.
    public struct NoiseBand {
        /// Its file.
        public var path: String
        /// Whether it holds exactly the same detections.
        public var identical: Bool
        /// The first run against the second.
        public var parity: DetectionParity

        /// Creates the value from each of its stored properties.
        public init(path: String, identical: Bool, parity: DetectionParity) {
            self.path = path
            self.identical = identical
            self.parity = parity
        }
    }

    /// The determinism and noise-band lines, first in every output.
    public var noiseLines: [String] {
        guard let noise else { return [] }
        let gaps = noise.parity.gaps.map { "\($0.metric) \(String(format: "%+.4f", $0.gapPP))" }.joined(separator: ", ")
        return [noise.identical ? "determinism: the reference rerun \(noise.path) is identical"
                    : "WARNING: the reference rerun \(noise.path) differs from the reference: the gate is measuring noise",
                "noise band (reference vs its rerun, gap_pp): " + gaps]
    }

    /// `0.123456` or `n/a` for a missing value.
    public static func number(_ value: Double?, _ digits: Int = 4) -> String {
        guard let value, value.isFinite, value != -1 else { return "n/a" }
        return String(format: "%.\(digits)f", value)
    }

    /// The mode in words.
    public var modeDescription: String {
        switch parity.mode {
        case .groundTruth: "Mode A: both scored against the ground truth \(groundTruthPath ?? "")"
        case .pseudoGroundTruth:
            "Mode B: the reference's boxes with score ≥ \(Self.number(parity.pseudoThreshold, 3)) as pseudo ground truth (agreement)"
        }
    }

    /// The verdict line.
    public var verdict: String {
        let failed = parity.rules.filter { !$0.passed }.map(\.name)
        var text = parity.passed ? "PASS: every enabled rule holds" : "FAIL: " + failed.joined(separator: "; ")
        if parity.flaggedForReview { text += " (flagged for review: the variant beats the reference by more than G_A)" }
        return text
    }

    /// Rows of the scores table: metric, reference, variant, gap (pp).
    public var scoreRows: [[String]] {
        let header = parity.mode == .groundTruth ? ["metric", "reference", "variant", "gap_pp"] : ["metric", "reference (self-check)", "agreement", "gap_pp"]
        return [header] + parity.gaps.map { [$0.metric, Self.number($0.reference), Self.number($0.variant), String(format: "%+.4f", $0.gapPP)] }
    }

    /// Rows of the rules table.
    public var ruleRows: [[String]] {
        [["rule", "measured", "limit", "verdict"]] + parity.rules.map {
            [$0.name, Self.number($0.measured), Self.number($0.limit), $0.passed ? "pass" : "FAIL"]
        }
    }

    /// Rows of the pair-analysis counts.
    public var countRows: [[String]] {
        let c = parity.pairs.counts
        return [["reference boxes", "variant boxes", "matched", "misses", "extras", "class flips", "crossings"],
                [c.referenceBoxes, c.variantBoxes, c.matched, c.misses, c.extras, c.classFlips, c.crossings].map(String.init)]
    }

    /// The two summary lines of the pair analysis.
    public var summaryLines: [String] {
        let pairs = parity.pairs, c = pairs.counts
        var lines = ["\(c.referenceMatched) of \(c.referenceBoxes) reference boxes at s_op = \(Self.number(pairs.settings.operatingThreshold, 3)) matched"]
        if let iou = pairs.iouSummary {
            lines.append("matched IoU: min \(Self.number(iou.minimum)), " + (iou.p5.map { "p5 \(Self.number($0)), " } ?? "p5 n/a (< 20 pairs: see min), ")
                         + "median \(Self.number(iou.median)), mean \(Self.number(iou.mean))")
        } else {
            lines.append("matched IoU: no pairs")
        }
        if let delta = pairs.deltaSummary {
            lines.append("score Δ (variant − reference): mean \(String(format: "%+.4f", delta.mean)), median \(String(format: "%+.4f", delta.median)), "
                         + "p95 |Δ| \(Self.number(delta.p95Absolute)), max |Δ| \(Self.number(delta.maximumAbsolute))")
        }
        return lines
    }

    /// The terminal summary.
    public var table: String {
        var lines = ["detection parity (\(modeDescription))", "reference  \(reference.source)", "variant    \(variant.source)"]
        lines += noiseLines + [""]
        lines += Self.aligned(scoreRows)
        lines += ["", "pair analysis (floor \(Self.number(parity.pairs.settings.scoreFloor, 3)), pair IoU ≥ \(Self.number(parity.pairs.settings.pairIoU, 2)))"]
        lines += Self.aligned(countRows)
        lines += summaryLines
        lines += [""] + Self.aligned(ruleRows) + ["", verdict]
        return lines.joined(separator: "\n") + "\n"
    }

    public static func aligned(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }

    /// Everything as JSON.
    public var json: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("tool", "spatial-eval")
        writer.string("version", ToolInfo.version)
        writer.string("mode", parity.mode.rawValue)
        writer.string("reference", reference.source)
        writer.string("variant", variant.source)
        if let groundTruthPath { writer.string("gt", groundTruthPath) }
        if let threshold = parity.pseudoThreshold { writer.number("pseudo_threshold", threshold) }
        writer.raw("reference_stats", JSONWriter.compactArray(parity.reference.stats))
        writer.raw("variant_stats", JSONWriter.compactArray(parity.variant.stats))
        writer.beginArray("gaps")
        for gap in parity.gaps {
            writer.raw(nil, "{\"metric\": \(JSONWriter.quoted(gap.metric)), \"reference\": \(JSONWriter.number(gap.reference)), "
                + "\"variant\": \(JSONWriter.number(gap.variant)), \"gap_pp\": \(JSONWriter.number(gap.gapPP))}")
        }
        writer.endArray()
        writer.beginArray("rules")
        for rule in parity.rules {
            writer.raw(nil, "{\"rule\": \(JSONWriter.quoted(rule.name)), \"measured\": \(rule.measured.map(JSONWriter.number) ?? "null"), "
                + "\"limit\": \(JSONWriter.number(rule.limit)), \"passed\": \(rule.passed)}")
        }
        writer.endArray()
        writer.raw("passed", String(parity.passed))
        writer.raw("flagged_for_review", String(parity.flaggedForReview))
        if let noise {
            writer.beginObject("noise_band")
            writer.string("rerun", noise.path)
            writer.raw("identical", String(noise.identical))
            writer.raw("gaps_pp", JSONWriter.compactArray(noise.parity.gaps.map(\.gapPP)))
            writer.endObject()
        }
        writePairs(into: &writer)
        writer.endObject()
        return writer.text
    }

    private func writePairs(into writer: inout JSONWriter) {
        let pairs = parity.pairs
        writer.beginObject("pair_analysis")
        writer.number("score_floor", pairs.settings.scoreFloor)
        writer.number("operating_threshold", pairs.settings.operatingThreshold)
        writer.number("pair_iou", pairs.settings.pairIoU)
        writer.raw("counts", Self.counts(pairs.counts))
        if let iou = pairs.iouSummary {
            writer.raw("iou", "{\"min\": \(JSONWriter.number(iou.minimum)), \"p5\": \(iou.p5.map(JSONWriter.number) ?? "null"), "
                + "\"median\": \(JSONWriter.number(iou.median)), \"mean\": \(JSONWriter.number(iou.mean))}")
        }
        if let delta = pairs.deltaSummary {
            writer.raw("score_delta", "{\"mean\": \(JSONWriter.number(delta.mean)), \"median\": \(JSONWriter.number(delta.median)), "
                + "\"p95_abs\": \(JSONWriter.number(delta.p95Absolute)), \"max_abs\": \(JSONWriter.number(delta.maximumAbsolute))}")
        }
        writer.beginArray("categories")
        for (category, counts) in pairs.categories { writer.raw(nil, "{\"category_id\": \(category), \"counts\": \(Self.counts(counts))}") }
        writer.endArray()
        writer.beginArray("pairs")
        for pair in pairs.pairs {
            writer.raw(nil, "{\"reference\": \(pair.reference), \"variant\": \(pair.variant), \"image_id\": \(reference.detections[pair.reference].imageId), "
                + "\"category_id\": \(reference.detections[pair.reference].categoryId), \"iou\": \(JSONWriter.number(pair.iou)), "
                + "\"score_delta\": \(JSONWriter.number(pair.scoreDelta)), \"crosses_threshold\": \(pair.crossesThreshold)}")
        }
        writer.endArray()
        writer.beginArray("misses")
        for index in pairs.misses { writer.raw(nil, Self.box(index, reference.detections[index])) }
        writer.endArray()
        writer.beginArray("extras")
        for index in pairs.extras { writer.raw(nil, Self.box(index, variant.detections[index])) }
        writer.endArray()
        writer.beginArray("class_flips")
        for flip in pairs.classFlips {
            writer.raw(nil, "{\"variant\": \(Self.box(flip.variant, variant.detections[flip.variant])), "
                + "\"reference\": \(Self.box(flip.reference, reference.detections[flip.reference]))}")
        }
        writer.endArray()
        writer.endObject()
    }

    private static func counts(_ c: PairAnalysis.Counts) -> String {
        "{\"reference_boxes\": \(c.referenceBoxes), \"variant_boxes\": \(c.variantBoxes), \"matched\": \(c.matched), "
            + "\"reference_matched\": \(c.referenceMatched), \"misses\": \(c.misses), \"extras\": \(c.extras), "
            + "\"class_flips\": \(c.classFlips), \"crossings\": \(c.crossings)}"
    }

    private static func box(_ index: Int, _ detection: COCOResults.Detection) -> String {
        let b = detection.bbox ?? COCOBox(x: 0, y: 0, width: 0, height: 0)
        return "{\"index\": \(index), \"image_id\": \(detection.imageId), \"category_id\": \(detection.categoryId), "
            + "\"score\": \(JSONWriter.number(detection.score)), \"bbox\": \(JSONWriter.compactArray([b.x, b.y, b.width, b.height]))}"
    }
}
