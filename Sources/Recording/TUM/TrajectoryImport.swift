/// A recording built from a TUM trajectory (one frame per pose) with optional MOTChallenge
/// ground-truth and hypothesis boxes (`spatial-eval import --tum`, Docs/recording-format.md#importers).
public struct TrajectoryImport: Sendable {
    /// The TUM trajectory file.
    public var trajectoryPath: String
    /// The camera every frame gets.
    public var intrinsics: CameraIntrinsics
    /// Image size in pixels.
    public var width: Int, height: Int
    /// MOTChallenge ground truth (`gt.txt`): becomes ground-truth boxes and objects.
    public var groundTruthPath: String?
    /// MOTChallenge hypotheses: become detections, and every frame ran the detector.
    public var hypothesesPath: String?
    /// The label of every imported object and detection.
    public var label: String
    /// The extent (W, H, D metres) every ground-truth object gets.
    public var extent: SIMD3<Double>

    /// Creates an import from each of its settings.
    public init(trajectoryPath: String, intrinsics: CameraIntrinsics, width: Int, height: Int, groundTruthPath: String? = nil,
                hypothesesPath: String? = nil, label: String, extent: SIMD3<Double>) {
        self.trajectoryPath = trajectoryPath
        self.intrinsics = intrinsics
        self.width = width
        self.height = height
        self.groundTruthPath = groundTruthPath
        self.hypothesesPath = hypothesesPath
        self.label = label
        self.extent = extent
    }

    /// The recording; a box on a frame without a pose is an ``InputError`` naming the file and line.
    public func recording() throws -> Recording {
        let poses = try TUMTrajectory.read(path: trajectoryPath)
        var frames = TUMTrajectory.frames(poses, intrinsics: intrinsics, width: width, height: height, firstIndex: 1)
        var recording = Recording(meta: ["source": "import", "imported_from": trajectoryPath])
        if let gtPath = groundTruthPath {
            let rows = try Self.motRows(gtPath, frameCount: frames.count)
            recording.groundTruthBoxes = MOTChallengeImport.groundTruthBoxes(from: rows)
            recording.groundTruthObjects = MOTChallengeImport.groundTruthObjects(
                for: recording.groundTruthBoxes, label: label, extent: extent, isPerson: label == "person")
            recording.meta["imported_gt"] = gtPath
        }
        if let hypPath = hypothesesPath {
            recording.detections = MOTChallengeImport.detections(from: try Self.motRows(hypPath, frameCount: frames.count), label: label)
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
}
