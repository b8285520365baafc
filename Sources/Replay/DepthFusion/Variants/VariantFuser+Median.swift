/// The median variants: LiDAR alone, and monodepth2's median scaling of 1/d.
extension VariantFuser {
    /// `lidar-median`: the median LiDAR depth of the pairs; every pair counts as kept.
    mutating func lidarMedian(_ result: VariantFusionResult) -> VariantFusionResult {
        var r = result
        r.depth = medianOf(own.lidar)
        r.model = r.depth == nil ? nil : .lidar
        r.fallback = r.depth == nil ? .tooFewPairs : nil
        return r
    }

    /// `scale-only-median`: z ≈ s·(1/d), s = median(z) / median(1/d) over the pairs with d > 0.
    mutating func scaleOnlyMedian(_ result: inout VariantFusionResult, _ c: DepthFusionConfiguration) {
        for k in 0..<own.count where own.d[k] <= 0 { keep[k] = false }
        guard keep.count(where: { $0 }) >= c.minPairs else { _ = fallBack(&result, .tooFewPairs); return }
        values.removeAll(keepingCapacity: true)
        for k in 0..<own.count where keep[k] { values.append(own.lidar[k]) }
        let lidarMedian = medianInPlace()!
        values.removeAll(keepingCapacity: true)
        for k in 0..<own.count where keep[k] { values.append(1 / own.d[k]) }
        let predictedMedian = medianInPlace()!
        result.iterations = 1
        finish(&result, .depthAffine(scale: lidarMedian / predictedMedian, shift: 0, range: c.minLidarDepth...(1 / c.denominatorFloor)))
    }
}
