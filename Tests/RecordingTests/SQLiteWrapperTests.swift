import Testing
@testable import Recording

@Suite struct SQLiteWrapperTests {
    private func scratch() throws -> SQLiteConnection {
        try SQLiteConnection(path: RecordingFixtures.scratchDirectory() + "/w.sqlite", mode: .create)
    }

    @Test func errorCarriesCodeMessageAndSQL() throws {
        let db = try scratch()
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        let insert = try db.prepare("INSERT INTO t (x) VALUES (?)")
        let error = #expect(throws: SQLiteError.self) { try insert.execute([.null]) }
        #expect(error?.primaryCode == SQLiteError.constraint)
        #expect(error?.message == "NOT NULL constraint failed: t.x")
        #expect(error?.sql == "INSERT INTO t (x) VALUES (?)")
    }

    @Test func failedTransactionRollsBack() throws {
        let db = try scratch()
        try db.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        let insert = try db.prepare("INSERT INTO t (x) VALUES (?)")
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try insert.execute([.integer(1)])
                try insert.execute([.integer(1)])  // duplicate key
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
    }

    @Test func valuesRoundTripThroughBindAndColumn() throws {
        let db = try scratch()
        let values: [SQLiteValue] = [.null, .integer(-1 << 62), .real(-0.0), .text("ü ✓"), .blob([]), .blob([0, 255])]
        let row = try db.rows("SELECT ?, ?, ?, ?, ?, ?", values).first
        #expect(row == values)
    }
}
