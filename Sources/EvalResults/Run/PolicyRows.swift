import EvalNumerics
import Evaluation

/// One anchor of one anchoring policy on one recording (`policy_instances` in `results.h5`).
public struct PolicyInstanceRow: Sendable, Equatable {
    /// ``AnchoringPolicy`` raw value: 0 LocalLens, 1 RealityRogue.
    public var policy: Int64
    /// The anchor's id within its policy.
    public var instance: Int64
    /// The associated object (−1 when none).
    public var object: Int64
    /// Distinct objects among its feeding detections.
    public var objectsFeeding: Int64
    /// 1 when the anchor was ever shown, else 0.
    public var confirmed: Int64
    /// When it was first shown, seconds (NaN when never).
    public var confirmedAt: Double
    /// Movement between being shown and its last update, metres (NaN when never shown).
    public var drift: Double
    /// When the associated object was first observed, seconds (NaN without an object).
    public var objectFirstSeen: Double
}

/// One per-update anchor error of one policy (`policy_errors` in `results.h5`).
public struct PolicyErrorRow: Sendable, Equatable {
    /// ``AnchoringPolicy`` raw value.
    public var policy: Int64
    /// The anchor.
    public var instance: Int64
    /// The error, metres.
    public var error: Double
}

/// The side-by-side figures of the anchoring policies (spec.md#policy-comparison), computed
/// from the rows of the recordings given, so a bootstrap over recordings recomputes them.
public enum PolicyFigures {
    /// The figures in table order: stored name, column title, and whether it is a count.
    public static let figures: [(name: String, title: String, isCount: Bool)] = [
        ("policy.anchor_error.median_m", "anchor error median m", false),
        ("policy.duplicates", "duplicates", true),
        ("policy.blended", "blended instances", true),
        ("policy.label_drift.median_m", "label drift median m", false),
        ("policy.time_to_confirmed.median_s", "time to a confirmed anchor median s", false),
    ]

    /// The value of figure `name` for `policy` pooled over `recordings`.
    public static func value(_ name: String, policy: Int64, _ recordings: [RecordingResults]) -> Double {
        let shown = recordings.flatMap { $0.policyInstances.filter { $0.policy == policy && $0.confirmed == 1 } }
        func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : Quantile.linear(values, 0.5) }
        switch name {
        case "policy.anchor_error.median_m":
            return median(recordings.flatMap { $0.policyErrors.filter { $0.policy == policy }.map(\.error) })
        case "policy.duplicates":
            return Double(recordings.reduce(0) { total, r in total + duplicates(r.policyInstances.filter { $0.policy == policy && $0.confirmed == 1 }) })
        case "policy.blended":
            return Double(shown.filter { $0.objectsFeeding > 1 }.count)
        case "policy.label_drift.median_m":
            return median(shown.filter { $0.object >= 0 }.map(\.drift))
        case "policy.time_to_confirmed.median_s":
            return median(recordings.flatMap { timesToConfirmed($0.policyInstances.filter { $0.policy == policy && $0.confirmed == 1 }) })
        default:
            return .nan
        }
    }

    /// Σ over objects of (shown anchors associated − 1).
    public static func duplicates(_ shown: [PolicyInstanceRow]) -> Int {
        var count: [Int64: Int] = [:]
        for row in shown where row.object >= 0 { count[row.object, default: 0] += 1 }
        return count.values.reduce(0) { $0 + $1 - 1 }
    }

    /// Per object with a shown anchor: first showing minus first observation, seconds.
    public static func timesToConfirmed(_ shown: [PolicyInstanceRow]) -> [Double] {
        var first: [Int64: (shown: Double, seen: Double)] = [:]
        for row in shown where row.object >= 0 && row.objectFirstSeen.isFinite {
            let current = first[row.object]
            if current == nil || row.confirmedAt < current!.shown { first[row.object] = (row.confirmedAt, row.objectFirstSeen) }
        }
        return first.keys.sorted().map { max(0, first[$0]!.shown - first[$0]!.seen) }
    }

    /// Rows of `comparison` for results.
    public static func rows(_ comparison: PolicyComparison) -> (instances: [PolicyInstanceRow], errors: [PolicyErrorRow]) {
        let instances = comparison.instances.map {
            PolicyInstanceRow(policy: $0.policy.rawValue, instance: Int64($0.instance), object: $0.object ?? -1,
                              objectsFeeding: Int64($0.objectsFeeding), confirmed: $0.confirmed ? 1 : 0, confirmedAt: $0.confirmedAt,
                              drift: $0.drift, objectFirstSeen: $0.object.flatMap { comparison.firstSeen[$0] } ?? .nan)
        }
        let errors = comparison.instances.flatMap { i in
            i.errors.map { PolicyErrorRow(policy: i.policy.rawValue, instance: Int64(i.instance), error: $0) }
        }
        return (instances, errors)
    }
}
