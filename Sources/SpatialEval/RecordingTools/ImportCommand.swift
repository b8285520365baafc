import Foundation
import Recording

/// `spatial-eval import`: JSON Lines, or a TUM trajectory with MOTChallenge boxes, into a
/// recording (SQLite).
struct ImportCommand: Command {
    let name = "import"
    let summary = "Import a JSON Lines export, or a TUM trajectory with MOTChallenge boxes, into a recording."
    let usage = [
        "import --jsonl FILE.jsonl --out REC.sqlite [--allow-invalid]",
        "import --tum POSES.txt --fx F --width W --height H [--fy F] [--cx X] [--cy Y] "
            + "[--mot-gt GT.txt] [--mot-hyp HYP.txt] [--label NAME] [--extent W,H,D] --out REC.sqlite",
    ]
    let discussion = """
        --jsonl reads the JSON Lines format of Docs/recording-format.md (one record per \
        frame, optional header and ground-truth records). --tum makes one frame per \
        trajectory line, numbered from 1 like MOTChallenge frames, with the given \
        intrinsics (fy defaults to fx, cx and cy to the image centre); --mot-gt adds \
        ground-truth boxes and objects (label --label, default person, with the stated \
        --extent in metres, default 0.5,1.7,0.3), --mot-hyp adds tracked detections \
        and marks every frame as a detector frame. The result is validated as by \
        'inspect'; a recording with problems is not written unless --allow-invalid. \
        Exit status: 0 written, 1 bad input (file and line named), 64 usage error.
        """
    let options = [
        OptionSpec("jsonl", "FILE", "JSON Lines export to import."),
        OptionSpec("tum", "FILE", "TUM RGB-D trajectory (timestamp tx ty tz qx qy qz qw)."),
        OptionSpec("mot-gt", "FILE", "MOTChallenge ground truth for the trajectory's frames."),
        OptionSpec("mot-hyp", "FILE", "MOTChallenge tracker output for the trajectory's frames."),
        OptionSpec("fx", "PIXELS", "Focal length along u (with --tum)."),
        OptionSpec("fy", "PIXELS", "Focal length along v (default: fx)."),
        OptionSpec("cx", "PIXELS", "Principal point u (default: width / 2)."),
        OptionSpec("cy", "PIXELS", "Principal point v (default: height / 2)."),
        OptionSpec("width", "PIXELS", "Image width (with --tum)."),
        OptionSpec("height", "PIXELS", "Image height (with --tum)."),
        OptionSpec("label", "NAME", "Class of MOTChallenge boxes (default person)."),
        OptionSpec("extent", "W,H,D", "Assumed size in metres of MOTChallenge objects (default 0.5,1.7,0.3)."),
        OptionSpec("out", "FILE", "Recording (SQLite) to write."),
        OptionSpec("allow-invalid", nil, "Write even when validation finds problems (they are listed as warnings)."),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
        let source = try arguments.oneOf(["jsonl", "tum"])
        let out = try arguments.required("out", "FILE, the recording to write")
        let recording: Recording
        if source.name == "jsonl" {
            let extras = ["mot-gt", "mot-hyp", "fx", "fy", "cx", "cy", "width", "height", "label", "extent"]
            if let extra = extras.first(where: { arguments.value($0) != nil }) {
                throw UsageError("--\(extra) applies to --tum imports only")
            }
            recording = try JSONLinesRecording.read(path: source.value)
        } else {
            recording = try Self.trajectoryRecording(arguments, trajectory: source.value)
        }
        let problems = RecordingValidator().problems(in: recording)
        let allowed = arguments.flags.contains("allow-invalid")
        for problem in problems {
            output.err("\(allowed ? "warning" : "error"): \(source.value): \(problem)\n")
        }
        guard problems.isEmpty || allowed else {
            output.err("error: \(problems.count) problem(s); nothing written (use --allow-invalid to write anyway)\n")
            return .failure
        }
        try RecordingStore.write(recording, to: out)
        output.out("\(out): \(recording.frames.count) frames, \(recording.detections.count) detections, "
            + "\(recording.depthGrids.count) depth grids, \(recording.groundTruthObjects.count) gt objects, "
            + "\(recording.groundTruthBoxes.count) gt boxes\(problems.isEmpty ? "" : ", \(problems.count) problem(s)")\n")
        return .success
    }

