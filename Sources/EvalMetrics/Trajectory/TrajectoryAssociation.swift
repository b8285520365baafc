import Recording

/// Pairs the poses of two trajectories by timestamp exactly as evo's
/// `sync.associate_trajectories` (nearest-time method): for every stamp of the trajectory
/// with fewer poses (the estimate when counts are equal), the nearest stamp of the other
/// within `maxDifference`, after adding `offset` to the estimate's stamps. Pairs are not
/// forced to be one-to-one.
public struct TrajectoryAssociation: Equatable, Sendable {
    /// Index into the reference of each pair.
    public var referenceIndices: [Int]
    /// Index into the estimate of each pair.
    public var estimateIndices: [Int]

    /// Number of pairs.
    public var count: Int { referenceIndices.count }

    /// Associates `reference` and `estimate` stamps (each strictly increasing).
    public init(reference: [Double], estimate: [Double], maxDifference: Double = 0.01, offset: Double = 0) {
        let estimateLonger = estimate.count > reference.count
        let short = estimateLonger ? reference : estimate
        let long = estimateLonger ? estimate : reference
        let matches = Self.matchingIndices(short, long, maxDifference: maxDifference, offset: estimateLonger ? offset : -offset)
        if estimateLonger {
            referenceIndices = matches.map(\.0)
            estimateIndices = matches.map(\.1)
        } else {
            referenceIndices = matches.map(\.1)
            estimateIndices = matches.map(\.0)
        }
    }

    /// evo's `matching_time_indices` for sorted stamps: binary search for the first stamp
    /// after `stamp`, then the closer of it and its predecessor (ties to the earlier one).
    private static func matchingIndices(
        _ stamps1: [Double], _ rawStamps2: [Double], maxDifference: Double, offset: Double
    ) -> [(Int, Int)] {
        guard !stamps1.isEmpty, !rawStamps2.isEmpty else { return [] }
        let stamps2 = rawStamps2.map { $0 + offset }
        var result: [(Int, Int)] = []
        for (index1, stamp) in stamps1.enumerated() {
            if stamp < stamps2[0] - maxDifference || stamp > stamps2[stamps2.count - 1] + maxDifference { continue }
            var low = 0, high = stamps2.count
            while low < high {
                let middle = (low + high) / 2
                if stamps2[middle] <= stamp { low = middle + 1 } else { high = middle }
            }
            let index2 = min(low, stamps2.count - 1)
            let upperGap = stamps2[index2] - stamp
            let lowerGap = index2 > 0 ? stamp - stamps2[index2 - 1] : .infinity
            if upperGap <= maxDifference && upperGap < lowerGap {
                result.append((index1, index2))
            } else if lowerGap <= maxDifference && lowerGap <= upperGap {
                result.append((index1, index2 - 1))
            }
        }
        return result
    }
}
