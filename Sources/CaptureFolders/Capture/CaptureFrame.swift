import Recording

/// One frame of a capture app's export as the sensor saw it: the sensor (landscape) image's
/// camera, and its LiDAR depth and confidence maps. ``CaptureRecording`` turns frames upright
/// and into a recording.
public struct CaptureFrame: Equatable, Sendable {
    /// The frame's number in the export.
    public var index: Int64
    /// Capture time in seconds (the export's clock).
    public var time: Double
    /// `world_from_camera` with ARKit's camera axes of the sensor image (x right, y up,
    /// looking down −z), row-major.
    public var pose: Transform4x4
    /// Intrinsics of the sensor's colour image, pixels.
    public var intrinsics: CameraIntrinsics
    /// Map rows.
    public var rows: Int
    /// Map columns.
    public var columns: Int
    /// LiDAR depth, metres, row-major from the sensor image's top-left; NaN where the export
    /// stores 0 (no return).
    public var depth: [Float]
    /// ARKit confidence per sample: 0 low, 1 medium, 2 high.
    public var confidence: [UInt8]

    /// Creates a frame from its parts.
    public init(index: Int64, time: Double, pose: Transform4x4, intrinsics: CameraIntrinsics, rows: Int, columns: Int,
                depth: [Float], confidence: [UInt8]) {
        self.index = index
        self.time = time
        self.pose = pose
        self.intrinsics = intrinsics
        self.rows = rows
        self.columns = columns
        self.depth = depth
        self.confidence = confidence
    }

    /// Reads a frame's two maps: `depthPath` a 16-bit grayscale PNG of millimetres (0 = no
    /// return), `confidencePath` an 8-bit grayscale PNG of 0/1/2 of the same size; when `size`
    /// is given, both must have it (all frames of an export share one map size).
    /// - Throws: `InputError` naming the file at fault (see ``GrayImage/read(_:expecting:)``), or a
    ///   confidence above 2 with its row and column.
    static func maps(depth depthPath: String, confidence confidencePath: String, size: (width: Int, height: Int)?) throws(InputError)
        -> (rows: Int, columns: Int, depth: [Float], confidence: [UInt8])
    {
        let depth = try GrayImage.read(depthPath, expecting: .init(bitDepth: 16, size: size, role: "LiDAR depth in millimetres"))
        let confidence = try GrayImage.read(
            confidencePath,
            expecting: .init(bitDepth: 8, size: (depth.width, depth.height), role: "LiDAR confidence 0/1/2, the size of its depth map"))
        if let k = confidence.samples.firstIndex(where: { $0 > 2 }) {
            throw InputError(file: confidencePath, message: "confidence \(confidence.samples[k]) at row \(k / depth.width), column \(k % depth.width); expected 0, 1 or 2")
        }
        return (depth.height, depth.width, depth.samples.map { $0 == 0 ? .nan : Float($0) / 1000 }, confidence.samples.map { UInt8($0) })
    }
}
