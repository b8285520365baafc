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
        let n = Double(a.count)
        let meanA = PairwiseSum.sum(a) / n, meanB = PairwiseSum.sum(b) / n
        let sab = PairwiseSum.sum(zip(a, b).map { ($0 - meanA) * ($1 - meanB) })
        let saa = PairwiseSum.sum(a.map { ($0 - meanA) * ($0 - meanA) })
        let sbb = PairwiseSum.sum(b.map { ($0 - meanB) * ($0 - meanB) })
        count = a.count
        pearsonR = sab / (saa * sbb).squareRoot()
        meanAbsolutePercentDifference = PairwiseSum.sum(zip(a, b).map { abs($0 - $1) / abs($1) }) / n * 100
    }
}
