/// The least-squares variants: one fit in inverse depth, one in depth, and the app's 2σ
/// procedure with confidence weights. All solve through LAPACK (``LeastSquaresSolver``).
extension VariantFuser {
    /// `affine-inverse`: 1/z ≈ s·d + t, one fit, no rejection.
    mutating func affineInverse(_ result: inout VariantFusionResult, _ c: DepthFusionConfiguration) {
        let samples = own
        setLine(x: { samples.d[$0] }, y: { samples.inverseLidar[$0] })
        guard let fit = fitLine(c) else { _ = fallBack(&result, .illConditioned); return }
        result.conditionNumber = fit.condition
        result.iterations = 1
        finish(&result, .inverseAffine(scale: fit.s, shift: fit.t, floor: c.denominatorFloor))
    }

    /// `affine-depth`: z ≈ s·(1/d) + t over the samples with d > 0, one fit; ẑ is clamped
    /// to [min LiDAR depth, 1/floor].
    mutating func affineDepth(_ result: inout VariantFusionResult, _ c: DepthFusionConfiguration) {
        let samples = own
        setLine(x: { samples.d[$0] > 0 ? 1 / samples.d[$0] : 0 }, y: { samples.lidar[$0] })
        for k in 0..<own.count where own.d[k] <= 0 { keep[k] = false }
        guard keep.count(where: { $0 }) >= c.minPairs else { _ = fallBack(&result, .tooFewPairs); return }
        guard let fit = fitLine(c) else { _ = fallBack(&result, .illConditioned); return }
        result.conditionNumber = fit.condition
        result.iterations = 1
        finish(&result, .depthAffine(scale: fit.s, shift: fit.t, range: c.minLidarDepth...(1 / c.denominatorFloor)))
    }

    /// `confidence-weighted`: weighted fit of 1/z ≈ s·d + t (weight of each sample's
    /// confidence level), drop residuals beyond k·σ_w, refit once.
    mutating func confidenceWeighted(_ result: inout VariantFusionResult, _ c: DepthFusionConfiguration, _ settings: FusionVariantSettings) {
        let samples = own
        setLine(x: { samples.d[$0] }, y: { samples.inverseLidar[$0] })
        for k in 0..<own.count {
            let level = Int(own.confidence[k])
            weights[k] = level < settings.confidenceWeights.count ? settings.confidenceWeights[level] : 0
        }
        guard let first = fitLine(c) else { _ = fallBack(&result, .illConditioned); return }
        let sigma = weightedRMS(s: first.s, t: first.t)
        for k in 0..<own.count where abs(y[k] - (first.s * x[k] + first.t)) > c.outlierSigmas * sigma { keep[k] = false }
        guard keep.count(where: { $0 }) >= c.minPairs else { _ = fallBack(&result, .tooFewAfterOutlierRejection); return }
        guard let second = fitLine(c) else { _ = fallBack(&result, .illConditionedAfterOutlierRejection); return }
        result.conditionNumber = second.condition
        result.iterations = 2
        finish(&result, .inverseAffine(scale: second.s, shift: second.t, floor: c.denominatorFloor))
    }
}
