import EvalNumerics

/// The residuals of one group of fused-depth samples (a depth bin, an edge distance, mask
/// in or out, a confidence level), against true depth and, where LiDAR has a value, LiDAR.
public struct ResidualGroupSummary: Equatable, Sendable {
    /// The group's key (bin index, edge distance, 0/1, confidence level; −1 for "none").
    public var key: Int
    /// Samples in the group with a fused and a true depth.
    public var count: Int
    /// median |ẑ − g|, metres.
    public var medianAbsoluteError: Double
    /// mean (ẑ − g), metres (signed bias).
    public var meanError: Double
    /// The depth metrics of ẑ against g over the group.
    public var metrics: DepthMetrics?
    /// Samples with a LiDAR value.
    public var lidarCount: Int
    /// median |ẑ − z_lidar| over those, metres (NaN without any).
    public var medianAbsoluteLidarResidual: Double
}

/// Groups per-sample residual rows by an integer key and summarises each group.
public enum ResidualAggregation {
    /// One summary per distinct key of `keys`, ascending. Rows whose fused or true depth is
    /// not finite and positive are skipped; `lidar` may hold NaN where LiDAR had none.
    public static func summarize(keys: [Int], fused: [Double], truth: [Double], lidar: [Double]) -> [ResidualGroupSummary] {
        precondition(keys.count == fused.count && fused.count == truth.count && truth.count == lidar.count, "columns must have equal length")
        var groups: [Int: [Int]] = [:]
        for k in keys.indices where fused[k].isFinite && fused[k] > 0 && truth[k].isFinite && truth[k] > 0 {
            groups[keys[k], default: []].append(k)
        }
        return groups.keys.sorted().map { key in
            let rows = groups[key]!
            let z = rows.map { fused[$0] }, g = rows.map { truth[$0] }
            let errors = zip(z, g).map { $0 - $1 }
            let lidarRows = rows.filter { lidar[$0].isFinite }
            return ResidualGroupSummary(
                key: key, count: rows.count, medianAbsoluteError: Quantile.median(errors.map(abs)),
                meanError: PairwiseSum.sum(errors) / Double(errors.count), metrics: DepthMetrics(prediction: z, truth: g),
                lidarCount: lidarRows.count,
                medianAbsoluteLidarResidual: lidarRows.isEmpty ? .nan : Quantile.median(lidarRows.map { abs(fused[$0] - lidar[$0]) }))
        }
    }

    /// The bin index of `value` among ascending `edges` (bin i is [edges[i], edges[i+1])),
    /// with values below the first edge in bin 0 and at or above the last in the last bin.
    public static func bin(_ value: Double, edges: [Double]) -> Int {
        precondition(edges.count >= 2, "bins need two or more edges")
        var index = 0
        while index < edges.count - 2 && value >= edges[index + 1] { index += 1 }
        return index
    }
}
