import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports
import CaptureFolders

/// `spatial-eval import`: JSON Lines, a TUM trajectory with MOTChallenge boxes, or a capture
/// app's export folder (3D Scanner App, Stray Scanner) into a recording (SQLite).
struct ImportCommand: Command {
    let name = "import"
    let summary = "Import a JSON Lines export, a TUM trajectory with MOTChallenge boxes, or an iPhone capture folder into a recording."
    let discussion = """
        --jsonl reads the JSON Lines format of Docs/recording-format.md (one record per \
        frame, optional header and ground-truth records), or a SpatialEvalRecorder session \
        folder (its parts in name order; Docs/recorder.md): ground-truth marks become \
        placements, twin groups and guidance requests; a last line torn by a crash is left \
        out with a warning naming file, line and byte offset, as are the recorder's losses. --tum makes one frame per \
        trajectory line, numbered from 1 like MOTChallenge frames, with the given \
        intrinsics (fy defaults to fx, cx and cy to the image centre); --mot-gt adds \
        ground-truth boxes and objects (label --label, default person, with the stated \
        --extent in metres, default 0.5,1.7,0.3), --mot-hyp adds tracked detections \
        and marks every frame as a detector frame. --capture reads a 3D Scanner App "All \
        Data" export or a Stray Scanner folder (told apart by their files, or named with \
        --capture-format): one frame and one full-resolution LiDAR depth and confidence map per \
        capture frame, turned upright, the source app in meta, no objects; the exports' \
        location fields are not read (Docs/recording-format.md#capture-apps). A frame that \
        cannot be read is an error naming the file, and nothing is written. --image-size is \
        the sensor image the exports' intrinsics refer to; --every N keeps every Nth frame. \
        The result is validated as by \
        'inspect'; a recording with problems is not written unless --allow-invalid. \
        Exit status: 0 written, 1 bad input (file and line named), 64 usage error.
        """
    static let jsonl = OptionKey<String?>("jsonl", "FILE.jsonl", "JSON Lines export (or recorder session folder) to import.")
    static let tum = OptionKey<String?>("tum", "POSES.txt", "TUM RGB-D trajectory (timestamp tx ty tz qx qy qz qw).")
    static let motGT = OptionKey<String?>("mot-gt", "GT.txt", "MOTChallenge ground truth for the trajectory's frames.")
    static let motHyp = OptionKey<String?>("mot-hyp", "HYP.txt", "MOTChallenge tracker output for the trajectory's frames.")
    static let fx = OptionKey<Double?>("fx", "PIXELS", "Focal length along u (with --tum).", bounds: .above(0))
    static let fy = OptionKey<Double?>("fy", "PIXELS", "Focal length along v (default: fx).", bounds: .above(0))
    static let cx = OptionKey<Double?>("cx", "PIXELS", "Principal point u (default: width / 2).")
    static let cy = OptionKey<Double?>("cy", "PIXELS", "Principal point v (default: height / 2).")
    static let width = OptionKey<Int?>("width", "PIXELS", "Image width (with --tum).",
        bounds: .within(1...RecordingValidator.maximumImageSide))
    static let height = OptionKey<Int?>("height", "PIXELS", "Image height (with --tum).",
        bounds: .within(1...RecordingValidator.maximumImageSide))
    static let label = OptionKey<String>("label", "NAME", "Class of MOTChallenge boxes.", default: "person")
    static let extent = OptionKey<ObjectExtent>(
        "extent", "W,H,D", "Assumed size in metres of MOTChallenge objects.", default: ObjectExtent(metres: SIMD3(0.5, 1.7, 0.3)))
    static let capture = OptionKey<String?>("capture", "DIR", "3D Scanner App \"All Data\" export or Stray Scanner folder to import.")
    static let captureFormat = OptionKey<CaptureFormat?>("capture-format", "FORMAT", "The capture folder's layout (default: told from its files).")
    static let imageSize = OptionKey<ImageSize>(
        "image-size", "WxH", "Sensor image size the capture's intrinsics refer to.", default: ImageSize(width: 1920, height: 1440))
    static let every = OptionKey<Int>("every", "N", "Keep every Nth capture frame.", default: 1, bounds: .within(1...1_000_000))
    static let out = OptionKey<String>("out", "REC.sqlite", "Recording (SQLite) to write.")
    static let allowInvalid = OptionKey<Bool>(flag: "allow-invalid", "Write even when validation finds problems (they are listed as warnings).")
    /// The options of a trajectory import, which the other imports reject.
    static let trajectoryOptions: [any CommandOption] = [motGT, motHyp, fx, fy, cx, cy, width, height, label, extent]
    /// The options of a capture import, which the other imports reject.
    static let captureOptions: [any CommandOption] = [captureFormat, imageSize, every]
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.jsonl, Self.tum, Self.capture] + Self.trajectoryOptions + Self.captureOptions + [Self.out, Self.allowInvalid]
    let usageForms = [
        UsageForm([Self.jsonl, Self.out], optional: [Self.allowInvalid]),
        UsageForm([Self.capture, Self.out], optional: [Self.captureFormat, Self.imageSize, Self.every, Self.allowInvalid]),
        UsageForm([Self.tum, Self.fx, Self.width, Self.height, Self.out],
                  optional: [Self.fy, Self.cx, Self.cy, Self.motGT, Self.motHyp, Self.label, Self.extent, Self.allowInvalid]),
    ]

    /// The assumed size of MOTChallenge objects: three positive numbers W,H,D in metres.
    struct ObjectExtent: OptionValue {
        /// Width, height and depth, metres.
        var metres: SIMD3<Double>

        init(metres: SIMD3<Double>) { self.metres = metres }
        init?(optionText text: String) {
            let parts = text.split(separator: ",").compactMap { Double($0) }
            guard parts.count == 3, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
            metres = SIMD3(parts[0], parts[1], parts[2])
        }
        static var expectation: String { "three positive numbers W,H,D in metres" }
        var optionText: String? { [metres.x, metres.y, metres.z].compactMap(\.optionText).joined(separator: ",") }
    }

    /// A sensor image size `WxH`, both positive.
    struct ImageSize: OptionValue {
        /// Width, pixels.
        var width: Int
        /// Height, pixels.
        var height: Int

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        init?(optionText text: String) {
            let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], (1...RecordingValidator.maximumImageSide).contains(w),
                  (1...RecordingValidator.maximumImageSide).contains(h) else { return nil }
            (width, height) = (w, h)
        }
        static var expectation: String { "WIDTHxHEIGHT in pixels, e.g. 1920x1440" }
        var optionText: String? { "\(width)x\(height)" }
    }

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let source = try arguments.exactlyOne(of: Self.jsonl, Self.tum, Self.capture)
        let out = arguments[Self.out]
        let recording: Recording
        let foreign = { (allowed: [any CommandOption]) in
            (Self.trajectoryOptions + Self.captureOptions).first { option in
                arguments.isGiven(option) && !allowed.contains { $0.name == option.name }
            }
        }
        if source.option.name == Self.jsonl.name {
            if let extra = foreign([]) { throw UsageError("--\(extra.name) does not apply to --jsonl imports") }
            let imported = try JSONLinesRecording.importFiles(at: source.value)
            for warning in imported.warnings { output.err("warning: \(warning)\n") }
            recording = imported.recording
        } else if source.option.name == Self.capture.name {
            if let extra = foreign(Self.captureOptions) { throw UsageError("--\(extra.name) does not apply to --capture imports") }
            var options = CaptureImportOptions()
            (options.imageWidth, options.imageHeight) = (arguments[Self.imageSize].width, arguments[Self.imageSize].height)
            options.every = arguments[Self.every]
            recording = try CaptureFolder.read(source.value, format: arguments[Self.captureFormat], options: options)
        } else {
            if let extra = foreign(Self.trajectoryOptions) { throw UsageError("--\(extra.name) does not apply to --tum imports") }
            recording = try Self.trajectoryRecording(arguments, trajectory: source.value)
        }
        let problems = RecordingValidator().problems(in: recording)
        let allowed = arguments[Self.allowInvalid]
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
            + "\(recording.groundTruthBoxes.count) gt boxes, \(recording.lidarMaps.count) LiDAR maps\(problems.isEmpty ? "" : ", \(problems.count) problem(s)")\n")
        return .success
    }

    /// The import the options describe: frames from the trajectory at `path`, boxes from the
    /// optional MOTChallenge files.
    static func trajectoryRecording(_ arguments: ParsedArguments, trajectory path: String) throws -> Recording {
        guard let fx = arguments[Self.fx] else {
            throw UsageError("give --fx (focal length in pixels) with --tum")
        }
        guard let width = arguments[Self.width], let height = arguments[Self.height] else {
            throw UsageError("give --width and --height (image size in pixels) with --tum")
        }
        let intrinsics = CameraIntrinsics(
            fx: fx, fy: arguments[Self.fy] ?? fx,
            cx: arguments[Self.cx] ?? Double(width) / 2, cy: arguments[Self.cy] ?? Double(height) / 2)
        return try TrajectoryImport(trajectoryPath: path, intrinsics: intrinsics, width: width, height: height,
                                    groundTruthPath: arguments[Self.motGT], hypothesesPath: arguments[Self.motHyp],
                                    label: arguments[Self.label], extent: arguments[Self.extent].metres).recording()
    }
}

extension CaptureFormat: OptionValue {}
