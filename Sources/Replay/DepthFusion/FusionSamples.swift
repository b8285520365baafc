import Recording

/// The samples of one depth grid that depth fusion may fit, with reusable buffers: those
/// inside the subject mask, at or above a LiDAR confidence, with finite relative inverse
/// depth d and LiDAR depth in [min, max] (spec.md#fusion-sample-filter). Shared by ``DepthFuser`` and the
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
        var centroid = SIMD2<Double>.zero, masked = 0
        for k in 0..<grid.inMask.count where grid.inMask[k] != 0 {
            centroid += SIMD2(Double(grid.u[k]), Double(grid.v[k]))
            masked += 1
        }
        maskCentroid = masked > 0 ? centroid / Double(masked) : nil
        let (mask, lidar, inverse, confidence) = (grid.inMask, grid.lidarDepth, grid.relativeInverseDepth, grid.lidarConfidence)
        fill(mask.count, minConfidence, depthRange) { k in
            mask[k] != 0 ? (Double(lidar[k]), Double(inverse[k]), confidence[k]) : nil
        }
    }

    /// Refills the buffers from plain pairs (a CSV frame): every pair with finite d, LiDAR
    /// depth in `depthRange`, confidence ≥ `minConfidence` and mask set is kept.
    public mutating func collect(_ pairs: DepthPairs, minConfidence: UInt8, depthRange: ClosedRange<Double>) {
        maskCentroid = nil
        let (mask, depth, inverse, confidence) = (pairs.inMask, pairs.depth, pairs.inverseDepth, pairs.confidence)
        fill(mask.count, minConfidence, depthRange) { k in mask[k] ? (depth[k], inverse[k], confidence[k]) : nil }
    }

    /// Writes the samples `sample(k)` (nil: outside the mask) of `n` candidates that pass the
    /// filters into the buffers, in order, through unchecked buffer pointers (no per-sample
    /// uniqueness or capacity checks); the buffers end with exactly the kept count.
    private mutating func fill(
        _ n: Int, _ minConfidence: UInt8, _ range: ClosedRange<Double>, _ sample: (Int) -> (z: Double, d: Double, c: UInt8)?
    ) {
        Self.resize(&d, n, 0.0)
        Self.resize(&inverseLidar, n, 0.0)
        Self.resize(&lidar, n, 0.0)
        Self.resize(&confidence, n, UInt8(0))
        Self.resize(&gridIndex, n, 0)
        var kept = 0
        d.withUnsafeMutableBufferPointer { pd in
            inverseLidar.withUnsafeMutableBufferPointer { pi in
                lidar.withUnsafeMutableBufferPointer { pz in
                    confidence.withUnsafeMutableBufferPointer { pc in
                        gridIndex.withUnsafeMutableBufferPointer { pk in
                            for k in 0..<n {
                                guard let (z, dk, c) = sample(k), c >= minConfidence, z >= range.lowerBound, z <= range.upperBound,
                                      dk.isFinite else { continue }
                                (pd[kept], pi[kept], pz[kept], pc[kept], pk[kept]) = (dk, 1 / z, z, c, k)
                                kept += 1
                            }
                        }
                    }
                }
            }
        }
        d.removeLast(n - kept)
        inverseLidar.removeLast(n - kept)
        lidar.removeLast(n - kept)
        confidence.removeLast(n - kept)
        gridIndex.removeLast(n - kept)
    }

    /// Makes `array` hold exactly `n` elements, keeping its storage.
    private static func resize<T>(_ array: inout [T], _ n: Int, _ zero: T) {
        if array.count > n { array.removeLast(array.count - n) } else if array.count < n { array.append(contentsOf: repeatElement(zero, count: n - array.count)) }
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
