/// One SQLite value: a bound parameter or a result column.
///
/// SQLite stores a bound `Double.nan` as NULL; callers that must keep NaN store floats in
/// blobs instead (see `LittleEndianBlob`).
enum SQLiteValue: Equatable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])
}

extension SQLiteValue {
    /// An integer or NULL.
    static func integer(_ value: Int64?) -> SQLiteValue { value.map { .integer($0) } ?? .null }
    /// A double or NULL.
    static func real(_ value: Double?) -> SQLiteValue { value.map { .real($0) } ?? .null }
    /// Text or NULL.
    static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
    /// A blob or NULL.
    static func blob(_ value: [UInt8]?) -> SQLiteValue { value.map { .blob($0) } ?? .null }

    /// Whether a file holds the two values alike: equal, with doubles compared bit for bit
    /// (−0 and 0 differ; a NaN equals the same NaN).
    func isStoredAlike(_ other: SQLiteValue) -> Bool {
        if case .real(let a) = self, case .real(let b) = other { return a.bitPattern == b.bitPattern }
        return self == other
    }

    /// A short name of the value's storage class, for error messages.
    var typeName: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
