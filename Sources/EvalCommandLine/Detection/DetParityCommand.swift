import Foundation
import EvalMetrics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval det-parity`: the variant-vs-reference gate with its pair analysis.
struct DetParityCommand: Command {
    let name = "det-parity"
    let summary = "Compare a detector variant with its reference: COCO gap, pair analysis, gate (exit 2 on fail)."
    let discussion = """
        With --gt (Mode A) both results files are scored against the ground truth and the \
        gap is gap_pp = 100 × (mAP50-95 reference − variant), unrounded, gated at --gate \
        (one-sided; a variant better by more than the gate is flagged for review). Without \
        --gt (Mode B) the reference's boxes with score ≥ --pseudo-threshold (default \
        --threshold) become pseudo ground truth: the variant's agreement mAP, gap \
        100 × (1 − agreement), and the reference's self-check (1, up to COCOeval's epsilon). Both modes add \
        the pair analysis at the operating threshold: matched IoU, score deltas, misses, \
        extras, class flips, threshold crossings. Rules other than the Mode A gap are off \
        until their limit is given. --report DIR writes report.md, report.html, its SVG \
        figures and parity.json. --reference-rerun gives a second run of the reference: \
        whether the two runs are identical (if not, the gate measures noise) and their gap, \
        the noise band to read every other gap against. With --reference-settings and \
        --variant-settings (JSON objects of letterbox, resize, channel order, NMS, score \
        floor, …) runs whose settings differ are refused. Boxes of negative width or height \
        are scored as pycocotools scores them, with a warning; --strict refuses them. Exit status: 0 pass, 2 gate failed, 1 bad input, 64 usage error.
        """
    static let reference = OptionKey<String>("reference", "R.json", "Reference results (COCO results file, boxes).")
    static let variant = OptionKey<String>("variant", "V.json", "Variant results on the same images.")
    static let gt = OptionKey<String?>("gt", "G.json", "Ground truth: Mode A. Without it, Mode B.")
    static let threshold = OptionKey<Double>("threshold", "S", "Operating threshold s_op (required: no global default).", bounds: .atLeast(0))
    static let pseudoThreshold = OptionKey<Double?>("pseudo-threshold", "S", "Mode B: s_ref for the pseudo ground truth (default --threshold).", bounds: .atLeast(0))
    static let gate = OptionKey<Double>("gate", "PP", "Mode A: G_A, largest gap in percentage points.", default: 1.5)
    static let agreementGate = OptionKey<Double?>("agreement-gate", "PP", "Mode B: G_B, largest agreement gap (off unless given).")
    static let referenceSettings = OptionKey<String?>("reference-settings", "FILE", "The reference run's settings (JSON object); needs --variant-settings.")
    static let variantSettings = OptionKey<String?>("variant-settings", "FILE", "The variant run's settings; any key that differs is an error.")
    static let rerun = OptionKey<String?>("reference-rerun", "R2.json", "A second run of the reference: determinism check and noise band.")
    static let report = OptionKey<String?>("report", "DIR", "Also write report.md, report.html, figures and parity.json here.")
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.reference, Self.variant, Self.gt, Self.threshold, Self.pseudoThreshold]
        + ParityRuleOptions.options + [Self.gate, Self.agreementGate, Self.referenceSettings, Self.variantSettings, Self.rerun, Self.report, DetectionInputs.strict, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        try Self.checkSettings(arguments)
        let inputs = DetectionInputs(arguments, output: output)
        let (reference, variant) = try inputs.read(results: arguments[Self.reference], arguments[Self.variant])
        let gtPath = arguments[Self.gt]
        if gtPath != nil && arguments[Self.pseudoThreshold] != nil {
            throw UsageError("--pseudo-threshold applies to Mode B (without --gt)")
        }
        let groundTruth = try gtPath.map(inputs.groundTruth)
        let limits = ParityRuleOptions.limits(arguments, gap: arguments[Self.gate], agreementGap: arguments[Self.agreementGate])
        let settings = ParityRuleOptions.settings(arguments, threshold: arguments[Self.threshold])
        let parity = try DetectionParity(reference: reference, variant: variant, groundTruth: groundTruth,
                                         pseudoThreshold: arguments[Self.pseudoThreshold], pairSettings: settings, limits: limits)
        var noise: DetectionParityFormatting.NoiseBand?
        if let rerunPath = arguments[Self.rerun] {
            let rerun = try inputs.results(rerunPath)
            let band = try DetectionParity(reference: reference, variant: rerun, groundTruth: groundTruth,
                                           pseudoThreshold: arguments[Self.pseudoThreshold], pairSettings: settings, limits: limits)
            noise = .init(path: rerunPath, identical: Self.sameDetections(reference, rerun), parity: band)
        }
        let formatting = DetectionParityFormatting(parity: parity, reference: reference, variant: variant, groundTruthPath: gtPath, noise: noise)
        if let folder = arguments[Self.report] {
            var document = ReportDocument()
            document.heading("Detection parity report", 1)
            DetectionParityReportSection.write(formatting, into: &document)
            try DetectionReportFiles.write(document, json: formatting.json, jsonName: "parity.json", to: folder)
        }
        switch arguments[Self.format] {
        case .table: output.out(formatting.table)
        case .json: output.out(formatting.json)
        }
        return parity.passed ? .success : .gateFailed
    }

    /// Refuses runs whose preprocessing or post-processing settings differ.
    static func checkSettings(_ arguments: ParsedArguments) throws {
        switch (arguments[referenceSettings], arguments[variantSettings]) {
        case (nil, nil): return
        case (let a?, let b?):
            let differing = try RunSettings.read(from: b).differences(from: RunSettings.read(from: a))
            if !differing.isEmpty {
                throw InputError(file: b, message: "the runs' settings differ in \(differing.joined(separator: ", ")); the gate would measure the pipeline, not the weights")
            }
        default: throw UsageError("give both --reference-settings and --variant-settings, or neither")
        }
    }

    /// Whether two results files hold the same detections in the same order (line numbers aside).
    static func sameDetections(_ a: COCOResults, _ b: COCOResults) -> Bool {
        a.detections.count == b.detections.count && zip(a.detections, b.detections).allSatisfy { x, y in
            x.imageId == y.imageId && x.categoryId == y.categoryId && x.score == y.score && x.bbox == y.bbox && x.segmentation == y.segmentation
        }
    }
}
