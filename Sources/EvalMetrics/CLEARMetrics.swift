import Foundation

/// The counts behind the CLEAR MOT metrics of one sequence (or of several, summed).
public struct CLEARCounts: Sendable, Equatable {
    /// Matched detections (`CLR_TP`).
    public var truePositives = 0
    /// Missed ground-truth detections (`CLR_FN`).
    public var falseNegatives = 0
    /// Unmatched tracker detections (`CLR_FP`).
    public var falsePositives = 0
    /// Identity switches (`IDSW`).
    public var identitySwitches = 0
    /// Ground-truth ids tracked for more than 80 % of their frames (`MT`).
    public var mostlyTracked = 0
    /// Ids tracked for 20–80 % (`PT`).
    public var partiallyTracked = 0
    /// Ids tracked for less than 20 % (`ML`).
    public var mostlyLost = 0
    /// Fragmentations (`Frag`).
    public var fragmentations = 0
    /// Timesteps evaluated (`CLR_Frames`); 0 for TrackEval's empty-sequence exit.
    public var frames = 0
    /// Σ IoU over matches (`MOTP_sum`).
    public var similaritySum = 0.0
    /// True for TrackEval's early exit on an empty side: its reported ratios stay 0
    /// except `MLR` = 1. Sums over sequences never carry this flag.
    public var isEmptyExit = false

    /// Creates zero counts.
    public init() {}

    /// Sums counts over sequences, as TrackEval's COMBINED row does.
    public static func combined(_ parts: [CLEARCounts]) -> CLEARCounts {
        var total = CLEARCounts()
        for part in parts {
            total.truePositives += part.truePositives
            total.falseNegatives += part.falseNegatives
            total.falsePositives += part.falsePositives
            total.identitySwitches += part.identitySwitches
            total.mostlyTracked += part.mostlyTracked
            total.partiallyTracked += part.partiallyTracked
            total.mostlyLost += part.mostlyLost
            total.fragmentations += part.fragmentations
            total.frames += part.frames
            total.similaritySum += part.similaritySum
        }
        return total
    }

    /// The TrackEval fields, in TrackEval's order, with its `max(1, ·)` denominators.
    public var fields: [(String, MetricValue)] {
        let tp = Double(truePositives), fn = Double(falseNegatives), fp = Double(falsePositives)
        let idsw = Double(identitySwitches)
        let ids = Double(mostlyTracked + mostlyLost + partiallyTracked)
        func ratio(_ a: Double, _ b: Double) -> Double { a / max(1.0, b) }
        var values: [String: Double] = [:]
        if isEmptyExit {
            for key in ["MOTA", "MOTP", "MODA", "CLR_Re", "CLR_Pr", "MTR", "PTR", "sMOTA", "CLR_F1", "FP_per_frame", "MOTAL"] {
                values[key] = 0
            }
            values["MLR"] = 1
        } else {
            values["MTR"] = ratio(Double(mostlyTracked), ids)
            values["MLR"] = ratio(Double(mostlyLost), ids)
            values["PTR"] = ratio(Double(partiallyTracked), ids)
            values["CLR_Re"] = ratio(tp, tp + fn)
            values["CLR_Pr"] = ratio(tp, tp + fp)
            values["MODA"] = ratio(tp - fp, tp + fn)
            values["MOTA"] = ratio(tp - fp - idsw, tp + fn)
            values["MOTP"] = ratio(similaritySum, tp)
            values["sMOTA"] = ratio(similaritySum - fp - idsw, tp + fn)
            values["CLR_F1"] = ratio(tp, tp + 0.5 * fn + 0.5 * fp)
            values["FP_per_frame"] = ratio(fp, Double(frames))
            let safeLogIDSW = identitySwitches > 0 ? log10(idsw) : idsw
            values["MOTAL"] = ratio(tp - fp - safeLogIDSW, tp + fn)
        }
        let floats = ["MOTA", "MOTP", "MODA", "CLR_Re", "CLR_Pr", "MTR", "PTR", "MLR", "sMOTA", "CLR_F1", "FP_per_frame", "MOTAL"]
        var result = floats.map { ($0, MetricValue.real(values[$0]!)) }
        result.append(("MOTP_sum", .real(similaritySum)))
        let integers: [(String, Int)] = [
            ("CLR_TP", truePositives), ("CLR_FN", falseNegatives), ("CLR_FP", falsePositives),
            ("IDSW", identitySwitches), ("MT", mostlyTracked), ("PT", partiallyTracked), ("ML", mostlyLost),
            ("Frag", fragmentations), ("CLR_Frames", frames),
        ]
        result += integers.map { ($0.0, MetricValue.integer($0.1)) }
        return result
    }
}
