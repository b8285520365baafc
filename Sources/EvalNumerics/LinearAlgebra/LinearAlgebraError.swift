/// A failure reported by a LAPACK routine, or a problem that cannot be solved as posed.
public enum LinearAlgebraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// LAPACK rejected argument number `index` (LAPACKE numbering: the layout is argument 1).
    /// Shapes are validated in Swift first, so this signals a bug in the wrapper.
    case illegalArgument(index: Int)
    /// The iterative algorithm did not converge; `info` is LAPACK's positive status
    /// (for the SVD, the number of superdiagonals that did not converge to zero).
    case noConvergence(info: Int)
    /// The problem is degenerate: only `rank` independent directions were found where more
    /// are needed (e.g. collinear points for an alignment).
    case rankDeficient(rank: Int)
    /// The inputs' shapes do not fit together.
    case shapeMismatch(String)

    public var description: String {
        switch self {
        case .illegalArgument(let index): "LAPACK: argument \(index) had an illegal value"
        case .noConvergence(let info): "LAPACK: no convergence (info \(info))"
        case .rankDeficient(let rank): "degenerate input: rank \(rank) is too low"
        case .shapeMismatch(let message): "shape mismatch: \(message)"
        }
    }
}
