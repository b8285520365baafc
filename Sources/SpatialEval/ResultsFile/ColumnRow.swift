import ResultStore

/// A row type stored as one HDF5 dataset per field (column-oriented, pandas-friendly).
protocol ColumnRow {
    /// A row with every field zero, filled in by reading.
    static var blank: Self { get }
    /// Floating-point columns.
    static var doubleColumns: [(String, WritableKeyPath<Self, Double>)] { get }
    /// Integer columns.
    static var integerColumns: [(String, WritableKeyPath<Self, Int64>)] { get }
    /// Text columns (none unless a row type names some).
    static var stringColumns: [(String, WritableKeyPath<Self, String>)] { get }
}

extension ColumnRow {
    static var stringColumns: [(String, WritableKeyPath<Self, String>)] { [] }
}

extension ResultGroup {
    /// Writes `rows` as a table: one 1-D dataset per column.
    func writeRows<Row: ColumnRow>(_ rows: [Row]) throws {
        for (name, path) in Row.doubleColumns { try write(rows.map { $0[keyPath: path] }, to: name) }
        for (name, path) in Row.integerColumns { try write(rows.map { $0[keyPath: path] }, to: name) }
        for (name, path) in Row.stringColumns { try write(rows.map { $0[keyPath: path] }, to: name) }
    }

    /// Reads a table written by ``writeRows(_:)``.
    func readRows<Row: ColumnRow>(_ type: Row.Type) throws -> [Row] {
        var rows: [Row] = []
        for (name, path) in Row.doubleColumns {
            let values = try readDoubles(name).values
            if rows.isEmpty { rows = Array(repeating: .blank, count: values.count) }
            for k in values.indices where k < rows.count { rows[k][keyPath: path] = values[k] }
        }
        for (name, path) in Row.integerColumns {
            let values = try readInt64s(name).values
            if rows.isEmpty { rows = Array(repeating: .blank, count: values.count) }
            for k in values.indices where k < rows.count { rows[k][keyPath: path] = values[k] }
        }
        for (name, path) in Row.stringColumns {
            let values = try readStrings(name)
            if rows.isEmpty { rows = Array(repeating: .blank, count: values.count) }
            for k in values.indices where k < rows.count { rows[k][keyPath: path] = values[k] }
        }
        return rows
    }
}

extension TrackingRow: ColumnRow {
    static var blank: TrackingRow {
        TrackingRow(n: 0, mota: 0, idf1: 0, hota: 0, identitySwitches: 0, groundTruthCount: 0, trackCount: 0,
                    newIDsPerMinute: 0, newIDsPerDetection: 0, meanTrackLifetime: 0)
    }
    static var doubleColumns: [(String, WritableKeyPath<TrackingRow, Double>)] {
        [("mota", \.mota), ("idf1", \.idf1), ("hota", \.hota), ("new_ids_per_minute", \.newIDsPerMinute),
         ("new_ids_per_detection", \.newIDsPerDetection), ("mean_track_lifetime_s", \.meanTrackLifetime)]
    }
    static var integerColumns: [(String, WritableKeyPath<TrackingRow, Int64>)] {
        [("n", \.n), ("idsw", \.identitySwitches), ("gt", \.groundTruthCount), ("tracks", \.trackCount)]
    }
}

extension Tracking3DRow: ColumnRow {
    static var blank: Tracking3DRow {
        Tracking3DRow(gate: 0, truePositives: 0, falsePositives: 0, falseNegatives: 0, identitySwitches: 0, truthCount: 0, distanceSum: 0)
    }
    static var doubleColumns: [(String, WritableKeyPath<Tracking3DRow, Double>)] {
        [("gate_m", \.gate), ("distance_sum_m", \.distanceSum)]
    }
    static var integerColumns: [(String, WritableKeyPath<Tracking3DRow, Int64>)] {
        [("tp", \.truePositives), ("fp", \.falsePositives), ("fn", \.falseNegatives), ("idsw", \.identitySwitches),
         ("gt", \.truthCount)]
    }
}

