import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports
import CaptureFolders

/// `spatial-eval export`: a recording as MOTChallenge files, as JSON Lines or as a Stray
/// Scanner folder.
struct ExportCommand: Command {
    let name = "export"
    let summary = "Export a recording as MOTChallenge files (for score-mot), as JSON Lines or as a Stray Scanner folder."
    let discussion = """
        --mot writes DIR/gt.txt (ground-truth boxes: frame,object,x,y,w,h,conf,1,visibility), \
        DIR/hyp.txt (detections with a track id: frame,track_id,x,y,w,h,score,-1,-1,-1) and \
        DIR/seqinfo.ini, with frames renumbered so that the first is 1; score them with \
        'spatial-eval score-mot --gt DIR/gt.txt --hyp DIR/hyp.txt --seq-length N'. \
        Ground-truth boxes less visible than --min-visibility get conf 0 (ignored); \
        --detector-frames keeps only frames on which the detector ran. --jsonl writes the \
        JSON Lines format of Docs/recording-format.md, which 'import --jsonl' reads back. \
        --stray writes the recording's LiDAR frames in Stray Scanner's layout (odometry.csv, \
        camera_matrix.csv, depth/ and confidence/ PNGs; a portrait recording turned to the \
        landscape sensor image), which 'import --capture' reads back; --per-frame-intrinsics \
        also writes fx, fy, cx, cy columns into odometry.csv, as the app's newer layout. \
        Exit status: 0 written, 1 unreadable recording or write failure, 64 usage error.
        """
    static let mot = OptionKey<String?>("mot", "REC.sqlite", "Recording to export as MOTChallenge files.")
    static let jsonl = OptionKey<String?>("jsonl", "REC.sqlite", "Recording to export as JSON Lines.")
    static let stray = OptionKey<String?>("stray", "REC.sqlite", "Recording (with LiDAR maps) to export as a Stray Scanner folder.")
    static let perFrameIntrinsics = OptionKey<Bool>(flag: "per-frame-intrinsics", "With --stray: intrinsics in odometry.csv too.")
    static let out = OptionKey<String>("out", "PATH", "Folder (--mot, --stray) or file (--jsonl) to write.")
    static let label = OptionKey<String?>("label", "NAME", "Only this class (detections and ground-truth objects).")
    static let minVisibility = OptionKey<Double>(
        "min-visibility", "V", "Ground-truth boxes below this visibility are marked ignored.", default: 0)
    static let detectorFrames = OptionKey<Bool>(flag: "detector-frames", "Only frames on which the detector ran.")
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.mot, Self.jsonl, Self.stray, Self.out, Self.label, Self.minVisibility, Self.detectorFrames,
                                        Self.perFrameIntrinsics]
    let usageForms = [
        UsageForm([Self.mot, Self.out], optional: [Self.label, Self.minVisibility, Self.detectorFrames]),
        UsageForm([Self.jsonl, Self.out]),
        UsageForm([Self.stray, Self.out], optional: [Self.perFrameIntrinsics]),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let source = try arguments.exactlyOne(of: Self.mot, Self.jsonl, Self.stray)
        let out = arguments[Self.out]
        let options = MOTChallengeExport.Options(
            label: arguments[Self.label], minimumVisibility: arguments[Self.minVisibility],
            detectorFramesOnly: arguments[Self.detectorFrames])
        if source.option.name != Self.mot.name, options != MOTChallengeExport.Options() {
            throw UsageError("--label, --min-visibility and --detector-frames apply to --mot only")
        }
        if source.option.name != Self.stray.name, arguments[Self.perFrameIntrinsics] {
            throw UsageError("--per-frame-intrinsics applies to --stray only")
        }
        if source.option.name == Self.stray.name {
            let recording = try RecordingStore.read(from: source.value)
            do {
                try StrayScannerExport.write(recording, to: out, intrinsics: arguments[Self.perFrameIntrinsics] ? .perFrame : .cameraMatrix)
            } catch let error as InputError {
                throw error
            } catch {
                throw RecordingWriteError(file: out, reason: error.localizedDescription)
            }
            output.out("\(out): \(recording.lidarMaps.count) LiDAR frames in Stray Scanner's layout\n")
            return .success
        }
        if source.option.name == Self.jsonl.name {
            let recording = try RecordingStore.read(from: source.value)
            try JSONLinesRecording.write(recording, to: out)
            output.out("\(out): \(recording.frames.count) frame records\n")
            return .success
        }
        let export = MOTChallengeExport(try RecordingStore.read(from: source.value), options: options)
        let stem = ((source.value as NSString).lastPathComponent as NSString).deletingPathExtension
        try Self.write([
            ("gt.txt", export.groundTruth), ("hyp.txt", export.tracker), ("seqinfo.ini", export.sequenceInfo(name: stem)),
        ], into: out)
        let rows = { (text: String) in text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) } }
        output.out("\(out): gt.txt \(rows(export.groundTruth)) rows, hyp.txt \(rows(export.tracker)) rows, "
            + "\(export.sequenceLength) frames\n")
        output.out("score with: spatial-eval score-mot --gt \(out)/gt.txt --hyp \(out)/hyp.txt "
            + "--seq-length \(max(export.sequenceLength, 1))\n")
        if export.detectionsWithoutTrack > 0 {
            output.err("warning: \(export.detectionsWithoutTrack) detection(s) without a track id left out of hyp.txt\n")
        }
        return .success
    }

    /// Writes each named text into `folder` (created if needed), each file atomically.
    private static func write(_ files: [(name: String, text: String)], into folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in files {
                try AtomicFile.write(file.text, to: (folder as NSString).appendingPathComponent(file.name))
            }
        } catch {
            throw RecordingWriteError(file: folder, reason: error.localizedDescription)
        }
    }
}
