import EvalMetrics

/// The row types of a run's tables (`results.h5`, layout `run/1`) and their columns.
extension TrackingRow: ColumnRow {
    public static var blank: TrackingRow {
        TrackingRow(n: 0, mota: 0, idf1: 0, hota: 0, identitySwitches: 0, groundTruthCount: 0, trackCount: 0,
                    newIDsPerMinute: 0, newIDsPerDetection: 0, meanTrackLifetime: 0)
    }
    public static var doubleColumns: [(String, WritableKeyPath<TrackingRow, Double>)] {
        [("mota", \.mota), ("idf1", \.idf1), ("hota", \.hota), ("new_ids_per_minute", \.newIDsPerMinute),
         ("new_ids_per_detection", \.newIDsPerDetection), ("mean_track_lifetime_s", \.meanTrackLifetime)]
    }
    public static var integerColumns: [(String, WritableKeyPath<TrackingRow, Int64>)] {
        [("n", \.n), ("idsw", \.identitySwitches), ("gt", \.groundTruthCount), ("tracks", \.trackCount)]
    }
}

extension Tracking3DRow: ColumnRow {
    public static var blank: Tracking3DRow {
        Tracking3DRow(gate: 0, truePositives: 0, falsePositives: 0, falseNegatives: 0, identitySwitches: 0, truthCount: 0, distanceSum: 0)
    }
    public static var doubleColumns: [(String, WritableKeyPath<Tracking3DRow, Double>)] {
        [("gate_m", \.gate), ("distance_sum_m", \.distanceSum)]
    }
    public static var integerColumns: [(String, WritableKeyPath<Tracking3DRow, Int64>)] {
        [("tp", \.truePositives), ("fp", \.falsePositives), ("fn", \.falseNegatives), ("idsw", \.identitySwitches),
         ("gt", \.truthCount)]
    }
}

extension InstanceRow: ColumnRow {
    public static var blank: InstanceRow { InstanceRow(instance: 0, object: 0, feedCount: 0, objectsFeeding: 0, purity: 0) }
    public static var doubleColumns: [(String, WritableKeyPath<InstanceRow, Double>)] { [("purity", \.purity)] }
    public static var integerColumns: [(String, WritableKeyPath<InstanceRow, Int64>)] {
        [("instance", \.instance), ("object", \.object), ("feed_count", \.feedCount), ("objects_feeding", \.objectsFeeding)]
    }
    public static var columnNotes: [String: String] { ["object": "−1 none"] }
}

extension AbsenceFlagRow: ColumnRow {
    public static var blank: AbsenceFlagRow { AbsenceFlagRow(instance: 0, object: 0, frame: 0, time: 0, verdict: .correct) }
    public static var doubleColumns: [(String, WritableKeyPath<AbsenceFlagRow, Double>)] { [("time_s", \.time)] }
    public static var integerColumns: [(String, WritableKeyPath<AbsenceFlagRow, Int64>)] {
        [("instance", \.instance), ("object", \.object), ("frame", \.frame)]
    }
    public static var stringColumns: [(String, WritableKeyPath<AbsenceFlagRow, String>)] { [("verdict", \.verdictName)] }
    public static var columnNotes: [String: String] { ["verdict": MissingFlagJudgement.Verdict.allCases.map(\.rawValue).joined(separator: ", ")] }
    /// The verdict as stored (an unknown name reads as `unassociated`).
    public var verdictName: String {
        get { verdict.rawValue }
        set { verdict = .init(rawValue: newValue) ?? .unassociated }
    }
}

extension RemovalRow: ColumnRow {
    public static var blank: RemovalRow { RemovalRow(object: 0, time: 0, moved: 0, latency: 0) }
    public static var doubleColumns: [(String, WritableKeyPath<RemovalRow, Double>)] { [("time_s", \.time), ("latency_s", \.latency)] }
    public static var integerColumns: [(String, WritableKeyPath<RemovalRow, Int64>)] { [("object", \.object), ("moved", \.moved)] }
    public static var columnNotes: [String: String] { ["latency_s": "NaN when missed"] }
}

