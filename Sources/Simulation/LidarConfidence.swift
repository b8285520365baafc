import EvalNumerics

/// ARKit's LiDAR confidence as three real iPhone captures show it (`lidar-confidence.json`,
/// Data/error-models/SOURCES.md): the shares of confidence 0, 1 and 2 per 0.5 m of measured
/// depth away from depth discontinuities, and how much of the high share survives 0–3 samples
/// of the real 256-wide map (7.5 px of the 1920-px image) from one.
///
/// A simulated sample that the silhouette rule marks (a neighbour more than
/// `LidarModel.silhouetteStep` away) sits somewhere between its own centre and its
/// neighbour's: its distance to the edge is drawn uniformly over its sampling pitch and read in
/// real samples, so coarse maps (60 px) keep most of their high confidence at slanted floors
/// and fine grids lose it at object edges, as the captures do. How the two factors combine
/// (high share by depth × edge ratio; medium and low split the rest as at that depth) is
/// *our assumption*.
public struct LidarConfidence: Equatable, Sendable {
    /// Metres of measured depth per bin.
    public let binMetres: Double
    /// Shares of confidence (low, medium, high) per depth bin; the last bin holds everything deeper.
    public let shares: [SIMD3<Double>]
    /// High share at 0, 1, 2, 3 samples from a discontinuity over the share farther away.
    public let highRatioByEdgeDistance: [Double]
    /// Pixels of the simulated image per sample of the real map.
    public let samplePixels: Double

    /// The table measured on the real captures.
    public static let measured: LidarConfidence = {
        let counts = ErrorModelTables.lidarConfidenceCounts.map(Double.init)
        let shares = stride(from: 0, to: counts.count - 2, by: 3).map { i -> SIMD3<Double> in
            let row = SIMD3(counts[i], counts[i + 1], counts[i + 2])
            let total = row.sum()
            return total > 0 ? row / total : SIMD3(1, 0, 0)
        }
        return LidarConfidence(
            binMetres: ErrorModelTables.lidarConfidenceBinMetres, shares: shares,
            highRatioByEdgeDistance: ErrorModelTables.lidarHighRatioByEdgeDistance.dropLast().map { Double($0) / 1e4 },
            samplePixels: ErrorModelTables.lidarSamplePixels)
    }()

    /// The shares (low, medium, high) at `depth` metres, `edgeDistance` real samples from a
    /// discontinuity (nil or beyond the table: away from one).
    public func shares(depth: Double, edgeDistance: Int?) -> SIMD3<Double> {
        guard !shares.isEmpty, depth.isFinite else { return SIMD3(1, 0, 0) }
        let row = shares[min(max(Int(depth / binMetres), 0), shares.count - 1)]
        guard let edgeDistance, highRatioByEdgeDistance.indices.contains(edgeDistance) else { return row }
        let high = row.z * highRatioByEdgeDistance[edgeDistance]
        let rest = row.x + row.y
        let medium = rest > 0 ? (1 - high) * row.y / rest : 0
        return SIMD3(1 - high - medium, medium, high)
    }

    /// Real samples from the edge within which a reading mixes the two surfaces: `lidar-edges.json`
    /// counts the pixels whose depth profile bends over ±2 px, the edge pixel and its neighbour.
    public static let mixingBand = 1

    /// The distance, in real samples, of a silhouette sample `pitchPixels` from its neighbour to
    /// the edge between them: uniform over the pitch.
    public func edgeDistance(pitchPixels: Double, random: inout SplitMix64) -> Int {
        Int(random.uniform(0, max(pitchPixels, 0)) / samplePixels)
    }

    /// A confidence level drawn at `depth`, `edgeDistance` real samples from a discontinuity
    /// (nil: not at a silhouette).
    public func level(depth: Double, edgeDistance distance: Int?, random: inout SplitMix64) -> UInt8 {
        let p = shares(depth: depth, edgeDistance: distance)
        let u = random.nextUnit()
        return u < p.z ? 2 : u < p.z + p.y ? 1 : 0
    }
}
