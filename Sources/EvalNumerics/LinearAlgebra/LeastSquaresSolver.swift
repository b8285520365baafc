/// Linear least squares `min ‖A·x − b‖₂` through LAPACK `dgelsd` (the routine behind
/// `numpy.linalg.lstsq`), for many small problems in a row.
///
/// The solver owns its matrix, right-hand side, singular-value and LAPACK workspace buffers.
/// They grow when a problem has more rows than any before it (one workspace query) and are
/// reused otherwise, so repeated fits of similar size allocate nothing.
public struct LeastSquaresSolver: Sendable {
    /// The number of unknowns (columns of A).
    public let columns: Int
    private var capacityRows = 0
    private var a: [Double] = []
    private var b: [Double] = []
    private var s: [Double] = []
    private var work: [Double] = []
    private var iwork: [Int32] = []

    /// A solver for problems with `columns` unknowns.
    public init(columns: Int) {
        precondition(columns > 0, "least squares needs at least one unknown")
        self.columns = columns
    }

    /// Solves for `rows` observations: row `i` of A is `design(i, 0..<columns)`, its target
    /// `target(i)`. Singular values at or below `rcond`·s₁ are treated as zero; the default
    /// is numpy's `lstsq` rule, machine ε · max(rows, columns).
    ///
    /// - Returns: the solution and diagnostics; the coefficients are also readable with
    ///   ``coefficient(_:)`` until the next solve.
    /// - Throws: `LinearAlgebraError.shapeMismatch` for no rows or a non-finite entry,
    ///   `.noConvergence` when the SVD does not converge.
    public mutating func solve(
        rows: Int, rcond: Double? = nil, design: (_ row: Int, _ column: Int) -> Double, target: (_ row: Int) -> Double
    ) throws(LinearAlgebraError) -> LeastSquaresDiagnostics {
        guard rows > 0 else { throw .shapeMismatch("least squares with no rows") }
        try reserve(rows: rows)
        for j in 0..<columns {
            for i in 0..<rows { a[i + j * rows] = design(i, j) }
        }
        for i in 0..<rows { b[i] = target(i) }
        for i in 0..<(rows * columns) where !a[i].isFinite { throw .shapeMismatch("least squares with a non-finite design entry") }
        for i in 0..<rows where !b[i].isFinite { throw .shapeMismatch("least squares with a non-finite target") }
        let threshold = rcond ?? Double.ulpOfOne * Double(max(rows, columns))
        let rank = try LAPACKCalls.dgelsd(
            rows: rows, columns: columns, a: &a, b: &b, s: &s, rcond: threshold, work: &work, iwork: &iwork)
        let count = min(rows, columns)
        let smallest = s[count - 1]
        let condition = count < columns || smallest == 0 ? Double.infinity : s[0] / smallest
        return LeastSquaresDiagnostics(rank: rank, conditionNumber: condition, largestSingularValue: s[0])
    }

    /// Coefficient `j` of the last solution.
    public func coefficient(_ j: Int) -> Double {
        precondition(j >= 0 && j < columns, "coefficient index out of range")
        return b[j]
    }

    private mutating func reserve(rows: Int) throws(LinearAlgebraError) {
        guard rows > capacityRows else { return }
        let grown = max(rows, capacityRows * 2, 16)
        let sizes = try LAPACKCalls.dgelsdWorkspace(rows: grown, columns: columns)
        a = [Double](repeating: 0, count: grown * columns)
        b = [Double](repeating: 0, count: max(grown, columns))
        s = [Double](repeating: 0, count: min(grown, columns))
        work = [Double](repeating: 0, count: sizes.work)
        iwork = [Int32](repeating: 0, count: sizes.iwork)
        capacityRows = grown
    }
}

/// What ``LeastSquaresSolver`` reports beside the solution.
public struct LeastSquaresDiagnostics: Equatable, Sendable {
    /// The effective rank of A (singular values above the `rcond` threshold).
    public var rank: Int
    /// The 2-norm condition number s₁ / s_min of A (infinite when A is rank-deficient in
    /// exact arithmetic or has fewer rows than columns).
    public var conditionNumber: Double
    /// The largest singular value s₁ of A.
    public var largestSingularValue: Double
}
