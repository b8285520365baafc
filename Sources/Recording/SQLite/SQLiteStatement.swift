/// A compiled SQL statement; finalized when the last reference goes away.
///
/// Reuse one statement for many rows of a bulk insert: `execute(_:)` binds, steps to
/// completion and resets.
final class SQLiteStatement {
    /// The underlying `sqlite3_stmt *`.
    private let handle: OpaquePointer
    /// Keeps the connection open while the statement lives.
    private let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        SQLiteCalls.finalize(handle)
    }

    /// The statement's SQL text.
    var sql: String? { SQLiteCalls.sql(handle) }

    /// Resets the statement and binds `values` to parameters 1, 2, ….
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        SQLiteCalls.reset(handle)
        for (offset, value) in values.enumerated() {
            try SQLiteCalls.bind(value, at: Int32(offset + 1), in: handle)
        }
    }

    /// Binds `values`, runs the statement to completion and resets it.
    func execute(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind(values)
        while try SQLiteCalls.step(handle) == .row {}
        SQLiteCalls.reset(handle)
    }

    /// The next result row, or nil when the statement is done.
    func nextRow() throws(SQLiteError) -> [SQLiteValue]? {
        guard try SQLiteCalls.step(handle) == .row else { return nil }
        let count = SQLiteCalls.columnCount(handle)
        return (0..<count).map { SQLiteCalls.column($0, of: handle) }
    }
}
