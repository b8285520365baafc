internal import CLAPACKE

/// The only place in `Numerics` that calls LAPACK. Every routine is called column-major
/// through its `_work` variant, after a workspace query, with shapes validated in Swift.
enum LAPACKCalls {
    /// Turns LAPACK's `info` into a typed error.
    static func check(_ info: CLapackInt) throws(LinearAlgebraError) {
        if info < 0 { throw .illegalArgument(index: Int(-info)) }
        if info > 0 { throw .noConvergence(info: Int(info)) }
    }

    /// Full SVD `a = u · diag(s) · vt` of an `m × n` column-major matrix with `dgesvd`
    /// (`jobu = jobvt = 'A'`): `u` is `m × m`, `vt` is `n × n`, `s` has `min(m, n)` values
    /// in descending order.
    static func dgesvd(
        rows m: Int, columns n: Int, _ a: [Double]
    ) throws(LinearAlgebraError) -> (u: [Double], s: [Double], vt: [Double]) {
        precondition(m > 0 && n > 0 && a.count == m * n, "dgesvd: element count must be m × n")
        var work = a
        var s = [Double](repeating: 0, count: min(m, n))
        var u = [Double](repeating: 0, count: m * m)
        var vt = [Double](repeating: 0, count: n * n)
        let job = CChar(UInt8(ascii: "A"))
        let (rows, cols) = (CLapackInt(m), CLapackInt(n))
        var optimal = 0.0
        try check(LAPACKE_dgesvd_work(
            clapacke_col_major(), job, job, rows, cols, &work, rows, &s, &u, rows, &vt, cols, &optimal, -1))
        var workspace = [Double](repeating: 0, count: max(1, Int(optimal)))
        try check(LAPACKE_dgesvd_work(
            clapacke_col_major(), job, job, rows, cols, &work, rows, &s, &u, rows, &vt, cols,
            &workspace, CLapackInt(workspace.count)))
        return (u, s, vt)
    }
}
