/// A median/p90 pair stored as a two-row table (`statistic`, `estimate`, `lower`, `upper`).
extension IntervalEstimate: ColumnRow {
    public static var blank: IntervalEstimate { IntervalEstimate(estimate: 0, lower: 0, upper: 0) }
    public static var doubleColumns: [(String, WritableKeyPath<IntervalEstimate, Double>)] {
        [("estimate", \.estimate), ("lower", \.lower), ("upper", \.upper)]
    }
    public static var integerColumns: [(String, WritableKeyPath<IntervalEstimate, Int64>)] { [] }
}

extension ResultsGroupSchema {
    /// Declares a median/p90 pair: `statistic` (`median`, `p90`) and the interval columns, two rows each.
    public static func gapIntervals(_ name: String, about: String) -> Self {
        let columns = [ResultsDatasetSchema(.literal("statistic"), .string, [.fixed(2)], about: "median, p90")]
            + IntervalEstimate.columnSchemas.map { column in
                var fixed = column
                fixed.dimensions = [.fixed(2)]
                return fixed
            }
        return ResultsGroupSchema(.literal(name), about: about, datasets: columns)
    }
}

extension SchemaGroup {
    /// Writes a median/p90 pair as a two-row table with a `statistic` column.
    public func writeIntervals(_ intervals: GapIntervals) throws {
        try write(["median", "p90"], to: "statistic")
        try writeRows([intervals.median, intervals.p90])
    }

    /// Reads a pair written by ``writeIntervals(_:)`` (the schema fixes two rows).
    public func readIntervals() throws -> GapIntervals {
        let rows = try readRows(IntervalEstimate.self)
        return GapIntervals(median: rows[0], p90: rows[1])
    }
}
