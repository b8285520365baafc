import Foundation
import EvalResults
import Recording
import Replay
import SessionViewer

/// `spatial-eval view`: one recording replayed and written as a self-contained HTML viewer
/// page (Docs/viewer.md). The page's content lives in the `SessionViewer` module.
struct ViewCommand: Command {
    let name = "view"
    let summary = "Write a self-contained HTML page that replays one recording: plan, anchors, timeline, errors over time."
    let discussion = """
        Replays the recording as the main job does (tracker → depth fusion → anchor registry, \
        the absence sweep, guidance for every request) and writes DIR/<recording>.html: a \
        top-down plan of the true objects, the camera path and the replica's anchors with \
        their state, a time slider, a timeline with one lane per event kind, each anchor's \
        error at the current time and the metric events a report counts, and the app's \
        decisions beside the replicas' when the recording holds a decision log. The page \
        needs no server or network; open it from disk, #t=SECONDS opens it at a time. \
        --protocol takes the replay constants of a protocol file, --config those of a replay \
        configuration (keys left out keep the shipped constants). --dump-state writes the \
        anchors' state at sampled times as JSON, computed from the replay directly (the \
        browser test's reference). Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let recording = Positional<String>("RECORDING.sqlite", "Recording to view.")
    static let protocolFile = OptionKey<String?>("protocol", "FILE.json", "Protocol whose replay constants to use.")
    static let config = OptionKey<String?>(
        "config", "FILE.json", "Replay configuration (JSON); keys left out keep the shipped constants.")
    static let out = OptionKey<String>("out", "DIR", "Folder to write <recording>.html into (created when missing).")
    static let dumpState = OptionKey<String?>("dump-state", "FILE.json", "Also write the anchors' state at sampled times.")
    let positionals: [any CommandPositional] = [Self.recording]
    let options: [any CommandOption] = [Self.protocolFile, Self.config, Self.out, Self.dumpState]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.recording]
        if arguments[Self.protocolFile] != nil, arguments[Self.config] != nil {
            throw UsageError("--protocol and --config both set the replay constants; give one")
        }
        let configuration = try arguments[Self.protocolFile].map { try ProtocolLoader.load($0).evaluationProtocol.replay }
            ?? arguments[Self.config].map(ProtocolLoader.replayConfiguration(at:)) ?? ReplayConfiguration()
        let recording = try RecordingStore.read(from: path)
        let problems = RecordingValidator().problems(in: recording)
        guard problems.isEmpty else { throw RecordingRejection(file: path, problems: problems) }

        let name = ProtocolLoader.recordingName(path)
        let timeline = SessionTimeline.build(recording, name: name, configuration: configuration)
        let page = ViewerPage.html(timeline)
        let folder = arguments[Self.out]
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw InputError(file: folder, message: "cannot create the folder (\(error.localizedDescription))")
        }
        let file = (folder as NSString).appendingPathComponent(ViewerLink.fileName(recording: name))
        try AtomicFile.write(page, to: file)
        if let dump = arguments[Self.dumpState] {
            let samples = AnchorStateDump.sample(recording, configuration: configuration, times: AnchorStateDump.times(for: timeline))
            try AtomicFile.write(AnchorStateDump.json(samples, recording: name), to: dump)
        }
        let minutes = max(timeline.endTime - timeline.startTime, 1e-9) / 60
        let kilobytes = Double(page.utf8.count) / 1024
        output.out("wrote \(file): \(Int(kilobytes.rounded())) KB for \(String(format: "%.1f", minutes * 60)) s "
            + "(\(Int((kilobytes / minutes).rounded())) KB per minute), \(timeline.frames.count) frames, "
            + "\(timeline.updates.count) registry updates, \(timeline.events.count) other events\n")
        return .success
    }
}
