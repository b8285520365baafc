internal import CLAPACKE

/// The only place in `EvalNumerics` that calls LAPACK. Every routine is called column-major
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

extension LAPACKCalls {
    /// The workspace `dgelsd` needs for an `m × n` problem with one right-hand side:
    /// (real workspace length, integer workspace length), from LAPACK's workspace query.
    static func dgelsdWorkspace(rows m: Int, columns n: Int) throws(LinearAlgebraError) -> (work: Int, iwork: Int) {
        precondition(m > 0 && n > 0, "dgelsd: empty problem")
        var a = [Double](repeating: 0, count: m * n), b = [Double](repeating: 0, count: max(m, n))
        var s = [Double](repeating: 0, count: min(m, n))
        var rank: CLapackInt = 0, optimal = 0.0, integerOptimal: CLapackInt = 0
        try check(LAPACKE_dgelsd_work(
            clapacke_col_major(), CLapackInt(m), CLapackInt(n), 1, &a, CLapackInt(m), &b, CLapackInt(max(m, n)),
            &s, -1, &rank, &optimal, -1, &integerOptimal))
        return (max(1, Int(optimal)), max(1, Int(integerOptimal)))
    }

    /// Minimum-norm least squares `min ‖a·x − b‖` of a column-major `m × n` matrix `a`
    /// (leading dimension `m`) and one right-hand side `b` (length ≥ max(m, n)) with
    /// `dgelsd` (SVD, divide and conquer). On return `b[0..<n]` holds x, `s[0..<min(m, n)]`
    /// the singular values of `a` in descending order; `a` is overwritten. Singular values
    /// below `rcond`·s₁ count as zero (`rcond` < 0: machine precision). Workspaces must be
    /// at least what ``dgelsdWorkspace(rows:columns:)`` returned; returns the effective rank.
    static func dgelsd(
        rows m: Int, columns n: Int, a: inout [Double], b: inout [Double], s: inout [Double], rcond: Double,
        work: inout [Double], iwork: inout [CLapackInt]
    ) throws(LinearAlgebraError) -> Int {
        precondition(m > 0 && n > 0 && a.count >= m * n && b.count >= max(m, n) && s.count >= min(m, n),
                     "dgelsd: buffers smaller than the problem")
        var rank: CLapackInt = 0
        try check(LAPACKE_dgelsd_work(
            clapacke_col_major(), CLapackInt(m), CLapackInt(n), 1, &a, CLapackInt(m), &b, CLapackInt(max(m, n)),
            &s, rcond, &rank, &work, CLapackInt(work.count), &iwork))
        return Int(rank)
    }
}
