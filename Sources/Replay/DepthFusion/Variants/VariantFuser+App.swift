/// The app's variant: ``DepthFuser``'s own result, with the diagnostics the other variants report.
extension VariantFuser {
    /// Converts the replica's result; the condition number is that of the final design
    /// [d 1] over the kept samples, from its 2×2 Gram matrix.
    func appResult(_ r: DepthFusionResult, _ c: DepthFusionConfiguration) -> VariantFusionResult {
        var result = VariantFusionResult(
            variant: .app, depth: r.depth, fallback: r.fallback,
            model: r.fit.map { .inverseAffine(scale: $0.x, shift: $0.y, floor: c.denominatorFloor) },
            pairs: r.pairs, inliers: r.inliers, conditionNumber: .nan,
            iterations: r.fallback == nil ? 2 : 0, maskCentroid: r.maskCentroid)
        if r.fit != nil {
            let samples = appFuser.lastSamples, kept = appFuser.lastKept
            var n = 0.0, sd = 0.0, sdd = 0.0
            for k in 0..<samples.count where kept[k] {
                n += 1
                sd += samples.d[k]
                sdd += samples.d[k] * samples.d[k]
            }
            result.conditionNumber = Self.conditionOfGram(a: sdd, b: sd, c: n)
        }
        return result
    }

    /// √(λmax/λmin) of the symmetric 2×2 matrix [[a, b], [b, c]]: the 2-norm condition
    /// number of a matrix whose Gram matrix it is.
    static func conditionOfGram(a: Double, b: Double, c: Double) -> Double {
        let mean = (a + c) / 2, radius = (((a - c) / 2) * ((a - c) / 2) + b * b).squareRoot()
        let high = mean + radius, low = (a * c - b * b) / high
        return low > 0 ? (high / low).squareRoot() : .infinity
    }
}
