import EvalNumerics
import Recording

/// evo's absolute pose error with the translation-part relation (`evo_ape tum REF EST`,
/// with `-a` for SE(3) or `-as` for Sim(3)): associate by timestamp, fit the alignment of
/// the estimate's positions onto the reference's with Umeyama (on all pairs), apply it,
/// and take ‖t(P_i) − t(Q_i)‖ per pair.
public struct AbsoluteTrajectoryError: Sendable {
    /// The timestamp pairs used.
    public var association: TrajectoryAssociation
    /// The alignment applied to the estimate (identity for `.none`).
    public var alignment: RigidAlignment
    /// Which alignment was fitted.
    public var alignmentKind: AlignmentKind
    /// Per-pair translation error, metres, in association order.
    public var errors: [Double]
    /// evo's statistics of `errors`.
    public var statistics: ErrorStatistics

    /// Why the error cannot be computed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No timestamps matched within the maximum difference.
        case noMatches(maxDifference: Double, offset: Double)
        /// The alignment could not be fitted (e.g. fewer than three non-collinear positions).
        case alignment(LinearAlgebraError)

        public var description: String {
            switch self {
            case .noMatches(let maxDifference, let offset):
                "found no matching timestamps with max. time diff \(maxDifference) s and time offset \(offset) s"
            case .alignment(let error): "alignment failed: \(error)"
            }
        }
    }

    /// Computes the error of `estimate` against `reference`.
    public init(
        reference: [TUMPose], estimate: [TUMPose], alignment kind: AlignmentKind = .none,
        maxDifference: Double = 0.01, offset: Double = 0
    ) throws(Failure) {
        let association = TrajectoryAssociation(
            reference: reference.map(\.time), estimate: estimate.map(\.time), maxDifference: maxDifference, offset: offset)
        guard association.count > 0 else { throw .noMatches(maxDifference: maxDifference, offset: offset) }
        let referencePositions = association.referenceIndices.map { reference[$0].translation }
        let estimatePositions = association.estimateIndices.map { estimate[$0].translation }
        let fit: RigidAlignment
        do {
            fit = try Umeyama.align(estimatePositions, to: referencePositions, kind: kind)
        } catch {
            throw .alignment(error)
        }
        let errors = zip(estimatePositions, referencePositions).map { estimated, truth in
            let difference = fit.apply(estimated) - truth
            return (difference * difference).sum().squareRoot()
        }
        self.association = association
        self.alignment = fit
        self.alignmentKind = kind
        self.errors = errors
        self.statistics = ErrorStatistics(errors)
    }
}
