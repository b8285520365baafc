/// Depth samples on a regular grid inside one detection's box (16×16 in the app).
///
/// Every array holds `rows × columns` values in row-major order (row 0 at the top of
/// the box). Depths are metres along the camera's viewing direction (−z).
public struct DepthGrid: Equatable, Sendable {
    /// The detection the grid belongs to.
    public var detection: Int64
    /// Number of grid rows.
    public var rows: Int
    /// Number of grid columns.
    public var columns: Int
    /// Sample u (pixels from the left edge of the upright image).
    public var u: [Float]
    /// Sample v (pixels from the top edge of the upright image).
    public var v: [Float]
    /// LiDAR depth in metres; NaN where LiDAR had no return.
    public var lidarDepth: [Float]
    /// LiDAR confidence: 0 low, 1 medium, 2 high (ARKit's `ARConfidenceLevel`).
    public var lidarConfidence: [UInt8]
    /// The depth network's relative inverse depth (unitless, larger = nearer).
    public var relativeInverseDepth: [Float]
    /// 1 where the sample lies inside the subject mask, 0 outside.
    public var inMask: [UInt8]
    /// True depth in metres, when known (simulated recordings); NaN where undefined.
    public var groundTruthDepth: [Float]?

    /// Creates a grid from its arrays.
    public init(
        detection: Int64, rows: Int, columns: Int, u: [Float], v: [Float], lidarDepth: [Float],
        lidarConfidence: [UInt8], relativeInverseDepth: [Float], inMask: [UInt8], groundTruthDepth: [Float]? = nil
    ) {
        self.detection = detection
        self.rows = rows
        self.columns = columns
        self.u = u
        self.v = v
        self.lidarDepth = lidarDepth
        self.lidarConfidence = lidarConfidence
        self.relativeInverseDepth = relativeInverseDepth
        self.inMask = inMask
        self.groundTruthDepth = groundTruthDepth
    }

    /// The names and lengths of the per-sample arrays, for consistency checks.
    public var arrayLengths: [(name: String, count: Int)] {
        [("u", u.count), ("v", v.count), ("lidar_depth", lidarDepth.count),
         ("lidar_confidence", lidarConfidence.count), ("inverse_depth", relativeInverseDepth.count),
         ("in_mask", inMask.count)] + (groundTruthDepth.map { [("gt_depth", $0.count)] } ?? [])
    }
}
