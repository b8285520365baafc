/// A value stored as one row of one table of a recording file.
protocol TableRecord {
    /// The table's name.
    static var table: String { get }
    /// The columns written and read, in the order of `sqlValues`; the first is the key.
    static var columns: [String] { get }
    /// The row's values, one per column.
    var sqlValues: [SQLiteValue] { get }
    /// Decodes a row read with `columns`.
    init(row: RowReader) throws(RowDecodingError)
}

/// A row that does not decode: wrong type, NULL where a value is required, a bad blob.
struct RowDecodingError: Error, Sendable {
    /// The table.
    var table: String
    /// The row's key value, as text.
    var key: String
    /// The column at fault.
    var column: String
    /// What is wrong.
    var message: String

    var description: String { "\(table) row \(key), column \(column): \(message)" }
}

/// Typed access to the columns of one row, by name, throwing `RowDecodingError`.
struct RowReader {
    let table: String
    let columns: [String]
    let values: [SQLiteValue]

    /// The key column's value as text, for messages.
    var key: String {
        switch values.first {
        case .integer(let number)?: String(number)
        case .text(let text)?: text
        default: "?"
        }
    }

    func value(_ column: String) -> SQLiteValue {
        guard let index = columns.firstIndex(of: column), index < values.count else { return .null }
        return values[index]
    }

    func failure(_ column: String, _ message: String) -> RowDecodingError {
        RowDecodingError(table: table, key: key, column: column, message: message)
    }

    func optionalInteger(_ column: String) throws(RowDecodingError) -> Int64? {
        switch value(column) {
        case .null: return nil
        case .integer(let number): return number
        case let other: throw failure(column, "expected INTEGER, found \(other.typeName)")
        }
    }

    func integer(_ column: String) throws(RowDecodingError) -> Int64 {
        guard let number = try optionalInteger(column) else { throw failure(column, "is NULL") }
        return number
    }

    func flag(_ column: String) throws(RowDecodingError) -> Bool {
        try integer(column) != 0
    }

    func optionalReal(_ column: String) throws(RowDecodingError) -> Double? {
        switch value(column) {
        case .null: return nil
        case .real(let number): return number
        case .integer(let number): return Double(number)
        case let other: throw failure(column, "expected REAL, found \(other.typeName)")
        }
    }

    func real(_ column: String) throws(RowDecodingError) -> Double {
        guard let number = try optionalReal(column) else { throw failure(column, "is NULL") }
        return number
    }

    func optionalText(_ column: String) throws(RowDecodingError) -> String? {
        switch value(column) {
        case .null: return nil
        case .text(let text): return text
        case let other: throw failure(column, "expected TEXT, found \(other.typeName)")
        }
    }

    func text(_ column: String) throws(RowDecodingError) -> String {
        guard let text = try optionalText(column) else { throw failure(column, "is NULL") }
        return text
    }

    func optionalBytes(_ column: String) throws(RowDecodingError) -> [UInt8]? {
        switch value(column) {
        case .null: return nil
        case .blob(let bytes): return bytes
        case let other: throw failure(column, "expected BLOB, found \(other.typeName)")
        }
    }

    func bytes(_ column: String) throws(RowDecodingError) -> [UInt8] {
        guard let bytes = try optionalBytes(column) else { throw failure(column, "is NULL") }
        return bytes
    }

    func optionalFloats(_ column: String) throws(RowDecodingError) -> [Float]? {
        guard let bytes = try optionalBytes(column) else { return nil }
        guard let floats = LittleEndianBlob.decodeFloats(bytes) else {
            throw failure(column, "float32 blob of \(bytes.count) bytes (not a multiple of 4)")
        }
        return floats
    }

    func floats(_ column: String) throws(RowDecodingError) -> [Float] {
        guard let floats = try optionalFloats(column) else { throw failure(column, "is NULL") }
        return floats
    }

    func doubles(_ column: String, count: Int) throws(RowDecodingError) -> [Double] {
        let bytes = try bytes(column)
        guard let doubles = LittleEndianBlob.decodeDoubles(bytes), doubles.count == count else {
            throw failure(column, "expected \(count) float64 values (\(count * 8) bytes), found \(bytes.count) bytes")
        }
        return doubles
    }

    /// Three REAL columns `prefix_x`, `prefix_y`, `prefix_z`; nil when all three are NULL.
    func optionalVector(_ prefix: String) throws(RowDecodingError) -> SIMD3<Double>? {
        let parts = [try optionalReal(prefix + "_x"), try optionalReal(prefix + "_y"), try optionalReal(prefix + "_z")]
        if parts.allSatisfy({ $0 == nil }) { return nil }
        guard let x = parts[0], let y = parts[1], let z = parts[2] else {
            throw failure(prefix + "_x/_y/_z", "partly NULL")
        }
        return SIMD3(x, y, z)
    }

    /// Three REAL columns `prefix_x`, `prefix_y`, `prefix_z`.
    func vector(_ prefix: String) throws(RowDecodingError) -> SIMD3<Double> {
        guard let vector = try optionalVector(prefix) else { throw failure(prefix + "_x/_y/_z", "is NULL") }
        return vector
    }
}

extension SQLiteValue {
    /// Three REAL values of a vector, or three NULLs.
    static func vector(_ value: SIMD3<Double>?) -> [SQLiteValue] {
        [.real(value?.x), .real(value?.y), .real(value?.z)]
    }

    /// The four REAL values x, y, w, h of a box.
    static func box(_ box: PixelBox) -> [SQLiteValue] {
        [.real(box.x), .real(box.y), .real(box.width), .real(box.height)]
    }
}

extension RowReader {
    /// The four REAL columns x, y, w, h of a box.
    func box() throws(RowDecodingError) -> PixelBox {
        PixelBox(x: try real("x"), y: try real("y"), width: try real("w"), height: try real("h"))
    }
}
