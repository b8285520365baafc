// The only file that talks to the SQLite C library. Connection and statement handles
// travel through the rest of the module as `OpaquePointer`s; every function here
// checks its result code and turns failures into `SQLiteError`, reading
// `sqlite3_errmsg` immediately after the failing call.
internal import CSQLite

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound text and blobs before the call returns.
private let transientDestructor = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// How a connection opens its file.
enum SQLiteOpenMode: Sendable {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write, creating the file when missing.
    case create
}

/// The storage class of one value of a result row.
enum SQLiteColumnType: Sendable {
    case null, integer, real, text, blob
}

/// The outcome of stepping a statement.
enum SQLiteStep: Sendable {
    /// A result row is available.
    case row
    /// The statement has finished.
    case done
}

/// Thin, checked wrappers of the SQLite C functions the module uses.
enum SQLiteCalls {
    /// Opens `path` (`sqlite3_open_v2`); extended result codes are enabled.
    static func open(_ path: String, mode: SQLiteOpenMode) throws(SQLiteError) -> OpaquePointer {
        var handle: OpaquePointer?
        let flags: Int32 = switch mode {
        case .readOnly: SQLITE_OPEN_READONLY
        case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message)
        }
        sqlite3_extended_result_codes(handle, 1)
        return handle
    }

    /// Closes a connection (`sqlite3_close_v2`); errors are ignored, as in a `deinit`.
    static func close(_ db: OpaquePointer) {
        sqlite3_close_v2(db)
    }

    /// Runs one or more statements without results (`sqlite3_exec`).
    static func exec(_ db: OpaquePointer, _ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(db, sql, nil, nil, nil), db, sql)
    }

    /// Compiles one statement (`sqlite3_prepare_v2`).
    static func prepare(_ db: OpaquePointer, _ sql: String) throws(SQLiteError) -> OpaquePointer {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &statement, nil), db, sql)
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", sql: sql) }
        return statement
    }

    /// Releases a statement (`sqlite3_finalize`).
    static func finalize(_ statement: OpaquePointer) {
        sqlite3_finalize(statement)
    }

    /// Advances a statement (`sqlite3_step`).
    static func step(_ statement: OpaquePointer) throws(SQLiteError) -> SQLiteStep {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return .row
        case SQLITE_DONE: return .done
        default: throw failure(code, sqlite3_db_handle(statement), sql(statement))
        }
    }

    /// Rewinds a statement and clears its bindings (`sqlite3_reset`, `sqlite3_clear_bindings`).
    static func reset(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Binds `value` to the 1-based parameter `index` (`sqlite3_bind_*`).
    static func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws(SQLiteError) {
        let code: Int32 = switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, transientDestructor)
        case .blob(let bytes):
            bytes.withUnsafeBytes { buffer in
                // A zero-length blob needs a non-null pointer, or SQLite stores NULL.
                sqlite3_bind_blob64(
                    statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                    sqlite3_uint64(buffer.count), transientDestructor)
            }
        }
        try check(code, sqlite3_db_handle(statement), sql(statement))
    }

    /// Number of columns in the statement's result rows.
    static func columnCount(_ statement: OpaquePointer) -> Int32 {
        sqlite3_column_count(statement)
    }

    /// The value of the 0-based column `index` of the current row (`sqlite3_column_*`).
    static func column(_ index: Int32, of statement: OpaquePointer) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            // Ask for the pointer before the size, as SQLite's documentation requires.
            let pointer = sqlite3_column_blob(statement, index)
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let pointer else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default: return .null
        }
    }

    /// The storage class of the 0-based column `index` of the current row (`sqlite3_column_type`).
    static func columnType(_ index: Int32, of statement: OpaquePointer) -> SQLiteColumnType {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// The 0-based column `index` of the current row as a 64-bit integer (`sqlite3_column_int64`).
    static func columnInteger(_ index: Int32, of statement: OpaquePointer) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// The 0-based column `index` of the current row as a double (`sqlite3_column_double`).
    static func columnReal(_ index: Int32, of statement: OpaquePointer) -> Double {
        sqlite3_column_double(statement, index)
    }

    /// The 0-based TEXT column `index` of the current row, decoded as UTF-8 with its stored
    /// byte count (`sqlite3_column_text`, `sqlite3_column_bytes`).
    static func columnText(_ index: Int32, of statement: OpaquePointer) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Calls `body` with the bytes of the 0-based BLOB column `index` of the current row,
    /// valid only during the call (`sqlite3_column_blob`, then `sqlite3_column_bytes`, in
    /// the order SQLite's documentation requires).
    static func withColumnBlob<Result>(
        _ index: Int32, of statement: OpaquePointer, _ body: (UnsafeRawBufferPointer) throws(RowDecodingError) -> Result
    ) throws(RowDecodingError) -> Result {
        let pointer = sqlite3_column_blob(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
    }

    /// The SQL text of a prepared statement.
    static func sql(_ statement: OpaquePointer) -> String? {
        sqlite3_sql(statement).map { String(cString: $0) }
    }

    /// Throws unless `code` is `SQLITE_OK`.
    private static func check(_ code: Int32, _ db: OpaquePointer?, _ sql: String?) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw failure(code, db, sql) }
    }

    /// The error for a failed call, with the connection's message read immediately.
    private static func failure(_ code: Int32, _ db: OpaquePointer?, _ sql: String?) -> SQLiteError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return SQLiteError(code: code, message: message, sql: sql)
    }
}
