import Foundation
import EvalMetrics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval score-det`: COCO detection scoring of a results file, identical to pycocotools.
struct ScoreDetCommand: Command {
    let name = "score-det"
    let summary = "Score COCO detection results (boxes or masks) exactly as pycocotools' COCOeval."
    let discussion = """
        Reads a COCO ground-truth file (images, categories, annotations) and a results file \
        (a JSON array of {image_id, category_id, bbox | segmentation, score}) and prints the \
        twelve COCOeval summary numbers (AP, AP50, AP75, AP small/medium/large, AR@1/10/100, \
        AR small/medium/large; n/a where the slice has no ground truth). --format json adds \
        the full precision [T][R][K][A][M] and recall [T][K][A][M] arrays, unrounded. \
        An empty results array scores as "no detections". Results on images the ground \
        truth does not list, annotation id 0 and masks of different sizes are input errors. \
        Boxes of negative width or height are scored as pycocotools scores them, with a \
        warning; --strict refuses them. \
        See Docs/detection-parity.md. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let gt = OptionKey<String>("gt", "GT.json", "COCO ground-truth file.")
    static let dt = OptionKey<String>("dt", "RESULTS.json", "COCO results file.")
    static let iouType = OptionKey<COCOIoUType>("iou-type", "TYPE", "Overlap of boxes or of masks.", default: .bbox)
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.gt, Self.dt, Self.iouType, DetectionInputs.strict, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let gtPath = arguments[Self.gt], dtPath = arguments[Self.dt]
        let (groundTruth, results) = try DetectionInputs(arguments, output: output).read(groundTruth: gtPath, results: dtPath)
        let evaluation = try COCOEvaluator.evaluate(groundTruth: groundTruth, results: results, iouType: arguments[Self.iouType])
        switch arguments[Self.format] {
        case .table: output.out(COCOEvaluationFormatting.table(evaluation, groundTruth: gtPath, results: dtPath))
        case .json: output.out(COCOEvaluationFormatting.json(evaluation, groundTruth: gtPath, results: dtPath))
        }
        return .success
    }
}

extension COCOIoUType: OptionValue {}
