import Evaluation
import Foundation
import Recording
import Replay
import EvalResults
import EvalJobs
import EvalReports

extension TrackSource: OptionValue {}

/// `spatial-eval parity`: the replicas against the decisions an app logged in a recording,
/// decision by decision (Docs/app-decision-logs.md).
struct ParityCommand: Command {
    let name = "parity"
    let summary = "Replay a recording and compare the replicas' decisions with the app's logged ones, decision by decision."
    let discussion = """
        Reads a recording with an app decision log (schema v2; import one from JSON Lines with \
        'import --jsonl'), replays tracker → depth fusion → anchor registry, the absence sweep \
        and the logged guidance sessions on its inputs, and compares every decision kind: \
        matched and agreeing, differing fields (positions and gaps within 1 mm), only in the \
        app, only in the replicas. Prints the agreement per kind and the first divergence with \
        the decisions around it on both sides. --config reads a replay configuration (JSON; \
        keys left out keep the shipped constants); --track-source picks the tracker ids the \
        registry sees (replica: the tracker replica's, as the shipped pipeline; recorded: the \
        app's track_id). Docs/app-decision-logs.md describes the log and the rules. \
        Exit status: 0 every kind agrees at least --threshold, 2 some kind below it, 1 bad \
        input (a malformed decision names file, table and row), 64 usage error.
        """
    static let recording = Positional<String>("RECORDING.sqlite", "Recording with an app decision log (schema v2).")
    static let config = OptionKey<String?>(
        "config", "FILE.json", "Replay configuration (JSON); keys left out keep the shipped constants.")
    static let threshold = OptionKey<Double>(
        "threshold", "FRACTION", "Least agreement each decision kind must reach.", default: 0.99, bounds: .within(0...1))
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    static let trackSource = OptionKey<TrackSource>("track-source", "SOURCE", "Tracker ids the registry sees.", default: .replica)
    let positionals: [any CommandPositional] = [Self.recording]
    let options: [any CommandOption] = [Self.config, Self.threshold, Self.format, Self.trackSource]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.recording]
        let threshold = arguments[Self.threshold]
        let trackSource = arguments[Self.trackSource]
        let configuration = try arguments[Self.config].map(ProtocolLoader.replayConfiguration(at:)) ?? ReplayConfiguration()

        let recording = try RecordingStore.read(from: path)
        guard !recording.decisions.isEmpty else {
            throw InputError(file: path, message: "no app decisions to compare (a schema v1 file, or none were logged); "
                + "Docs/app-decision-logs.md describes how an app logs them")
        }
        // The whole check `inspect` makes, not only the decision tables: a replay must not see
        // a non-finite pose or a dangling reference either (spec.md#limits-recordings).
        let problems = RecordingValidator().problems(in: recording)
        guard problems.isEmpty else { throw RecordingRejection(file: path, problems: problems) }
        let comparison = ParityReplay.compare(recording, configuration: configuration, trackSource: trackSource)
        let run = ParityFormatting.Run(path: path, trackSource: trackSource.rawValue, threshold: threshold, comparison: comparison)
        output.out(arguments[Self.format] == .json ? ParityFormatting.json(run) : ParityFormatting.table(run))
        return comparison.passes(threshold: threshold) ? .success : .gateFailed
    }
}
