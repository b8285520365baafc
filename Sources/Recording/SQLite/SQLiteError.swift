/// An error reported by the SQLite library.
///
/// The message is read with `sqlite3_errmsg` immediately after the failing call, so it
/// always belongs to that call. The description reads
/// `SQLite error 11 (database disk image is malformed) while running: SELECT …`.
public struct SQLiteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The primary or extended SQLite result code, e.g. 11 for `SQLITE_CORRUPT`.
    public var code: Int32
    /// The library's message for the failure (`sqlite3_errmsg`).
    public var message: String
    /// The SQL statement involved, when there is one.
    public var sql: String?

    /// Creates an error from its parts.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low 8 bits of an extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// `SQLITE_CORRUPT`: the file is damaged or truncated.
    public static let corrupt: Int32 = 11
    /// `SQLITE_CANTOPEN`: the file could not be opened.
    public static let cannotOpen: Int32 = 14
    /// `SQLITE_CONSTRAINT`: a NOT NULL, CHECK, UNIQUE or FOREIGN KEY constraint failed.
    public static let constraint: Int32 = 19
    /// `SQLITE_NOTADB`: the file is not an SQLite database.
    public static let notADatabase: Int32 = 26

    public var description: String {
        var text = "SQLite error \(code) (\(message))"
        if let sql { text += " while running: \(sql)" }
        return text
    }
}
