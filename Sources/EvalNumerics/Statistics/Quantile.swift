/// Sample quantiles by `numpy.quantile`'s default rule (`method='linear'`, Hyndman–Fan
/// type 7), computed as numpy computes them so results agree to the last bit or two.
public enum Quantile {
    /// The `p`-quantile (0 ≤ p ≤ 1) of `values` (any order; must not be empty).
    public static func linear(_ values: [Double], _ p: Double) -> Double {
        linear(sorted: values.sorted(), p)
    }

    /// The `p`-quantiles of `values`, sorting once.
    public static func linear(_ values: [Double], _ ps: [Double]) -> [Double] {
        let sorted = values.sorted()
        return ps.map { linear(sorted: sorted, $0) }
    }

    /// The `p`-quantile of already ascending `sorted` values.
    ///
    /// numpy: virtual index `(n − 1)·p`, its floor and the next index clipped to the array,
    /// `γ = index − floor`, then `a + (b − a)·γ`, or `b − (b − a)·(1 − γ)` when γ ≥ ½.
    /// A NaN `p` or NaN values propagate.
    public static func linear(sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of an empty sample")
        precondition(p.isNaN || (0...1).contains(p), "quantile level must lie in [0, 1]")
        if p.isNaN || sorted.last!.isNaN { return .nan }
        let virtualIndex = Double(sorted.count - 1) * p
        let below = virtualIndex.rounded(.down)
        let gamma = virtualIndex - below
        let lower = min(max(Int(below), 0), sorted.count - 1)
        let upper = min(lower + 1, sorted.count - 1)
        let a = sorted[lower], b = sorted[upper]
        let difference = b - a
        return gamma >= 0.5 ? b - difference * (1 - gamma) : a + difference * gamma
    }

    /// The median as `numpy.median`: the middle value, or the mean of the two middle values.
    public static func median(_ values: [Double]) -> Double {
        median(sorted: values.sorted())
    }

    /// The median of already ascending `sorted` values.
    public static func median(sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "median of an empty sample")
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }
}
