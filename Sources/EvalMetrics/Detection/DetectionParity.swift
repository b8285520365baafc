import Recording

/// A variant compared with its reference (`spec.md#parity-gate`): COCO scores in Mode A
/// (real ground truth: `gap_pp = 100 × (reference − variant)`) or Mode B (the reference's
/// confident boxes as pseudo ground truth: agreement mAP, with the reference's self-check),
/// the pair analysis, and every enabled gate rule with its verdict. Gaps are compared unrounded.
public struct DetectionParity: Sendable {
    /// How the variant is measured.
    public enum Mode: String, Sendable {
        /// Real ground truth.
        case groundTruth = "A"
        /// The reference's boxes at or above the pseudo threshold as ground truth.
        case pseudoGroundTruth = "B"
    }

    /// One compared metric.
    public struct Gap: Sendable {
        /// `AP`, `AP50`, `AP75` or `AR@100`.
        public var metric: String
        /// Reference value (Mode B: the reference scored on its own pseudo ground truth).
        public var reference: Double
        /// Variant value (Mode B: agreement).
        public var variant: Double
        /// `100 × (reference − variant)` (Mode B: `100 × (1 − agreement)`), unrounded.
        public var gapPP: Double
    }

    /// The mode.
    public let mode: Mode
    /// The reference scored (Mode B: on its own pseudo ground truth, the self-check).
    public let reference: COCOEvaluation
    /// The variant scored.
    public let variant: COCOEvaluation
    /// AP, AP50, AP75, AR@100.
    public let gaps: [Gap]
    /// Mode B: the pseudo-ground-truth threshold.
    public let pseudoThreshold: Double?
    /// The pair analysis.
    public let pairs: PairAnalysis
    /// Every enabled rule.
    public let rules: [ParityRule]
    /// Mode A: the variant beats the reference by more than `G_A` (reviewed, not failed: the
    /// pipelines probably differ).
    public let flaggedForReview: Bool

    /// Whether every enabled rule holds.
    public var passed: Bool { rules.allSatisfy(\.passed) }

    /// The summary numbers compared, with their indices in `stats`.
    public static let comparedMetrics: [(name: String, index: Int)] = [("AP", 0), ("AP50", 1), ("AP75", 2), ("AR@100", 8)]

    /// Mode A when `groundTruth` is given, else Mode B at `pseudoThreshold`.
    public init(reference: COCOResults, variant: COCOResults, groundTruth: COCOGroundTruth?, pseudoThreshold: Double?,
                pairSettings: PairAnalysis.Settings, limits: ParityLimits) throws {
        let referenceStats: [Double], variantStats: [Double]
        if let groundTruth {
            mode = .groundTruth
            self.reference = try COCOEvaluator.evaluate(groundTruth: groundTruth, results: reference, iouType: .bbox)
            self.variant = try COCOEvaluator.evaluate(groundTruth: groundTruth, results: variant, iouType: .bbox)
            referenceStats = self.reference.stats
            variantStats = self.variant.stats
            guard referenceStats[0] > -1 else {
                throw InputError(file: groundTruth.source, message: "the ground truth has no counted object, so there is no mAP to compare")
            }
            gaps = Self.comparedMetrics.map { name, index in
                Gap(metric: name, reference: referenceStats[index], variant: variantStats[index],
                    gapPP: 100 * (referenceStats[index] - variantStats[index]))
            }
            self.pseudoThreshold = nil
        } else {
            mode = .pseudoGroundTruth
            let threshold = pseudoThreshold ?? pairSettings.operatingThreshold
            let pseudo = try PseudoGroundTruth.make(
                reference: reference.detections, threshold: threshold,
                imageIds: PseudoGroundTruth.imageIds(reference.detections, variant.detections),
                categoryIds: PseudoGroundTruth.categoryIds(reference.detections, variant.detections), source: reference.source)
            self.reference = try COCOEvaluator.evaluate(groundTruth: pseudo, results: reference, iouType: .bbox)
            self.variant = try COCOEvaluator.evaluate(groundTruth: pseudo, results: variant, iouType: .bbox)
            referenceStats = self.reference.stats
            variantStats = self.variant.stats
            gaps = Self.comparedMetrics.map { name, index in
                Gap(metric: name, reference: referenceStats[index], variant: variantStats[index], gapPP: 100 * (1 - variantStats[index]))
            }
            self.pseudoThreshold = threshold
        }
        pairs = PairAnalysis(reference: reference.detections, variant: variant.detections, settings: pairSettings)
        let headline = gaps[0].gapPP
        flaggedForReview = mode == .groundTruth && limits.gap.map { headline < -$0 } == true
        rules = Self.rules(mode: mode, gaps: gaps, pairs: pairs, limits: limits)
    }

    private static func rules(mode: Mode, gaps: [Gap], pairs: PairAnalysis, limits: ParityLimits) -> [ParityRule] {
        var rules: [ParityRule] = []
        switch mode {
        case .groundTruth:
            if let limit = limits.gap { rules.append(ParityRule("gap_pp(mAP50-95) ≤ G_A", measured: gaps[0].gapPP, limit: limit)) }
        case .pseudoGroundTruth:
            // The reference must score 1 on AP, AP50, AP75 and AR@100 against itself: exactly, but
            // for COCOeval's ε in the precision denominator (a class with one box reads 1/(1 + ε)).
            let selfCheck = gaps.allSatisfy { $0.reference >= 1 - 1e-12 }
            rules.append(ParityRule("self-check: reference on its own pseudo ground truth = 1", measured: selfCheck ? 1 : 0, limit: 1, atLeast: true))
            if let limit = limits.agreementGap {
                rules.append(ParityRule("agreement_gap_pp ≤ G_B", measured: gaps[0].gapPP, limit: limit))
            }
        }
        rules += limits.pairRules(pairs)
        return rules
    }
}
