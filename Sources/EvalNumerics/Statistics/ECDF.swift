/// The empirical cumulative distribution function of a sample: F(x) = #{x_i ≤ x} / n.
public struct ECDF: Equatable, Sendable {
    /// The sample, ascending.
    public let sorted: [Double]

    /// The ECDF of `values` (NaNs are not allowed).
    public init(_ values: [Double]) {
        precondition(!values.contains(where: \.isNaN), "ECDF of a sample with NaN")
        sorted = values.sorted()
    }

    /// Sample size.
    public var count: Int { sorted.count }

    /// F(x): the fraction of the sample that is ≤ `x` (0 for an empty sample).
    public func callAsFunction(_ x: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= x { low = middle + 1 } else { high = middle }
        }
        return Double(low) / Double(sorted.count)
    }

    /// The steps of F: each distinct value with the fraction ≤ it, ascending (what a step
    /// plot draws).
    public var steps: [(value: Double, fraction: Double)] {
        var result: [(value: Double, fraction: Double)] = []
        for (index, value) in sorted.enumerated() {
            let fraction = Double(index + 1) / Double(sorted.count)
            if let last = result.last, last.value == value {
                result[result.count - 1].fraction = fraction
            } else {
                result.append((value, fraction))
            }
        }
        return result
    }
}
