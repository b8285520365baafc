/// Forward-only, typed reading of a query's rows straight from SQLite's buffers.
///
/// `SQLiteStatement.nextRow()` boxes every value into a `SQLiteValue` and copies every
/// blob into a byte array first; for bulk reads of large tables this cursor instead
/// reads each column as the type its caller expects and copies a blob once, directly
/// into the `[Float]` (or `[UInt8]`) it becomes. Type errors are `RowDecodingError`s
/// naming the table, the row's key (column 0) and the column.
final class SQLiteCursor {
    private let handle: OpaquePointer
    /// Keeps the connection open while the cursor lives.
    private let connection: SQLiteConnection
    private let table: String
    private let columns: [String]

    /// Prepares `SELECT columns FROM table ORDER BY columns[0]`.
    init(_ connection: SQLiteConnection, table: String, columns: [String]) throws(SQLiteError) {
        let sql = "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(columns[0])"
        self.handle = try SQLiteCalls.prepare(connection.handle, sql)
        self.connection = connection
        self.table = table
        self.columns = columns
    }

    deinit {
        SQLiteCalls.finalize(handle)
    }

    /// Moves to the next row; false when there is none.
    func next() throws(SQLiteError) -> Bool {
        try SQLiteCalls.step(handle) == .row
    }

    /// An INTEGER column, nil for NULL.
    func optionalInteger(_ column: Int32) throws(RowDecodingError) -> Int64? {
        switch SQLiteCalls.columnType(column, of: handle) {
        case .null: return nil
        case .integer: return SQLiteCalls.columnInteger(column, of: handle)
        default: throw failure(column, "expected INTEGER")
        }
    }

    /// An INTEGER column that must not be NULL.
    func integer(_ column: Int32) throws(RowDecodingError) -> Int64 {
        guard let value = try optionalInteger(column) else { throw failure(column, "is NULL") }
        return value
    }

    /// A REAL (or INTEGER) column that must not be NULL.
    func real(_ column: Int32) throws(RowDecodingError) -> Double {
        switch SQLiteCalls.columnType(column, of: handle) {
        case .real, .integer: return SQLiteCalls.columnReal(column, of: handle)
        case .null: throw failure(column, "is NULL")
        default: throw failure(column, "expected REAL")
        }
    }

    /// A TEXT column, nil for NULL.
    func optionalText(_ column: Int32) throws(RowDecodingError) -> String? {
        switch SQLiteCalls.columnType(column, of: handle) {
        case .null: return nil
        case .text: return SQLiteCalls.columnText(column, of: handle)
        default: throw failure(column, "expected TEXT")
        }
    }

    /// A TEXT column that must not be NULL.
    func text(_ column: Int32) throws(RowDecodingError) -> String {
        guard let value = try optionalText(column) else { throw failure(column, "is NULL") }
        return value
    }

    /// A blob of little-endian float32 values, nil for NULL.
    func optionalFloats(_ column: Int32) throws(RowDecodingError) -> [Float]? {
        try words(column, as: UInt32.self, Float.init(bitPattern:))
    }

    /// A blob of little-endian float32 values that must not be NULL.
    func floats(_ column: Int32) throws(RowDecodingError) -> [Float] {
        guard let values = try optionalFloats(column) else { throw failure(column, "is NULL") }
        return values
    }

    /// A blob of bytes that must not be NULL.
    func bytes(_ column: Int32) throws(RowDecodingError) -> [UInt8] {
        guard let values = try words(column, as: UInt8.self, { $0 }) else { throw failure(column, "is NULL") }
        return values
    }

    /// The blob of `column` as little-endian words converted by `convert`; nil for NULL.
    ///
    /// `convert` must keep the bits (a bit cast such as `Float(bitPattern:)`): on
    /// little-endian hosts, elements of the word's size are copied as bytes, without it.
    private func words<Word: FixedWidthInteger, Element>(
        _ column: Int32, as _: Word.Type, _ convert: (Word) -> Element
    ) throws(RowDecodingError) -> [Element]? {
        switch SQLiteCalls.columnType(column, of: handle) {
        case .null: return nil
        case .blob: break
        default: throw failure(column, "expected BLOB")
        }
        return try SQLiteCalls.withColumnBlob(column, of: handle) { (blob) throws(RowDecodingError) -> [Element] in
            let size = MemoryLayout<Word>.size
            guard blob.count % size == 0 else {
                throw failure(column, "blob of \(blob.count) bytes is not a whole number of \(size)-byte values")
            }
            guard let raw = blob.baseAddress, !blob.isEmpty else { return [] }
            return [Element](unsafeUninitializedCapacity: blob.count / size) { buffer, initialized in
                #if _endian(little)
                if MemoryLayout<Element>.size == size, let base = buffer.baseAddress {  // same bits: one copy
                    UnsafeMutableRawPointer(base).copyMemory(from: raw, byteCount: blob.count)
                    initialized = blob.count / size
                    return
                }
                #endif
                for index in 0..<blob.count / size {
                    buffer.initializeElement(
                        at: index, to: convert(Word(littleEndian: raw.loadUnaligned(fromByteOffset: index * size, as: Word.self))))
                }
                initialized = blob.count / size
            }
        }
    }

    private func failure(_ column: Int32, _ message: String) -> RowDecodingError {
        let key = SQLiteCalls.columnType(0, of: handle) == .integer ? String(SQLiteCalls.columnInteger(0, of: handle)) : "?"
        return RowDecodingError(table: table, key: key, column: columns[Int(column)], message: message)
    }
}
