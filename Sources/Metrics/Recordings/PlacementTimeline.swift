import Recording

/// Where each ground-truth object truly was at any time, from `gt_placements`.
public struct PlacementTimeline: Sendable {
    private let placementsOf: [Int64: [GroundTruthPlacement]]

    /// Indexes `placements` by object.
    public init(_ placements: [GroundTruthPlacement]) {
        var byObject: [Int64: [GroundTruthPlacement]] = [:]
        for placement in placements { byObject[placement.object, default: []].append(placement) }
        placementsOf = byObject.mapValues { $0.sorted { $0.from < $1.from } }
    }

    /// The centre of `object` at time `t` (`from ≤ t < to`), or nil when it was absent.
    public func position(of object: Int64, at t: Double) -> SIMD3<Double>? {
        placementsOf[object]?.first { $0.from <= t && t < ($0.to ?? .infinity) }?.position
    }
}

extension SIMD3 where Scalar == Double {
    /// Euclidean distance to `other`.
    func distance(_ other: SIMD3<Double>) -> Double {
        let d = self - other
        return (d * d).sum().squareRoot()
    }
}
