import Foundation
import Recording

/// `spatial-eval export`: a recording as MOTChallenge files or as JSON Lines.
struct ExportCommand: Command {
    let name = "export"
    let summary = "Export a recording as MOTChallenge files (for score-mot) or as JSON Lines."
    let usage = [
        "export --mot REC.sqlite --out DIR [--label NAME] [--min-visibility V] [--detector-frames]",
        "export --jsonl REC.sqlite --out FILE.jsonl",
    ]
    let discussion = """
        --mot writes DIR/gt.txt (ground-truth boxes: frame,object,x,y,w,h,conf,1,visibility), \
        DIR/hyp.txt (detections with a track id: frame,track_id,x,y,w,h,score,-1,-1,-1) and \
        DIR/seqinfo.ini, with frames renumbered so that the first is 1; score them with \
        'spatial-eval score-mot --gt DIR/gt.txt --hyp DIR/hyp.txt --seq-length N'. \
        Ground-truth boxes less visible than --min-visibility get conf 0 (ignored); \
        --detector-frames keeps only frames on which the detector ran. --jsonl writes the \
        JSON Lines format of Docs/recording-format.md, which 'import --jsonl' reads back. \
        Exit status: 0 written, 1 unreadable recording or write failure, 64 usage error.
        """
    let options = [
        OptionSpec("mot", "REC", "Recording to export as MOTChallenge files."),
        OptionSpec("jsonl", "REC", "Recording to export as JSON Lines."),
        OptionSpec("out", "PATH", "Folder (--mot) or file (--jsonl) to write."),
        OptionSpec("label", "NAME", "Only this class (detections and ground-truth objects)."),
        OptionSpec("min-visibility", "V", "Ground-truth boxes below this visibility are marked ignored (default 0)."),
        OptionSpec("detector-frames", nil, "Only frames on which the detector ran."),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
        let source = try arguments.oneOf(["mot", "jsonl"])
        let out = try arguments.required("out", source.name == "mot" ? "DIR, the folder to write" : "FILE, the file to write")
        let options = MOTChallengeExport.Options(
            label: arguments.value("label"), minimumVisibility: try arguments.number("min-visibility") ?? 0,
            detectorFramesOnly: arguments.flags.contains("detector-frames"))
        if source.name == "jsonl" {
            guard options == MOTChallengeExport.Options() else {
                throw UsageError("--label, --min-visibility and --detector-frames apply to --mot only")
            }
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
                try file.text.write(toFile: (folder as NSString).appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
        } catch {
            throw RecordingWriteError(file: folder, reason: error.localizedDescription)
        }
    }
}
