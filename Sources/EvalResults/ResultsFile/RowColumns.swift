/// The columns of a table kept as an array of row values (the `/warmth` tables): declares
/// them in the schema and writes and reads them, one key path per column.
public struct RowColumns<Row> {
    /// One column: its name, how a row's field is stored, and what it holds.
    public enum Column {
        /// float64.
        case double(String, WritableKeyPath<Row, Double>, about: String = "")
        /// float64, NaN for nil.
        case optionalDouble(String, WritableKeyPath<Row, Double?>, about: String = "")
        /// int64.
        case integer(String, WritableKeyPath<Row, Int>, about: String = "")
        /// int64, 1 for true and 0 for false.
        case flag(String, WritableKeyPath<Row, Bool>, about: String = "")
        /// string.
        case text(String, WritableKeyPath<Row, String>, about: String = "")
        /// string, empty for nil.
        case optionalText(String, WritableKeyPath<Row, String?>, about: String = "")

        /// The column's name.
        public var name: String {
            switch self {
            case .double(let n, _, _), .optionalDouble(let n, _, _), .integer(let n, _, _), .flag(let n, _, _),
                 .text(let n, _, _), .optionalText(let n, _, _): n
            }
        }

        /// The column as the schema declares it.
        public var schema: ResultsDatasetSchema {
            switch self {
            case .double(let n, _, let about): .column(n, .float64, about: about)
            case .optionalDouble(let n, _, let about): .column(n, .float64, about: [about, "NaN when none"].filter { !$0.isEmpty }.joined(separator: "; "))
            case .integer(let n, _, let about): .column(n, .int64, about: about)
            case .flag(let n, _, let about): .column(n, .int64, about: [about, "1 or 0"].filter { !$0.isEmpty }.joined(separator: "; "))
            case .text(let n, _, let about): .column(n, .string, about: about)
            case .optionalText(let n, _, let about): .column(n, .string, about: [about, "empty when none"].filter { !$0.isEmpty }.joined(separator: "; "))
            }
        }
    }

    /// The columns, in write order.
    public var columns: [Column]

    /// A table of `columns`.
    public init(_ columns: [Column]) { self.columns = columns }

    /// The columns as the schema declares them.
    public var schemas: [ResultsDatasetSchema] { columns.map(\.schema) }

    /// Writes one column per declared column of `rows` into `group`.
    public func write(_ rows: [Row], into group: SchemaGroup) throws {
        for column in columns {
            switch column {
            case .double(let n, let path, _): try group.write(rows.map { $0[keyPath: path] }, to: n)
            case .optionalDouble(let n, let path, _): try group.write(rows.map { $0[keyPath: path] ?? .nan }, to: n)
            case .integer(let n, let path, _): try group.write(rows.map { Int64($0[keyPath: path]) }, to: n)
            case .flag(let n, let path, _): try group.write(rows.map { $0[keyPath: path] ? Int64(1) : 0 }, to: n)
            case .text(let n, let path, _): try group.write(rows.map { $0[keyPath: path] }, to: n)
            case .optionalText(let n, let path, _): try group.write(rows.map { $0[keyPath: path] ?? "" }, to: n)
            }
        }
    }

    /// Reads the rows of `group`, each starting as `blank` (the schema check has made the
    /// columns equally long).
    public func read(_ blank: Row, from group: SchemaGroup) throws -> [Row] {
        var rows: [Row] = []
        func fill<T>(_ values: [T], _ set: (inout Row, T) -> Void) {
            if rows.isEmpty && !values.isEmpty { rows = Array(repeating: blank, count: values.count) }
            for k in values.indices where k < rows.count { set(&rows[k], values[k]) }
        }
        for column in columns {
            switch column {
            case .double(let n, let path, _): fill(try group.doubles(n)) { $0[keyPath: path] = $1 }
            case .optionalDouble(let n, let path, _): fill(try group.doubles(n)) { $0[keyPath: path] = $1.isNaN ? nil : $1 }
            case .integer(let n, let path, _): fill(try group.int64s(n)) { $0[keyPath: path] = Int($1) }
            case .flag(let n, let path, _): fill(try group.int64s(n)) { $0[keyPath: path] = $1 != 0 }
            case .text(let n, let path, _): fill(try group.strings(n)) { $0[keyPath: path] = $1 }
            case .optionalText(let n, let path, _): fill(try group.strings(n)) { $0[keyPath: path] = $1.isEmpty ? nil : $1 }
            }
        }
        return rows
    }
}
