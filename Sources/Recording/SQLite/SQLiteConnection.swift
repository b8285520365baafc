/// An open SQLite database; closed when the last reference goes away.
///
/// Not thread safe: a connection belongs to the code that opened it (the library is
/// opened with `SQLITE_OPEN_NOMUTEX`).
final class SQLiteConnection {
    /// The underlying `sqlite3 *`.
    let handle: OpaquePointer
    /// The file this connection opened.
    let path: String

    /// Opens `path`. The corresponding C function is `sqlite3_open_v2`.
    init(path: String, mode: SQLiteOpenMode) throws(SQLiteError) {
        self.handle = try SQLiteCalls.open(path, mode: mode)
        self.path = path
    }

    deinit {
        SQLiteCalls.close(handle)
    }

    /// Runs SQL that returns no rows (one or more statements separated by `;`).
    func execute(_ sql: String) throws(SQLiteError) {
        try SQLiteCalls.exec(handle, sql)
    }

    /// Compiles `sql` into a reusable statement.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        SQLiteStatement(handle: try SQLiteCalls.prepare(handle, sql), connection: self)
    }

    /// All rows of a query, each as its column values.
    func rows(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(parameters)
        var rows: [[SQLiteValue]] = []
        while let row = try statement.nextRow() { rows.append(row) }
        return rows
    }

    /// The first column of the first row of a query, or nil when there is no row.
    func scalar(_ sql: String) throws(SQLiteError) -> SQLiteValue? {
        try rows(sql).first?.first
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back when it throws.
    func transaction<R>(_ body: () throws -> R) throws -> R {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The schema version stored in the file header (`PRAGMA user_version`).
    func userVersion() throws(SQLiteError) -> Int64 {
        guard case .integer(let version)? = try scalar("PRAGMA user_version") else { return 0 }
        return version
    }

    /// Sets `PRAGMA user_version`.
    func setUserVersion(_ version: Int64) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Messages of `PRAGMA integrity_check`; empty when the file is sound.
    func integrityProblems() throws(SQLiteError) -> [String] {
        let messages = try rows("PRAGMA integrity_check").compactMap { row -> String? in
            if case .text(let text)? = row.first { return text }
            return nil
        }
        return messages == ["ok"] ? [] : messages
    }
}
