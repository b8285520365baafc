/// A coarse LiDAR depth map of a whole frame (optional table `lidar_maps`).
///
/// The absence sweep looks where a stored anchor projects, anywhere in the image, so it
/// needs depth outside the detection boxes. Sample (row r, column c) lies at the pixel
/// centre `u = (c + 0.5)·width/columns`, `v = (r + 0.5)·height/rows` of the upright image
/// (row 0 at the top). Depths are metres along the camera's viewing direction (−z).
public struct LidarMap: Equatable, Sendable {
    /// The frame the map belongs to.
    public var frame: Int64
    /// Number of sample rows.
    public var rows: Int
    /// Number of sample columns.
    public var columns: Int
    /// LiDAR depth in metres, row-major; NaN where LiDAR had no return.
    public var depth: [Float]
    /// LiDAR confidence per sample: 0 low, 1 medium, 2 high (`ARConfidenceLevel`).
    public var confidence: [UInt8]

    /// Creates a map from its arrays.
    public init(frame: Int64, rows: Int, columns: Int, depth: [Float], confidence: [UInt8]) {
        self.frame = frame
        self.rows = rows
        self.columns = columns
        self.depth = depth
        self.confidence = confidence
    }

    /// The pixel centre of sample (`row`, `column`) in an image of `width` × `height`.
    public func pixel(row: Int, column: Int, width: Int, height: Int) -> SIMD2<Double> {
        SIMD2((Double(column) + 0.5) * Double(width) / Double(columns), (Double(row) + 0.5) * Double(height) / Double(rows))
    }

    /// The depth of the sample nearest to `pixel` in an image of `width` × `height`, when
    /// the pixel is inside the image, the sample has a return and its confidence is at
    /// least `minimumConfidence`; nil otherwise. Inlinable: the absence replay reads it per look.
    @inlinable
    public func depth(at pixel: SIMD2<Double>, width: Int, height: Int, minimumConfidence: UInt8 = 0) -> Double? {
        guard pixel.x >= 0, pixel.y >= 0, pixel.x < Double(width), pixel.y < Double(height) else { return nil }
        let column = min(Int(pixel.x * Double(columns) / Double(width)), columns - 1)
        let row = min(Int(pixel.y * Double(rows) / Double(height)), rows - 1)
        let k = row * columns + column
        guard confidence[k] >= minimumConfidence else { return nil }
        let value = Double(depth[k])
        return value.isFinite ? value : nil
    }
}

/// A "guide me to object X" request of the capture protocol (optional table
/// `guidance_requests`): the user asked the app to guide them to a ground-truth object
/// during a span of frames.
public struct CaptureGuidanceRequest: Equatable, Sendable {
    /// Identifier, unique within the recording.
    public var id: Int64
    /// The first frame guided (inclusive).
    public var fromFrame: Int64
    /// The last frame guided (inclusive).
    public var toFrame: Int64
    /// The ground-truth object the user asked for.
    public var object: Int64

    /// Creates a request from its parts.
    public init(id: Int64, fromFrame: Int64, toFrame: Int64, object: Int64) {
        self.id = id
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.object = object
    }
}

/// A second depth-network pass over the samples of one depth grid (optional table
/// `depth_network_passes`), e.g. the fast 364-px pass beside the grid's 518-px values, for
/// comparing network resolutions sample by sample (spec.md#depth-resolution-agreement).
public struct DepthNetworkPass: Equatable, Sendable {
    /// The detection whose grid the pass covers.
    public var detection: Int64
    /// The pass's name, e.g. `fast`.
    public var variant: String
    /// Relative inverse depth at the grid's samples (same order and length as the grid).
    public var relativeInverseDepth: [Float]

    /// Creates a pass from its parts.
    public init(detection: Int64, variant: String, relativeInverseDepth: [Float]) {
        self.detection = detection
        self.variant = variant
        self.relativeInverseDepth = relativeInverseDepth
    }
}
