import EvalNumerics
import Recording

/// Runs any ``DepthFusionVariant`` on a depth grid or on plain pairs, with buffers and a
/// LAPACK least-squares workspace reused from call to call.
///
/// The app's variant is delegated to ``DepthFuser``; the others fit on the same filtered
/// samples (``FusionSamples``). After a call, ``samples`` and ``kept`` describe which
/// samples the final model was fitted on.
public struct VariantFuser: Sendable {
    var appFuser = DepthFuser()
    var own = FusionSamples()
    var solver = LeastSquaresSolver(columns: 2)
    var keep: [Bool] = []
    var weights: [Double] = []
    var x: [Double] = []
    var y: [Double] = []
    var rowIndex: [Int] = []
    var values: [Double] = []
    var lastWasApp = false

    /// Creates a fuser with empty buffers.
    public init() {}

    /// The samples of the last call.
    public var samples: FusionSamples { lastWasApp ? appFuser.lastSamples : own }
    /// Which of ``samples`` the last call's final model was fitted on.
    public var kept: [Bool] { lastWasApp ? appFuser.lastKept : keep }

    /// Fuses `grid` with `variant`.
    public mutating func fuse(
        _ grid: DepthGrid, variant: DepthFusionVariant, configuration c: DepthFusionConfiguration = .init(),
        settings: FusionVariantSettings = .init()
    ) -> VariantFusionResult {
        fuse(variant, c, settings, app: { $0.fuse(grid, configuration: c) },
             collect: { $0.collect(grid, minConfidence: $1, depthRange: c.minLidarDepth...c.maxLidarDepth) })
    }

    /// Fuses one frame's `pairs` with `variant`.
    public mutating func fuse(
        _ pairs: DepthPairs, variant: DepthFusionVariant, configuration c: DepthFusionConfiguration = .init(),
        settings: FusionVariantSettings = .init()
    ) -> VariantFusionResult {
        fuse(variant, c, settings, app: { $0.fuse(pairs, configuration: c) },
             collect: { $0.collect(pairs, minConfidence: $1, depthRange: c.minLidarDepth...c.maxLidarDepth) })
    }

    /// The app's variant through `app` (the replica), any other by `collect` then its fit.
    private mutating func fuse(
        _ variant: DepthFusionVariant, _ c: DepthFusionConfiguration, _ settings: FusionVariantSettings,
        app: (inout DepthFuser) -> DepthFusionResult, collect: (inout FusionSamples, UInt8) -> Void
    ) -> VariantFusionResult {
        lastWasApp = variant == .app
        if lastWasApp {
            let replica = app(&appFuser)
            return appResult(replica, c)
        }
        collect(&own, minConfidence(variant, c, settings))
        return fitCollected(variant, c, settings)
    }

    /// The lowest LiDAR confidence a variant uses: the configured one, or for
    /// `confidence-weighted` the lowest level with a positive weight.
    func minConfidence(_ variant: DepthFusionVariant, _ c: DepthFusionConfiguration, _ settings: FusionVariantSettings) -> UInt8 {
        guard variant == .confidenceWeighted else { return c.minLidarConfidence }
        return UInt8(settings.confidenceWeights.firstIndex { $0 > 0 } ?? Int(c.minLidarConfidence))
    }