    /// Frames from the trajectory at `path`, boxes from the optional MOTChallenge files.
    static func trajectoryRecording(_ arguments: ParsedArguments, trajectory path: String) throws -> Recording {
        guard let fx = try arguments.number("fx", minimum: .leastNonzeroMagnitude) else {
            throw UsageError("give --fx (focal length in pixels) with --tum")
        }
        guard let width = try arguments.integer("width", minimum: 1), let height = try arguments.integer("height", minimum: 1) else {
            throw UsageError("give --width and --height (image size in pixels) with --tum")
        }
        let intrinsics = CameraIntrinsics(
            fx: fx, fy: try arguments.number("fy", minimum: .leastNonzeroMagnitude) ?? fx,
            cx: try arguments.number("cx") ?? Double(width) / 2, cy: try arguments.number("cy") ?? Double(height) / 2)
        let label = arguments.value("label") ?? "person"
        let extent = try extentOption(arguments.value("extent"))

        let poses = try TUMTrajectory.read(path: path)
        var frames = TUMTrajectory.frames(poses, intrinsics: intrinsics, width: width, height: height, firstIndex: 1)
        var recording = Recording(meta: ["source": "import", "imported_from": path])
        if let gtPath = arguments.value("mot-gt") {
            let rows = try motRows(gtPath, frameCount: frames.count)
            recording.groundTruthBoxes = MOTChallengeImport.groundTruthBoxes(from: rows)
            recording.groundTruthObjects = MOTChallengeImport.groundTruthObjects(
                for: recording.groundTruthBoxes, label: label, extent: extent, isPerson: label == "person")
            recording.meta["imported_gt"] = gtPath
        }
        if let hypPath = arguments.value("mot-hyp") {
            recording.detections = MOTChallengeImport.detections(from: try motRows(hypPath, frameCount: frames.count), label: label)
            frames = frames.map { frame in
                var detectorFrame = frame
                detectorFrame.detectorRan = true
                return detectorFrame
            }
            recording.meta["imported_hyp"] = hypPath
        }
        recording.frames = frames
        return recording
    }

    /// Rows of a MOTChallenge file whose frames all lie in `1...frameCount`.
    private static func motRows(_ path: String, frameCount: Int) throws -> MOTRows {
        let rows = try MOTChallengeReader.read(path: path)
        if let bad = rows.frame.firstIndex(where: { $0 < 1 || $0 > frameCount }) {
            throw InputError(
                file: path, line: Int(rows.line[bad]),
                message: "frame \(rows.frame[bad]) has no pose: the trajectory has \(frameCount) poses (frames 1…\(frameCount))")
        }
        return rows
    }

    private static func extentOption(_ text: String?) throws(UsageError) -> SIMD3<Double> {
        guard let text else { return SIMD3(0.5, 1.7, 0.3) }
        let parts = text.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 3, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else {
            throw UsageError("--extent expects three positive numbers W,H,D in metres, got '\(text)'")
        }
        return SIMD3(parts[0], parts[1], parts[2])
    }
}

// MARK: - Option values shared by import and export

extension ParsedArguments {
    /// The finite number given as `--name`, if any; a usage error when it is not one.
    public func number(_ name: String, minimum: Double = -.infinity) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let number = Double(text), number.isFinite, number >= minimum else {
            throw UsageError("--\(name) expects a finite number ≥ \(minimum), got '\(text)'")
        }
        return number
    }

    /// The value of `--name`, or a usage error saying it is needed.
    public func required(_ name: String, _ why: String) throws(UsageError) -> String {
        guard let value = values[name] else { throw UsageError("give --\(name) \(why)") }
        return value
    }

    /// Exactly one of the options `names` with its value, or a usage error listing them.
    public func oneOf(_ names: [String]) throws(UsageError) -> (name: String, value: String) {
        let given = names.filter { values[$0] != nil }
        guard given.count == 1, let name = given.first, let value = values[name] else {
            throw UsageError("give exactly one of " + names.map { "--\($0)" }.joined(separator: ", "))
        }
        return (name, value)
    }
}
