import Evaluation
import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval evaluate-recording`: tracking, anchor accuracy and re-anchor gaps of the
/// replicas (shipped defaults) on one recording, judged against its ground truth.
struct EvaluateRecordingCommand: Command {
    let name = "evaluate-recording"
    let summary = "Judge the replicas on one recording: detect-every-N tracking, anchor accuracy, re-anchor gaps."
    let discussion = """
        Runs the tracker replica at detect-every-N = 1…5 and scores it against the recording's \
        gt_boxes with TrackEval's rules (MOTA, IDF1, HOTA) beside the app's old proxies (new \
        track ids per minute and per detection, mean track lifetime); scores the app's recorded \
        track ids when present. Then runs tracker → depth fusion → anchor registry with the \
        shipped defaults and reports each instance's error against the true placement, purity, \
        duplication, objects never anchored, the raw re-anchor gaps (n, median, p90, mean, min, \
        max, ECDF in JSON) and 3-D centre-distance tracking at gates 0.35, 1 and 2 m. \
        Definitions: Docs/recording-metrics.md.
        """
    static let file = Positional<String>("FILE.sqlite", "Recording (SQLite) with ground truth.")
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = [Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let format = arguments[Self.format]
        let recording = try RecordingStore.readValidated(from: path)
        let tracking = try RecordingTrackingJob.run(recording)
        let spatial = RecordingSpatialJob.run(recording)
        output.out(format == .json
            ? RecordingEvaluationFormatting.json(path: path, tracking: tracking, spatial: spatial)
            : RecordingEvaluationFormatting.table(path: path, tracking: tracking, spatial: spatial))
        return .success
    }
}
