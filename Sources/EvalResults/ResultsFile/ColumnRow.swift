import ResultStore

/// A row type stored as one HDF5 dataset per field (column-oriented, pandas-friendly): its
/// column lists declare the table in the schema (``ResultsGroupSchema/table(_:of:required:about:)``)
/// and drive writing and reading it.
public protocol ColumnRow {
    /// A row with every field zero, filled in by reading.
    static var blank: Self { get }
    /// Floating-point columns.
    static var doubleColumns: [(String, WritableKeyPath<Self, Double>)] { get }
    /// Integer columns.
    static var integerColumns: [(String, WritableKeyPath<Self, Int64>)] { get }
    /// Text columns (none unless a row type names some).
    static var stringColumns: [(String, WritableKeyPath<Self, String>)] { get }
    /// What a column holds, for the columns that need saying (by name).
    static var columnNotes: [String: String] { get }
}

extension ColumnRow {
    public static var stringColumns: [(String, WritableKeyPath<Self, String>)] { [] }
    public static var columnNotes: [String: String] { [:] }

    /// The columns as the schema declares them, in the order they are written.
    public static var columnSchemas: [ResultsDatasetSchema] {
        doubleColumns.map { .column($0.0, .float64, about: columnNotes[$0.0] ?? "") }
            + integerColumns.map { .column($0.0, .int64, about: columnNotes[$0.0] ?? "") }
            + stringColumns.map { .column($0.0, .string, about: columnNotes[$0.0] ?? "") }
    }
}

extension ResultsGroupSchema {
    /// Declares a table of `Row`s: one column per field of the row type.
    public static func table<Row: ColumnRow>(_ name: ResultsName, of _: Row.Type, required: Bool = true, about: String = "") -> Self {
        .table(name, required: required, about: about, columns: Row.columnSchemas)
    }
}

extension SchemaGroup {
    /// Writes `rows` as a table: one 1-D dataset per column.
    public func writeRows<Row: ColumnRow>(_ rows: [Row]) throws {
        for (name, path) in Row.doubleColumns { try write(rows.map { $0[keyPath: path] }, to: name) }
        for (name, path) in Row.integerColumns { try write(rows.map { $0[keyPath: path] }, to: name) }
        for (name, path) in Row.stringColumns { try write(rows.map { $0[keyPath: path] }, to: name) }
    }

    /// Reads a table written by ``writeRows(_:)`` (its columns checked to be of one length).
    public func readRows<Row: ColumnRow>(_ type: Row.Type) throws -> [Row] {
        var rows: [Row]?
        func fill<Value>(_ values: [Value], _ path: WritableKeyPath<Row, Value>) {
            if rows == nil { rows = Array(repeating: .blank, count: values.count) }
            for k in values.indices where k < rows!.count { rows![k][keyPath: path] = values[k] }
        }
        for (name, path) in Row.doubleColumns { fill(try doubles(name), path) }
        for (name, path) in Row.integerColumns { fill(try int64s(name), path) }
        for (name, path) in Row.stringColumns { fill(try strings(name), path) }
        return rows ?? []
    }
}
