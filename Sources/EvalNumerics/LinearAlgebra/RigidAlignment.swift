/// A similarity transform `p ↦ s · R · p + t` (a rigid SE(3) transform when `scale` is 1).
public struct RigidAlignment: Equatable, Sendable {
    /// Rotation `R`, a 3×3 orthogonal matrix with determinant +1.
    public var rotation: Matrix
    /// Translation `t`.
    public var translation: SIMD3<Double>
    /// Scale `s` (1 for SE(3)).
    public var scale: Double

    /// Creates a transform from its parts.
    public init(rotation: Matrix, translation: SIMD3<Double>, scale: Double = 1) {
        precondition(rotation.rows == 3 && rotation.columns == 3, "rotation must be 3×3")
        self.rotation = rotation
        self.translation = translation
        self.scale = scale
    }

    /// The identity (what `--align none` uses).
    public static let identity = RigidAlignment(rotation: .identity(3), translation: .zero)

    /// `s · R · p + t`: the point scaled first, then rotated and translated, as evo applies a
    /// Sim(3) alignment to a trajectory.
    public func apply(_ point: SIMD3<Double>) -> SIMD3<Double> {
        rotation * (scale * point) + translation
    }

    /// `self ∘ other`: applies `other` first.
    public func composed(after other: RigidAlignment) -> RigidAlignment {
        RigidAlignment(
            rotation: rotation * other.rotation,
            translation: scale * (rotation * other.translation) + translation,
            scale: scale * other.scale)
    }
}

/// Which alignment is fitted before errors are measured (evo's `-a` and `-as`).
public enum AlignmentKind: String, CaseIterable, Sendable {
    /// No alignment: errors in the frames as given.
    case none
    /// Rotation and translation (evo `--align`).
    case se3
    /// Rotation, translation and scale (evo `--align --correct_scale`).
    case sim3
}
