import EvalNumerics

/// Agreement of two depth maps of the same scene from two network resolutions (the app's
/// 364-px vs 518-px check, spec.md#depth-resolution-agreement): Pearson's r and the mean absolute percentage difference.
public struct ResolutionAgreement: Equatable, Sendable {
    /// Number of pixels compared.
    public var count: Int
    /// Pearson's correlation coefficient (`numpy.corrcoef`).
    public var pearsonR: Double
    /// mean |a − b| / |b| × 100, with `b` the reference (higher) resolution.
    public var meanAbsolutePercentDifference: Double

    /// An agreement read back from a file.
    public init(count: Int, pearsonR: Double, meanAbsolutePercentDifference: Double) {
        self.count = count
        self.pearsonR = pearsonR
        self.meanAbsolutePercentDifference = meanAbsolutePercentDifference
    }

    /// Compares `low` against the reference `high` (same length, at least two values).
    public init(low a: [Double], high b: [Double]) {
        precondition(a.count == b.count && a.count >= 2, "agreement needs two equal arrays of two or more values")
        count = a.count
        pearsonR = Self.pearsonR(low: a, high: b)
        meanAbsolutePercentDifference = Self.meanAbsolutePercentDifference(low: a, high: b)
    }

    /// Pearson's r of `a` and `b` alone (same length, at least two values): the same sums, in
    /// the same order, as ``init(low:high:)``.
    public static func pearsonR(low a: [Double], high b: [Double]) -> Double {
        precondition(a.count == b.count && a.count >= 2, "agreement needs two equal arrays of two or more values")
        let n = Double(a.count)
        let meanA = PairwiseSum.sum(a) / n, meanB = PairwiseSum.sum(b) / n
        // One scratch array holds each term list in turn (the sums are NumPy-ordered over it).
        var terms = [Double](repeating: 0, count: a.count)
        func sum(_ term: (Double, Double) -> Double) -> Double {
            for k in terms.indices { terms[k] = term(a[k], b[k]) }
            return PairwiseSum.sum(terms)
        }
        let sab = sum { ($0 - meanA) * ($1 - meanB) }
        let saa = sum { x, _ in (x - meanA) * (x - meanA) }
        let sbb = sum { _, y in (y - meanB) * (y - meanB) }
        return sab / (saa * sbb).squareRoot()
    }

    /// The mean absolute percentage difference of `a` against the reference `b` alone.
    public static func meanAbsolutePercentDifference(low a: [Double], high b: [Double]) -> Double {
        precondition(a.count == b.count, "agreement needs two equal arrays")
        return meanAbsolutePercentDifference(ratios: zip(a, b).map(percentRatio))
    }

    /// The mean absolute percentage difference from its ratios |a − b| / |b| (``percentRatio(_:_:)``),
    /// in the order of the pairs: a caller pooling groups of pairs can keep each group's ratios
    /// and concatenate them instead of the two depth lists.
    public static func meanAbsolutePercentDifference(ratios: [Double]) -> Double {
        PairwiseSum.sum(ratios) / Double(ratios.count) * 100
    }

    /// |a − b| / |b|: one pair's term of the mean absolute percentage difference.
    @inlinable public static func percentRatio(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }
}