extension InstanceRow: ColumnRow {
    static var blank: InstanceRow { InstanceRow(instance: 0, object: 0, feedCount: 0, objectsFeeding: 0, purity: 0) }
    static var doubleColumns: [(String, WritableKeyPath<InstanceRow, Double>)] { [("purity", \.purity)] }
    static var integerColumns: [(String, WritableKeyPath<InstanceRow, Int64>)] {
        [("instance", \.instance), ("object", \.object), ("feed_count", \.feedCount), ("objects_feeding", \.objectsFeeding)]
    }
}

extension AbsenceFlagRow: ColumnRow {
    static var blank: AbsenceFlagRow { AbsenceFlagRow(instance: 0, object: 0, frame: 0, time: 0, verdict: .correct) }
    static var doubleColumns: [(String, WritableKeyPath<AbsenceFlagRow, Double>)] { [("time_s", \.time)] }
    static var integerColumns: [(String, WritableKeyPath<AbsenceFlagRow, Int64>)] {
        [("instance", \.instance), ("object", \.object), ("frame", \.frame)]
    }
    static var stringColumns: [(String, WritableKeyPath<AbsenceFlagRow, String>)] { [("verdict", \.verdictName)] }
    /// The verdict as stored (an unknown name reads as `unassociated`).
    var verdictName: String {
        get { verdict.rawValue }
        set { verdict = .init(rawValue: newValue) ?? .unassociated }
    }
}

extension RemovalRow: ColumnRow {
    static var blank: RemovalRow { RemovalRow(object: 0, time: 0, moved: 0, latency: 0) }
    static var doubleColumns: [(String, WritableKeyPath<RemovalRow, Double>)] { [("time_s", \.time), ("latency_s", \.latency)] }
    static var integerColumns: [(String, WritableKeyPath<RemovalRow, Int64>)] { [("object", \.object), ("moved", \.moved)] }
}

extension LockOnRow: ColumnRow {
    static var blank: LockOnRow {
        LockOnRow(request: 0, object: 0, instance: 0, verdict: .none, locks: 0, arrivalsAtObject: 0, arrivalsWithoutObject: 0)
    }
    static var doubleColumns: [(String, WritableKeyPath<LockOnRow, Double>)] { [] }
    static var integerColumns: [(String, WritableKeyPath<LockOnRow, Int64>)] {
        [("request", \.request), ("object", \.object), ("instance", \.instance), ("locks", \.locks),
         ("arrivals_at_object", \.arrivalsAtObject), ("arrivals_without_object", \.arrivalsWithoutObject)]
    }
    static var stringColumns: [(String, WritableKeyPath<LockOnRow, String>)] { [("verdict", \.verdictName)] }
    /// The verdict as stored (an unknown name reads as `none`).
    var verdictName: String {
        get { verdict.rawValue }
        set { verdict = .init(rawValue: newValue) ?? .none }
    }
}

extension IntervalEstimate: ColumnRow {
    static var blank: IntervalEstimate { IntervalEstimate(estimate: 0, lower: 0, upper: 0) }
    static var doubleColumns: [(String, WritableKeyPath<IntervalEstimate, Double>)] {
        [("estimate", \.estimate), ("lower", \.lower), ("upper", \.upper)]
    }
    static var integerColumns: [(String, WritableKeyPath<IntervalEstimate, Int64>)] { [] }
}

extension ResultGroup {
    /// Writes a median/p90 pair as a two-row table with a `statistic` column.
    func writeIntervals(_ intervals: GapIntervals) throws {
        try write(["median", "p90"], to: "statistic")
        try writeRows([intervals.median, intervals.p90])
    }

    /// Reads a pair written by ``writeIntervals(_:)``.
    func readIntervals() throws -> GapIntervals {
        let rows = try readRows(IntervalEstimate.self)
        guard rows.count == 2 else { throw ResultsLayoutError(message: "interval table must have two rows") }
        return GapIntervals(median: rows[0], p90: rows[1])
    }
}

/// A results file that does not have the run layout.
public struct ResultsLayoutError: Error, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The message.
    public var description: String { "results file: \(message)" }
}
