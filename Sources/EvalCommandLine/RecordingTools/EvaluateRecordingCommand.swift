import Evaluation
import EvalMetrics
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
        max, ECDF in JSON) and 3-D centre-distance tracking at gates 0.35, 1 and 2 m \
        (py-motmetrics 1.4.0's accumulator on the 3-D distance). --dump-3d writes the point \
        frames that tracking scored (per frame the truth set and the instances, with ids and \
        positions; score them again with score-3d). Definitions: Docs/recording-metrics.md. \
        Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let file = Positional<String>("FILE.sqlite", "Recording (SQLite) with ground truth.")
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    static let dump3D = OptionKey<String?>("dump-3d", "OUT.csv", "Also write the point frames the 3-D tracking scored.")
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = [Self.format, Self.dump3D]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let format = arguments[Self.format]
        let recording = try RecordingStore.readValidated(from: path)
        let tracking = try RecordingTrackingJob.run(recording)
        let spatial = RecordingSpatialJob.run(recording)
        if let dump = arguments[Self.dump3D] { try AtomicFile.write(PointFramesCSV.text(spatial.memoryFrames), to: dump) }
        output.out(format == .json
            ? RecordingEvaluationFormatting.json(path: path, tracking: tracking, spatial: spatial)
            : RecordingEvaluationFormatting.table(path: path, tracking: tracking, spatial: spatial))
        return .success
    }
}
