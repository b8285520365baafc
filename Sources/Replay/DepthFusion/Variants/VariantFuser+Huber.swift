/// The Huber M-estimator of 1/z ≈ s·d + t (spec.md#fusion-variant-huber).
extension VariantFuser {
    /// `huber`: IRLS from the least-squares fit; each pass reweights w = 1 for |r| ≤ δ and
    /// δ/|r| beyond, and refits by weighted least squares, until the fitted values move by
    /// less than the tolerance (relative) or the iteration budget is spent. Kept samples
    /// are those with |r| ≤ δ at the end; every pair enters the box-depth median.
    mutating func huber(_ result: inout VariantFusionResult, _ c: DepthFusionConfiguration, _ settings: FusionVariantSettings) {
        let samples = own
        setLine(x: { samples.d[$0] }, y: { samples.inverseLidar[$0] })
        guard var fit = fitLine(c) else { _ = fallBack(&result, .illConditioned); return }
        let meanAbsX = x.reduce(0) { $0 + abs($1) } / Double(x.count)
        var iterations = 1
        while iterations < settings.huberMaxIterations {
            for k in 0..<x.count {
                let r = abs(y[k] - (fit.s * x[k] + fit.t))
                weights[k] = r <= settings.huberDelta ? 1 : settings.huberDelta / r
            }
            guard let next = fitLine(c) else { _ = fallBack(&result, .illConditionedAfterOutlierRejection); return }
            iterations += 1
            let moved = abs(next.s - fit.s) * meanAbsX + abs(next.t - fit.t)
            fit = next
            if moved <= settings.huberTolerance * (abs(fit.s) * meanAbsX + abs(fit.t)) { break }
        }
        result.conditionNumber = fit.condition
        result.iterations = iterations
        let model = FusionModel.inverseAffine(scale: fit.s, shift: fit.t, floor: c.denominatorFloor)
        finish(&result, model)
        result.inliers = (0..<x.count).count { abs(y[$0] - (fit.s * x[$0] + fit.t)) <= settings.huberDelta }
    }
}
