import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A comma-separated table with a header line: the one CSV reader of every command.
///
/// The rules, the same for every file:
/// - the first line names the columns; names are unique and non-empty, and columns are
///   looked up by name;
/// - every row has exactly as many fields as the header;
/// - fields are separated by commas; spaces and tabs around a field are ignored; a field
///   in double quotes may hold commas, and `""` inside it stands for one quote (a quoted
///   field ends on its line, and a quote inside an unquoted field is refused);
/// - line endings are LF or CRLF, a UTF-8 byte order mark is skipped, the text must be
///   UTF-8; blank lines are allowed at the end of the file only;
/// - numbers are read strictly (``numbers(_:allowing:)``): a decimal, finite unless the
///   caller allows `nan` or infinities; integers (``integers(_:in:)``) are plain digits;
/// - the file must be a regular file of at most ``maximumFileBytes`` bytes, with lines of at
///   most ``maximumLineBytes`` bytes.
///
/// Every error is an ``InputError`` naming the file and, when one line is at fault, the
/// 1-based line; a message about a field names its column, and text echoed from the file
/// is cut to about 80 characters.
public struct CSVTable: Sendable {
    /// Which non-finite numbers ``numbers(_:allowing:)`` accepts besides finite decimals.
    public struct NonFinite: OptionSet, Sendable {
        /// The bits of the set.
        public let rawValue: Int
        /// Creates the set from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `nan` (any case, optionally signed).
        public static let nan = NonFinite(rawValue: 1)
        /// `inf` or `infinity` (any case, optionally signed), and decimals too large for a double.
        public static let infinity = NonFinite(rawValue: 2)
    }

    /// The default longest line accepted (1 MiB).
    public static let maximumLineBytes = 1 << 20
    /// The default largest file accepted (1 GiB).
    public static let maximumFileBytes = 1 << 30

    /// The file the table was read from, as named in errors.
    public let file: String
    /// The column names, in file order.
    public let header: [String]
    /// The file's bytes (byte order mark included), which the fields point into.
    private let bytes: [UInt8]
    /// Every field, row by row.
    private let fields: [CSVField]
    /// The 1-based line of each row.
    private let lines: [Int]

    /// Number of columns.
    public var columnCount: Int { header.count }
    /// Number of rows after the header.
    public var rowCount: Int { lines.count }

    /// Parses `bytes`, the whole content of a CSV file; `file` names it in errors.
    public init(bytes: [UInt8], file: String, maximumLineBytes: Int = CSVTable.maximumLineBytes) throws(InputError) {
        let parser = CSVParser(file: file, maximumLineBytes: maximumLineBytes)
        let parsed = try bytes.withUnsafeBufferPointer { buffer throws(InputError) in try parser.parse(buffer) }
        self.file = file
        self.bytes = bytes
        header = parsed.header
        fields = parsed.fields
        lines = parsed.lines
    }

    /// Parses `text`; `file` names it in errors.
    public init(text: String, file: String, maximumLineBytes: Int = CSVTable.maximumLineBytes) throws(InputError) {
        try self.init(bytes: Array(text.utf8), file: file, maximumLineBytes: maximumLineBytes)
    }

    /// Reads the CSV file at `path`: refuses a missing file, a directory or other non-regular
    /// file, a file larger than `maximumFileBytes` and a line longer than `maximumLineBytes`.
    public static func read(
        _ path: String, maximumFileBytes: Int = CSVTable.maximumFileBytes, maximumLineBytes: Int = CSVTable.maximumLineBytes
    ) throws(InputError) -> CSVTable {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputError(file: path, message: errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw InputError(file: path, message: "is a directory, not a CSV file")
        default: throw InputError(file: path, message: "is not a regular file (a device, pipe or socket is not read as CSV)")
        }
        let tooLarge = InputError(file: path, message: "is larger than \(CSVParser.describe(bytes: maximumFileBytes)), the most a CSV file may hold")
        guard Int(status.st_size) <= maximumFileBytes else { throw tooLarge }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InputError(file: path, message: "cannot be read") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        } catch {
            throw InputError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maximumFileBytes else { throw tooLarge }
        return try CSVTable(bytes: [UInt8](data), file: path, maximumLineBytes: maximumLineBytes)
    }

    /// The index of the column called `name`, if the header has it.
    public func columnIndex(_ name: String) -> Int? { header.firstIndex(of: name) }

