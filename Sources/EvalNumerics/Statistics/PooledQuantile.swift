/// Quantiles of a pool made of sorted groups, each counted a number of times: what a block
/// bootstrap of a quantile needs, where a resample takes whole groups (blocks of frames) with
/// replacement and the statistic is a quantile of all their values together. The resampled
/// pool is never built: the answer is found by bisection over the ranks of all the groups'
/// values merged once, counting through each group by binary search, so a resample costs
/// O(log(values) · groups · log(group size)).
public struct PooledQuantile: Sendable {
    /// The groups, each sorted ascending.
    public let groups: [[Double]]
    /// Every group's values merged, sorted.
    private let merged: [Double]

    /// A pool of `groups`, each sorted ascending and free of NaN.
    public init(groups: [[Double]]) {
        self.groups = groups
        merged = groups.flatMap { $0 }.sorted()
    }

    /// The nearest-rank `p`-quantile of the pool holding each group `multiplicity[i]` times:
    /// its k-th smallest value, k = max(1, ⌈p · n⌉), n the pool's size. NaN for an empty pool.
    public func nearestRank(_ p: Double, multiplicity: [Int]) -> Double {
        precondition(groups.count == multiplicity.count, "one multiplicity per group")
        var n = 0
        for (group, m) in zip(groups, multiplicity) { n += m * group.count }
        guard n > 0 else { return .nan }
        let k = max(1, min(n, Int((p * Double(n)).rounded(.up))))
        // The smallest merged value whose weighted count of values at or below it reaches k.
        var (low, high) = (0, merged.count - 1)
        while low < high {
            let middle = (low + high) / 2
            var count = 0
            for (group, m) in zip(groups, multiplicity) where m > 0 { count += m * Self.upperBound(group, merged[middle]) }
            if count >= k { high = middle } else { low = middle + 1 }
        }
        return merged[low]
    }

    /// The number of elements of sorted `values` at or below `x`.
    static func upperBound(_ values: [Double], _ x: Double) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= x { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
