import Foundation
import EvalMetrics
import EvalNumerics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval mask-parity`: binarised instance masks of a reference and a variant.
struct MaskParityCommand: Command {
    let name = "mask-parity"
    let summary = "Compare instance masks (logit > 0): identical pixels after a renderer change, mask IoU after a model change."
    let discussion = """
        Mask files are JSON arrays of {image_id, category_id, bbox, score, mask} where mask \
        is {"size": [h, w], "logits": [row-major h·w numbers]} on the model's native grid \
        before compositing (NaN and Infinity allowed), or a binary COCO RLE {"size", \
        "counts"}. A pixel is foreground when its logit is strictly above 0. --change \
        renderer pairs instances in file order and requires every pixel count and every \
        bit to be equal. --change model pairs instances by box (as det-parity does, at \
        --threshold) and reports mask IoU (both empty: counted apart) and relative pixel \
        count differences; a variant grid of another size is resampled bilinearly from its \
        logits. Exit status: 0 pass, 2 parity failed, 1 bad input, 64 usage error.
        """

    /// What changed between the two runs.
    enum Change: String, CaseIterable, OptionValue {
        /// Same model, new renderer: exact equality.
        case renderer
        /// New model: paired mask IoU.
        case model
    }

    static let reference = OptionKey<String>("reference", "R.json", "Reference instance masks.")
    static let variant = OptionKey<String>("variant", "V.json", "Variant instance masks.")
    static let change = OptionKey<Change>("change", "KIND", "What changed.")
    static let threshold = OptionKey<Double?>("threshold", "S", "Model change: operating threshold s_op (required there).", bounds: .atLeast(0))
    static let minMaskIoU = OptionKey<Double?>("min-mask-iou", "X", "Model change: fail when a pair's mask IoU is below (off unless given).")
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [
        Self.reference, Self.variant, Self.change, Self.threshold, ParityRuleOptions.scoreFloor, ParityRuleOptions.pairIoU, Self.minMaskIoU, Self.format,
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let (referenceResult, variantResult) = inParallel(
            { Result { try InstanceMaskFile.read(from: arguments[Self.reference]) } },
            { Result { try InstanceMaskFile.read(from: arguments[Self.variant]) } })
        let reference = try referenceResult.get(), variant = try variantResult.get()
        let json = arguments[Self.format] == .json
        switch arguments[Self.change] {
        case .renderer:
            let result = try MaskParity.renderer(reference: reference, variant: variant)
            output.out(json ? try rendererJSON(result, reference, variant) : rendererTable(result, reference, variant))
            return result.passed ? .success : .gateFailed
        case .model:
            guard let threshold = arguments[Self.threshold] else { throw UsageError("--change model needs --threshold") }
            let settings = ParityRuleOptions.settings(arguments, threshold: threshold)
            let result = try MaskParity.model(reference: reference, variant: variant, settings: settings, minimumIoU: arguments[Self.minMaskIoU])
            output.out(json ? try modelJSON(result, reference, variant) : modelTable(result, reference, variant))
            return result.passed ? .success : .gateFailed
        }
    }

    private func rendererTable(_ result: MaskParity.RendererResult, _ reference: InstanceMaskFile, _ variant: InstanceMaskFile) -> String {
        var lines = ["mask parity, renderer changed (foreground: logit > 0)", "reference  \(reference.source)", "variant    \(variant.source)",
                     "instances  \(result.counts.reference) / \(result.counts.variant)", ""]
        lines += DetectionParityFormatting.aligned([["instance", "reference pixels", "variant pixels", "identical"]]
            + result.instances.enumerated().map { i, instance in
                [String(i), String(instance.referencePixels), String(instance.variantPixels), instance.identical ? "yes" : "NO"]
            })
        let differing = result.instances.filter { !$0.identical }.count
        lines += ["", result.passed ? "PASS: every instance has the same pixel count and the same bits"
                  : "FAIL: \(differing) instance(s) differ" + (result.counts.reference != result.counts.variant ? "; the instance counts differ" : "")]
        return lines.joined(separator: "\n") + "\n"
    }

    private func rendererJSON(_ result: MaskParity.RendererResult, _ reference: InstanceMaskFile, _ variant: InstanceMaskFile) throws -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("change", "renderer")
        writer.integer("reference_instances", result.counts.reference)
        writer.integer("variant_instances", result.counts.variant)
        writer.raw("passed", String(result.passed))
        writer.beginArray("instances")
        for (i, instance) in result.instances.enumerated() {
            let a = try MaskParity.binary(reference.instances[i].mask), b = try MaskParity.binary(variant.instances[i].mask)
            writer.raw(nil, "{\"reference\": \(Self.maskJSON(a)), \"variant\": \(Self.maskJSON(b)), \"identical\": \(instance.identical)}")
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    private func modelTable(_ result: MaskParity.ModelResult, _ reference: InstanceMaskFile, _ variant: InstanceMaskFile) -> String {
        let n = DetectionParityFormatting.number
        var lines = ["mask parity, model changed (foreground: logit > 0; pairs by box at s_op = \(n(result.pairs.settings.operatingThreshold, 3)))",
                     "reference  \(reference.source)", "variant    \(variant.source)",
                     "pairs \(result.masks.count), both masks empty \(result.bothEmpty), resampled \(result.masks.filter(\.resampled).count)"]
        let ious = result.definedIoUs
        if !ious.isEmpty {
            let p5 = ious.count >= 20 ? n(Quantile.linear(ious, 0.05), 4) : "n/a (< 20 pairs: see min)"
            lines.append("mask IoU: min \(n(ious.min(), 4)), p5 \(p5), median \(n(Quantile.median(ious), 4)), mean \(n(PairwiseSum.sum(ious) / Double(ious.count), 4))")
        }
        let differences = result.masks.map(\.relativeCountDifference)
        if !differences.isEmpty {
            let q = Quantile.linear(differences, [0.05, 0.5, 0.95])
            lines.append("relative pixel-count difference: p5 \(String(format: "%+.4f", q[0])), median \(String(format: "%+.4f", q[1])), p95 \(String(format: "%+.4f", q[2]))")
        }
        if let limit = result.minimumIoU { lines.append("pairs below min_mask_iou \(n(limit, 3)): \(result.belowMinimum)") }
        lines += ["", result.passed ? "PASS" : "FAIL: \(result.belowMinimum) pair(s) below min_mask_iou"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func modelJSON(_ result: MaskParity.ModelResult, _ reference: InstanceMaskFile, _ variant: InstanceMaskFile) throws -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("change", "model")
        writer.raw("passed", String(result.passed))
        writer.integer("both_empty", result.bothEmpty)
        writer.integer("below_min_mask_iou", result.belowMinimum)
        writer.beginArray("pairs")
        for pair in result.masks {
            let a = try MaskParity.binary(reference.instances[pair.reference].mask), b = try MaskParity.binary(variant.instances[pair.variant].mask)
            writer.raw(nil, "{\"reference_index\": \(pair.reference), \"variant_index\": \(pair.variant), "
                + "\"iou\": \(pair.iou.map(JSONWriter.number) ?? "null"), \"relative_count_difference\": \(JSONWriter.number(pair.relativeCountDifference)), "
                + "\"resampled\": \(pair.resampled), \"reference\": \(Self.maskJSON(a)), \"variant\": \(Self.maskJSON(b))}")
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// `{"size", "counts" (compressed), "pixels"}` of a binary mask on its native grid.
    static func maskJSON(_ mask: RunLengthMask) -> String {
        "{\"size\": [\(mask.height), \(mask.width)], \"counts\": \(JSONWriter.quoted(mask.compressedString)), \"pixels\": \(mask.area)}"
    }
}
