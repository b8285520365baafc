/// Ranks with ties averaged (`scipy.stats.rankdata(method='average')`).
public enum Ranks {
    /// 1-based ranks of `values` (no NaNs), tied values sharing the mean of their ranks, and
    /// the size of every tie group of two or more values.
    public static func average(_ values: [Double]) -> (ranks: [Double], tieSizes: [Int]) {
        precondition(!values.contains(where: \.isNaN), "ranks of a sample with NaN")
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count), ties: [Int] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, values[order[end]] == values[order[start]] { end += 1 }
            let rank = Double(start + 1 + end) / 2
            for k in start..<end { ranks[order[k]] = rank }
            if end - start > 1 { ties.append(end - start) }
            start = end
        }
        return (ranks, ties)
    }
}