extension LockOnRow: ColumnRow {
    public static var blank: LockOnRow {
        LockOnRow(request: 0, object: 0, instance: 0, verdict: .none, locks: 0, arrivalsAtObject: 0, arrivalsWithoutObject: 0)
    }
    public static var doubleColumns: [(String, WritableKeyPath<LockOnRow, Double>)] {
        [("time_to_first_lock_s", \.timeToFirstLock), ("lock_after_redetection_s", \.lockAfterRedetection)]
    }
    public static var integerColumns: [(String, WritableKeyPath<LockOnRow, Int64>)] {
        [("request", \.request), ("object", \.object), ("instance", \.instance), ("start_object", \.startObject), ("locks", \.locks),
         ("arrivals_at_object", \.arrivalsAtObject), ("arrivals_without_object", \.arrivalsWithoutObject),
         ("amber_at_object", \.amberAtObject), ("amber_without_object", \.amberWithoutObject),
         ("suggestions", \.suggestions), ("real_suggestions", \.realSuggestions)]
    }
    public static var stringColumns: [(String, WritableKeyPath<LockOnRow, String>)] { [("verdict", \.verdictName)] }
    public static var columnNotes: [String: String] {
        ["verdict": LockOnOutcome.Verdict.allCases.map(\.rawValue).joined(separator: ", "),
         "arrivals_at_object": "green arrivals", "arrivals_without_object": "green arrivals",
         "start_object": "-1 when not in memory or none", "time_to_first_lock_s": "NaN without a lock",
         "lock_after_redetection_s": "NaN when the object was not re-detected or never locked"]
    }
    /// The verdict as stored (an unknown name reads as `none`).
    public var verdictName: String {
        get { verdict.rawValue }
        set { verdict = .init(rawValue: newValue) ?? .none }
    }
}

extension FigureInterval: ColumnRow {
    public static var blank: FigureInterval { FigureInterval(figure: "", parameter: 0, interval: .init(estimate: 0, lower: 0, upper: 0), recordings: 0) }
    public static var doubleColumns: [(String, WritableKeyPath<FigureInterval, Double>)] {
        [("parameter", \.parameter), ("estimate", \.interval.estimate), ("lower", \.interval.lower), ("upper", \.interval.upper)]
    }
    public static var integerColumns: [(String, WritableKeyPath<FigureInterval, Int64>)] { [("recordings", \.recordings)] }
    public static var stringColumns: [(String, WritableKeyPath<FigureInterval, String>)] { [("figure", \.figure)] }
    public static var columnNotes: [String: String] {
        ["figure": "mota, idf1, hota, mota_3d, anchor_error.median_m, anchor_error.p90_m, anchors.mean_purity",
         "parameter": "detect-every-N, the 3-D gate in m, or NaN", "recordings": "recordings resampled"]
    }
}

extension PolicyInstanceRow: ColumnRow {
    public static var blank: PolicyInstanceRow {
        PolicyInstanceRow(policy: 0, instance: 0, object: 0, objectsFeeding: 0, confirmed: 0, confirmedAt: 0, drift: 0, objectFirstSeen: 0)
    }
    public static var doubleColumns: [(String, WritableKeyPath<PolicyInstanceRow, Double>)] {
        [("confirmed_at_s", \.confirmedAt), ("drift_m", \.drift), ("object_first_seen_s", \.objectFirstSeen)]
    }
    public static var integerColumns: [(String, WritableKeyPath<PolicyInstanceRow, Int64>)] {
        [("policy", \.policy), ("instance", \.instance), ("object", \.object), ("objects_feeding", \.objectsFeeding), ("confirmed", \.confirmed)]
    }
    public static var columnNotes: [String: String] {
        ["policy": "0 LocalLens registry, 1 RealityRogue label anchoring", "object": "−1 none", "confirmed": "1 shown, 0 never",
         "confirmed_at_s": "NaN when never shown", "drift_m": "NaN when never shown", "object_first_seen_s": "NaN without an object"]
    }
}

extension PolicyErrorRow: ColumnRow {
    public static var blank: PolicyErrorRow { PolicyErrorRow(policy: 0, instance: 0, error: 0) }
    public static var doubleColumns: [(String, WritableKeyPath<PolicyErrorRow, Double>)] { [("error_m", \.error)] }
    public static var integerColumns: [(String, WritableKeyPath<PolicyErrorRow, Int64>)] { [("policy", \.policy), ("instance", \.instance)] }
    public static var columnNotes: [String: String] { ["policy": "0 LocalLens registry, 1 RealityRogue label anchoring"] }
}
