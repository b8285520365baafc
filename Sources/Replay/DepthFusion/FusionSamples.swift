import Recording

/// The samples of one depth grid that depth fusion may fit, with reusable buffers: those
/// inside the subject mask, at or above a LiDAR confidence, with finite relative inverse
/// depth d and LiDAR depth in [min, max] (seed 000 §5.2). Shared by ``DepthFuser`` and the
/// fusion variants so every variant sees the same pairs.
public struct FusionSamples: Sendable {
    /// Relative inverse depth d of each kept sample.
    public private(set) var d: [Double] = []
    /// 1 / z_lidar of each kept sample, m⁻¹.
    public private(set) var inverseLidar: [Double] = []
    /// z_lidar of each kept sample, metres.
    public private(set) var lidar: [Double] = []
    /// LiDAR confidence of each kept sample.
    public private(set) var confidence: [UInt8] = []
    /// Index into the grid's arrays of each kept sample.
    public private(set) var gridIndex: [Int] = []
    /// Mean (u, v) of the in-mask samples (filtered or not), pixels; nil for an empty mask.
    public private(set) var maskCentroid: SIMD2<Double>?

    /// Creates empty buffers.
    public init() {}

    /// Number of kept samples.
    public var count: Int { d.count }

    /// Refills the buffers from `grid`, keeping samples with confidence ≥ `minConfidence`
    /// and LiDAR depth within `depthRange`.
    public mutating func collect(_ grid: DepthGrid, minConfidence: UInt8, depthRange: ClosedRange<Double>) {
        reset()
        var centroid = SIMD2<Double>.zero, masked = 0
        for k in 0..<grid.inMask.count where grid.inMask[k] != 0 {
            centroid += SIMD2(Double(grid.u[k]), Double(grid.v[k]))
            masked += 1
            offer(Double(grid.lidarDepth[k]), Double(grid.relativeInverseDepth[k]), grid.lidarConfidence[k], k, minConfidence, depthRange)
        }
        maskCentroid = masked > 0 ? centroid / Double(masked) : nil
    }

    /// Refills the buffers from plain pairs (a CSV frame): every pair with finite d, LiDAR
    /// depth in `depthRange`, confidence ≥ `minConfidence` and mask set is kept.
    public mutating func collect(_ pairs: DepthPairs, minConfidence: UInt8, depthRange: ClosedRange<Double>) {
        reset()
        for k in pairs.depth.indices where pairs.inMask[k] {
            offer(pairs.depth[k], pairs.inverseDepth[k], pairs.confidence[k], k, minConfidence, depthRange)
        }
        maskCentroid = nil
    }

    private mutating func reset() {
        d.removeAll(keepingCapacity: true)
        inverseLidar.removeAll(keepingCapacity: true)
        lidar.removeAll(keepingCapacity: true)
        confidence.removeAll(keepingCapacity: true)
        gridIndex.removeAll(keepingCapacity: true)
    }

    /// Keeps sample `k` (LiDAR depth `z`, inverse depth `dk`, confidence `c`) when it passes the filters.
    private mutating func offer(_ z: Double, _ dk: Double, _ c: UInt8, _ k: Int, _ minConfidence: UInt8, _ range: ClosedRange<Double>) {
        guard c >= minConfidence, z >= range.lowerBound, z <= range.upperBound, dk.isFinite else { return }
        d.append(dk)
        inverseLidar.append(1 / z)
        lidar.append(z)
        confidence.append(c)
        gridIndex.append(k)
    }
}

/// One frame's depth pairs as plain arrays (what `spatial-eval fit-depth` reads).
public struct DepthPairs: Equatable, Sendable {
    /// Metric (LiDAR or ground-truth) depth, metres.
    public var depth: [Double]
    /// Relative inverse depth from the network.
    public var inverseDepth: [Double]
    /// Confidence per pair (2 = high when the file has none).
    public var confidence: [UInt8]
    /// Mask flag per pair (true when the file has none).
    public var inMask: [Bool]

    /// Pairs from their columns (all of the same length).
    public init(depth: [Double], inverseDepth: [Double], confidence: [UInt8]? = nil, inMask: [Bool]? = nil) {
        precondition(depth.count == inverseDepth.count, "depth and inverse depth must have the same length")
        self.depth = depth
        self.inverseDepth = inverseDepth
        self.confidence = confidence ?? [UInt8](repeating: 2, count: depth.count)
        self.inMask = inMask ?? [Bool](repeating: true, count: depth.count)
    }
}