    /// Dispatches to the variant's fit on the collected samples.
    mutating func fitCollected(_ variant: DepthFusionVariant, _ c: DepthFusionConfiguration, _ settings: FusionVariantSettings) -> VariantFusionResult {
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(true, count: own.count))
        var result = VariantFusionResult(
            variant: variant, depth: nil, fallback: nil, model: nil, pairs: own.count, inliers: own.count,
            conditionNumber: .nan, iterations: 0, maskCentroid: own.maskCentroid)
        if variant == .lidarMedian { return lidarMedian(result) }
        guard own.count >= c.minPairs else { return fallBack(&result, .tooFewPairs) }
        switch variant {
        case .lidarMedian, .affineInverse2Sigma: preconditionFailure("handled above")
        case .affineInverse: affineInverse(&result, c)
        case .affineDepth: affineDepth(&result, c)
        case .scaleOnlyMedian: scaleOnlyMedian(&result, c)
        case .huber: huber(&result, c, settings)
        case .ransac: ransac(&result, c, settings)
        case .confidenceWeighted: confidenceWeighted(&result, c, settings)
        }
        return result
    }

    /// Falls back to the raw LiDAR median of all pairs, recording `reason`.
    mutating func fallBack(_ result: inout VariantFusionResult, _ reason: DepthFusionFallback) -> VariantFusionResult {
        result.fallback = reason
        result.model = nil
        result.depth = medianOf(own.lidar)
        return result
    }

    /// Sets the model and the box depth: the median fused depth over the kept samples.
    mutating func finish(_ result: inout VariantFusionResult, _ model: FusionModel) {
        result.model = model
        result.inliers = keep.count { $0 }
        values.removeAll(keepingCapacity: true)
        for k in 0..<own.count where keep[k] { values.append(model.depth(d: own.d[k], lidar: own.lidar[k])) }
        result.depth = medianInPlace()
    }

    /// `numpy.median` of `source` (nil when empty), using the reusable buffer.
    mutating func medianOf(_ source: [Double]) -> Double? {
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: source)
        return medianInPlace()
    }

    /// `numpy.median` of the `values` buffer (reordered in place); nil when empty.
    mutating func medianInPlace() -> Double? {
        values.isEmpty ? nil : Selection.median(&values)
    }

    /// Fills `x` and `y` from the samples; `weights` all 1.
    mutating func setLine(x xOf: (Int) -> Double, y yOf: (Int) -> Double) {
        x.removeAll(keepingCapacity: true)
        y.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
        for k in 0..<own.count {
            x.append(xOf(k))
            y.append(yOf(k))
            weights.append(1)
        }
    }

    /// Weighted least squares of y on [x 1] over the kept samples through LAPACK (`dgelsd`),
    /// guarded like the app: the weighted var(x) must exceed ε(1 + x̄²). Returns (s, t) and
    /// the condition number of the √w-scaled design, or nil when the guard refuses.
    mutating func fitLine(_ c: DepthFusionConfiguration) -> (s: Double, t: Double, condition: Double)? {
        rowIndex.removeAll(keepingCapacity: true)
        var sw = 0.0, swx = 0.0
        for k in 0..<x.count where keep[k] && weights[k] > 0 {
            rowIndex.append(k)
            sw += weights[k]
            swx += weights[k] * x[k]
        }
        guard !rowIndex.isEmpty else { return nil }
        let meanX = swx / sw
        var swxx = 0.0
        for k in rowIndex { swxx += weights[k] * (x[k] - meanX) * (x[k] - meanX) }
        guard swxx / sw > c.conditioningEpsilon * (1 + meanX * meanX) else { return nil }
        let (rows, x, w, y) = (rowIndex, self.x, weights, self.y)
        guard let diagnostics = try? solver.solve(
            rows: rows.count,
            design: { i, j in j == 0 ? w[rows[i]].squareRoot() * x[rows[i]] : w[rows[i]].squareRoot() },
            target: { i in w[rows[i]].squareRoot() * y[rows[i]] }) else { return nil }
        return (solver.coefficient(0), solver.coefficient(1), diagnostics.conditionNumber)
    }

    /// The weighted RMS residual √(Σ w r² / Σ w) over the kept samples.
    func weightedRMS(s: Double, t: Double) -> Double {
        var sum = 0.0, sw = 0.0
        for k in 0..<x.count where keep[k] {
            let r = y[k] - (s * x[k] + t)
            sum += weights[k] * r * r
            sw += weights[k]
        }
        return (sum / sw).squareRoot()
    }
}
