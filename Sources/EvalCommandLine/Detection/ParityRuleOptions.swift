import EvalMetrics
import EvalResults
import EvalJobs
import EvalReports

/// The pair-analysis options shared by `det-parity` and `gate-log`: thresholds of the
/// pairing and the limits of the rules that are off until given.
enum ParityRuleOptions {
    static let scoreFloor = OptionKey<Double>("score-floor", "S", "s_low: boxes below take no part in pairing.", default: 0)
    static let pairIoU = OptionKey<Double>("pair-iou", "X", "Least IoU of a pair.", default: 0.5, bounds: .above(0))
    static let maxMisses = OptionKey<Int?>("max-misses", "N", "Most misses at s_op (off unless given).", bounds: .atLeast(0))
    static let maxExtras = OptionKey<Int?>("max-extras", "N", "Most extras + class flips at s_op (off unless given).", bounds: .atLeast(0))
    static let minIoUMedian = OptionKey<Double?>("min-iou-median", "X", "Least median matched IoU (off unless given).")
    static let maxDeltaP95 = OptionKey<Double?>("max-score-delta-p95", "X", "Largest p95 of |score delta| (off unless given).")

    /// The options, in help order.
    static let options: [any CommandOption] = [scoreFloor, pairIoU, maxMisses, maxExtras, minIoUMedian, maxDeltaP95]

    /// The pairing at operating threshold `threshold`.
    static func settings(_ arguments: ParsedArguments, threshold: Double) -> PairAnalysis.Settings {
        PairAnalysis.Settings(scoreFloor: arguments[scoreFloor], operatingThreshold: threshold, pairIoU: arguments[pairIoU])
    }

    /// The limits given, with the gaps given by the caller.
    static func limits(_ arguments: ParsedArguments, gap: Double?, agreementGap: Double?) -> ParityLimits {
        ParityLimits(gap: gap, agreementGap: agreementGap, maxMisses: arguments[maxMisses], maxExtras: arguments[maxExtras],
                     minIoUMedian: arguments[minIoUMedian], maxScoreDeltaP95: arguments[maxDeltaP95])
    }
}
