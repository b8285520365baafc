import EvalNumerics
import Recording

/// Why depth fusion fell back to the raw LiDAR median instead of the fitted depth.
public enum DepthFusionFallback: String, Codable, Sendable, Equatable {
    /// Fewer than `minPairs` samples passed the mask, confidence and range filters.
    case tooFewPairs
    /// The guard var(d) > ε(1 + d̄²) refused the first fit (e.g. a constant patch).
    case illConditioned
    /// After dropping the 2σ outliers fewer than `minPairs` samples were left.
    case tooFewAfterOutlierRejection
    /// The guard refused the refit on the inliers.
    case illConditionedAfterOutlierRejection
}

/// The outcome of fusing one detection's depth grid (spec.md#fusion).
public struct DepthFusionResult: Equatable, Sendable {
    /// The box depth in metres (along −z): the median of the fitted ẑ over the inliers, or
    /// the raw LiDAR median on a fallback; nil when no sample passed the filters.
    public var depth: Double?
    /// Why the fit was not used; nil when `depth` comes from the fit.
    public var fallback: DepthFusionFallback?
    /// The final fit 1/z ≈ s·d + t as (s, t); nil on a fallback.
    public var fit: SIMD2<Double>?
    /// Samples that passed the mask, confidence and range filters.
    public var pairs: Int
    /// Samples kept after the 2σ rejection (equal to `pairs` on a fallback before it).
    public var inliers: Int
    /// Mean (u, v) of the in-mask samples, pixels; nil when the mask is empty.
    public var maskCentroid: SIMD2<Double>?
}

/// Depth fusion as spec.md#fusion describes it, with reusable work buffers.
///
/// Samples are kept when inside the subject mask, LiDAR-confident, with finite inverse
/// depth d and LiDAR depth in [min, max]. The affine model 1/z_lidar ≈ s·d + t is fitted
/// by least squares, guarded by var(d) > ε(1 + d̄²); residuals beyond k·σ (σ the RMS
/// residual) are dropped and the model refitted once. Each inlier's fused depth is
/// ẑ = 1/max(s·d + t, floor); the box depth is their median. Fewer than `minPairs`
/// pairs (before or after the rejection) or a refused guard fall back to the raw
/// LiDAR median of the filtered samples.
public struct DepthFuser: Sendable {
    private var samples = FusionSamples()
    private var keep: [Bool] = []
    private var values: [Double] = []

    /// Creates a fuser with empty buffers (they grow once and are reused).
    public init() {}

    /// The samples the last call fitted (for residual analysis).
    public var lastSamples: FusionSamples { samples }
    /// Which of `lastSamples` the last call kept after the 2σ rejection (all of them before it).
    public var lastKept: [Bool] { keep }

    /// Fuses one grid.
    public mutating func fuse(_ grid: DepthGrid, configuration c: DepthFusionConfiguration = .init()) -> DepthFusionResult {
        samples.collect(grid, minConfidence: c.minLidarConfidence, depthRange: c.minLidarDepth...c.maxLidarDepth)
        return fuseCollected(c)
    }

    /// Fuses one frame's plain pairs with the same arithmetic (no mask centroid).
    public mutating func fuse(_ pairs: DepthPairs, configuration c: DepthFusionConfiguration = .init()) -> DepthFusionResult {
        samples.collect(pairs, minConfidence: c.minLidarConfidence, depthRange: c.minLidarDepth...c.maxLidarDepth)
        return fuseCollected(c)
    }

    /// The fit, the 2σ rejection and the refit on the collected samples.
    private mutating func fuseCollected(_ c: DepthFusionConfiguration) -> DepthFusionResult {
        let d = samples.d, inverseLidar = samples.inverseLidar
        var result = DepthFusionResult(
            depth: nil, fallback: nil, fit: nil, pairs: d.count, inliers: d.count, maskCentroid: samples.maskCentroid)
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(true, count: d.count))
        guard d.count >= c.minPairs else { return fallBack(result, .tooFewPairs) }
        guard let first = fitKept(c) else { return fallBack(result, .illConditioned) }
        let sigma = residualRMS(first)
        for k in d.indices where abs(inverseLidar[k] - (first.x * d[k] + first.y)) > c.outlierSigmas * sigma { keep[k] = false }
        result.inliers = keep.count { $0 }
        guard result.inliers >= c.minPairs else { return fallBack(result, .tooFewAfterOutlierRejection) }
        guard let second = fitKept(c) else { return fallBack(result, .illConditionedAfterOutlierRejection) }
        values.removeAll(keepingCapacity: true)
        for k in d.indices where keep[k] { values.append(1 / max(second.x * d[k] + second.y, c.denominatorFloor)) }
        result.fit = second
        result.depth = Self.median(&values)
        return result
    }

    /// The raw LiDAR median of the filtered samples, with the reason.
    private mutating func fallBack(_ partial: DepthFusionResult, _ reason: DepthFusionFallback) -> DepthFusionResult {
        var result = partial
        result.fallback = reason
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: samples.lidar)
        result.depth = values.isEmpty ? nil : Self.median(&values)
        return result
    }

    /// Least squares of 1/z on d over the kept samples: (s, t), or nil when the guard refuses.
    private func fitKept(_ c: DepthFusionConfiguration) -> SIMD2<Double>? {
        let d = samples.d, inverseLidar = samples.inverseLidar
        var n = 0.0, sd = 0.0, sy = 0.0
        for k in d.indices where keep[k] {
            n += 1
            sd += d[k]
            sy += inverseLidar[k]
        }
        let meanD = sd / n, meanY = sy / n
        var sdd = 0.0, sdy = 0.0
        for k in d.indices where keep[k] {
            let dd = d[k] - meanD
            sdd += dd * dd
            sdy += dd * (inverseLidar[k] - meanY)
        }
        let variance = sdd / n
        guard variance > c.conditioningEpsilon * (1 + meanD * meanD) else { return nil }
        let s = sdy / sdd
        return SIMD2(s, meanY - s * meanD)
    }

    /// Root-mean-square residual of the kept samples under `fit`.
    private func residualRMS(_ fit: SIMD2<Double>) -> Double {
        let d = samples.d, inverseLidar = samples.inverseLidar
        var sum = 0.0, n = 0.0
        for k in d.indices where keep[k] {
            let r = inverseLidar[k] - (fit.x * d[k] + fit.y)
            sum += r * r
            n += 1
        }
        return (sum / n).squareRoot()
    }

    /// The median (mean of the two middle values for an even count); reorders in place.
    static func median(_ values: inout [Double]) -> Double {
        Selection.median(&values)
    }
}
