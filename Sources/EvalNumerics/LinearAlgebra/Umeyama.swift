/// Umeyama's least-squares alignment of corresponding point sets (IEEE PAMI 1991), step
/// for step as evo's `geometry.umeyama_alignment`: the returned transform maps `source`
/// onto `target`, minimising the mean squared residual ‖target_i − (s·R·source_i + t)‖².
public enum Umeyama {
    /// The transform of `kind` that best maps `source` onto `target` (identity for `.none`).
    public static func align(
        _ source: [SIMD3<Double>], to target: [SIMD3<Double>], kind: AlignmentKind
    ) throws(LinearAlgebraError) -> RigidAlignment {
        switch kind {
        case .none: .identity
        case .se3: try align(source, to: target, withScale: false)
        case .sim3: try align(source, to: target, withScale: true)
        }
    }

    /// The rigid (or, `withScale`, similarity) transform mapping `source` onto `target`.
    /// - Throws: `.shapeMismatch` for different or zero counts; `.rankDeficient` when fewer
    ///   than two singular values of the cross-covariance exceed machine epsilon (e.g.
    ///   collinear points), as evo refuses; `.noConvergence` from LAPACK.
    public static func align(
        _ source: [SIMD3<Double>], to target: [SIMD3<Double>], withScale: Bool
    ) throws(LinearAlgebraError) -> RigidAlignment {
        guard source.count == target.count else {
            throw .shapeMismatch("\(source.count) source points, \(target.count) target points")
        }
        guard !source.isEmpty else { throw .shapeMismatch("no points to align") }
        let n = Double(source.count)
        let meanSource = mean(source), meanTarget = mean(target)
        var varianceSource = 0.0
        var covariance = Matrix.zeros(rows: 3, columns: 3)
        for (x, y) in zip(source, target) {
            let dx = x - meanSource, dy = y - meanTarget
            varianceSource += (dx * dx).sum()
            for i in 0..<3 { for j in 0..<3 { covariance[i, j] += dy[i] * dx[j] } }
        }
        varianceSource /= n
        covariance = (1 / n) * covariance

        let svd = try SingularValueDecomposition(covariance)
        let rank = svd.singularValues.filter { $0 > Double.ulpOfOne }.count
        guard rank >= 2 else { throw .rankDeficient(rank: rank) }
        var s = Matrix.identity(3)
        if svd.u.determinant * svd.vt.determinant < 0 { s[2, 2] = -1 }
        let rotation = svd.u * s * svd.vt
        var scale = 1.0
        if withScale {
            let traceDS = zip(svd.singularValues, [s[0, 0], s[1, 1], s[2, 2]]).reduce(0) { $0 + $1.0 * $1.1 }
            scale = traceDS / varianceSource
        }
        let translation = meanTarget - scale * (rotation * meanSource)
        return RigidAlignment(rotation: rotation, translation: translation, scale: scale)
    }

    private static func mean(_ points: [SIMD3<Double>]) -> SIMD3<Double> {
        points.reduce(SIMD3<Double>.zero, +) / Double(points.count)
    }
}
