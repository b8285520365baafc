/// The singular value decomposition `A = U · diag(S) · Vᵀ` (LAPACK `dgesvd`), with the
/// same conventions as `numpy.linalg.svd(A)`: singular values descending, `vt` = Vᵀ.
public struct SingularValueDecomposition: Sendable {
    /// Left singular vectors, `m × m`, orthogonal.
    public let u: Matrix
    /// Singular values, descending, `min(m, n)` of them.
    public let singularValues: [Double]
    /// Transposed right singular vectors, `n × n`, orthogonal.
    public let vt: Matrix

    /// Decomposes `matrix`.
    /// - Throws: `LinearAlgebraError.noConvergence` when LAPACK's iteration fails.
    public init(_ matrix: Matrix) throws(LinearAlgebraError) {
        guard matrix.rows > 0, matrix.columns > 0 else { throw .shapeMismatch("SVD of an empty matrix") }
        guard matrix.elements.allSatisfy(\.isFinite) else { throw .shapeMismatch("SVD of a matrix with non-finite elements") }
        let (u, s, vt) = try LAPACKCalls.dgesvd(rows: matrix.rows, columns: matrix.columns, matrix.elements)
        self.u = Matrix(rows: matrix.rows, columns: matrix.rows, columnMajor: u)
        self.singularValues = s
        self.vt = Matrix(rows: matrix.columns, columns: matrix.columns, columnMajor: vt)
    }

    /// `U · diag(S) · Vᵀ`, the matrix decomposed (up to rounding).
    public var reconstructed: Matrix {
        var sigma = Matrix.zeros(rows: u.columns, columns: vt.rows)
        for (i, value) in singularValues.enumerated() { sigma[i, i] = value }
        return u * sigma * vt
    }
}