    /// The index of the column called `name`; an error on line 1 when the header lacks it.
    public func column(_ name: String) throws(InputError) -> Int {
        guard let index = columnIndex(name) else {
            let names = header.map { "'\(Self.excerpt($0))'" }.joined(separator: ", ")
            throw InputError(file: file, line: 1, message: "the header has no column '\(Self.excerpt(name))' (it has \(Self.excerpt(names)))")
        }
        return index
    }

    /// The 1-based line of row `row` (0 is the first row after the header).
    public func line(ofRow row: Int) -> Int { lines[row] }

    /// The text of the field in row `row`, column `column`.
    public func text(row: Int, column: Int) -> String {
        bytes.withUnsafeBufferPointer { fields[row * columnCount + column].text(in: $0) }
    }

    /// The texts of column `name`, row by row.
    public func texts(_ name: String) throws(InputError) -> [String] {
        let c = try column(name)
        return (0..<rowCount).map { text(row: $0, column: c) }
    }

    /// The numbers of column `name`, row by row: finite decimals, and the non-finite
    /// values in `allowing`. An error names the file, the line and the column.
    public func numbers(_ name: String, allowing nonFinite: NonFinite = []) throws(InputError) -> [Double] {
        try numbers(column: try column(name), allowing: nonFinite)
    }

    /// The numbers of the column at `column` (see ``numbers(_:allowing:)``).
    public func numbers(column c: Int, allowing nonFinite: NonFinite = []) throws(InputError) -> [Double] {
        try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            var values: [Double] = []
            values.reserveCapacity(rowCount)
            for row in 0..<rowCount {
                guard let value = fields[row * columnCount + c].number(in: buffer, allowing: nonFinite) else {
                    throw fieldError(row: row, column: c, expected: Self.expectation(nonFinite))
                }
                values.append(value)
            }
            return values
        }
    }

    /// Every row as numbers, in column order (see ``numbers(_:allowing:)``).
    public func numberRows(allowing nonFinite: NonFinite = []) throws(InputError) -> [[Double]] {
        var columns: [[Double]] = []
        for c in 0..<columnCount { columns.append(try numbers(column: c, allowing: nonFinite)) }
        return (0..<rowCount).map { row in columns.map { $0[row] } }
    }

    /// The integers of column `name`, row by row, each within `range`.
    public func integers(_ name: String, in range: ClosedRange<Int>) throws(InputError) -> [Int] {
        let c = try column(name)
        return try bytes.withUnsafeBufferPointer { buffer throws(InputError) in
            var values: [Int] = []
            values.reserveCapacity(rowCount)
            for row in 0..<rowCount {
                guard let value = fields[row * columnCount + c].integer(in: buffer), range.contains(value) else {
                    throw fieldError(row: row, column: c, expected: "an integer in \(range.lowerBound)…\(range.upperBound)")
                }
                values.append(value)
            }
            return values
        }
    }

    /// The number in row `row`, column `column` (read as ``numbers(_:allowing:)`` reads a
    /// column); an error names the file, the line and the column.
    public func number(row: Int, column c: Int, allowing nonFinite: NonFinite = []) throws(InputError) -> Double {
        guard let value = bytes.withUnsafeBufferPointer({ fields[row * columnCount + c].number(in: $0, allowing: nonFinite) }) else {
            throw fieldError(row: row, column: c, expected: Self.expectation(nonFinite))
        }
        return value
    }

    /// The integer in row `row`, column `column`, within `range` (read as
    /// ``integers(_:in:)`` reads a column); an error names the file, the line and the column.
    public func integer(row: Int, column c: Int, in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let value = bytes.withUnsafeBufferPointer({ fields[row * columnCount + c].integer(in: $0) }), range.contains(value) else {
            throw fieldError(row: row, column: c, expected: "an integer in \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    /// At most 80 characters of `text`, an ellipsis marking a cut.
    public static func excerpt(_ text: String, limit: Int = 80) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    private func fieldError(row: Int, column: Int, expected: String) -> InputError {
        let text = self.text(row: row, column: column)
        return InputError(file: file, line: lines[row],
                          message: "\(Self.excerpt(header[column])) '\(Self.excerpt(text))' is not \(expected) (column \(column + 1))")
    }

    private static func expectation(_ nonFinite: NonFinite) -> String {
        switch (nonFinite.contains(.nan), nonFinite.contains(.infinity)) {
        case (false, false): "a finite number"
        case (true, false): "a finite number or nan"
        case (false, true): "a number (nan is not allowed)"
        case (true, true): "a number"
        }
    }
}
