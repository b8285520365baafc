import Foundation

/// Reads and writes recordings as SQLite files (one file per capture session).
///
/// The format is documented in `Docs/recording-format.md`. Writing is all or nothing: the
/// recording goes into a temporary file in the destination's directory, inside one
/// transaction, and is renamed over the destination only when complete. Reading refuses
/// files whose `PRAGMA user_version` is not in `supportedVersions`; version 1 files have no
/// app decisions.
public enum RecordingStore {
    /// The newest schema version `write(_:to:)` writes (for recordings with app decisions).
    public static var currentVersion: Int { Int(RecordingSchema.currentVersion) }
    /// The schema version `write(_:to:)` gives `recording`: 2 when it holds app decisions,
    /// else 1 (such files stay readable by version-1 readers).
    public static func version(for recording: Recording) -> Int { Int(RecordingSchema.version(for: recording)) }
    /// The schema versions `read(from:)` accepts.
    public static var supportedVersions: [Int] { RecordingSchema.supportedVersions.map(Int.init) }
    /// `PRAGMA application_id` of files written here (ASCII `SPEV`).
    public static let applicationID: Int32 = 0x5350_4556

    /// Writes `recording` to `path`, replacing any file there.
    ///
    /// Rows are written in identifier order; foreign keys are enforced, so a detection of
    /// an unknown frame, say, fails the write. On any failure the destination is left
    /// untouched and the temporary file is removed. With `borrowing`, the borrowed tables'
    /// rows are left out and the file records where they are (``BorrowedTables``).
    /// - Throws: `RecordingWriteError` naming `path` and the cause.
    public static func write(_ recording: Recording, to path: String, borrowing: BorrowedTables? = nil) throws(RecordingWriteError) {
        let keys = BorrowedTables.metaKeys
        if let key = [keys.source, keys.tables, keys.rows].first(where: { recording.meta[$0] != nil }) {
            throw RecordingWriteError(file: path, reason: "meta key '\(key)' is reserved for borrowed tables")
        }
        let temporary = temporaryPath(for: path)
        unlink(temporary)
        do {
            try writeFile(borrowing?.stored(recording) ?? recording, to: temporary)
            guard rename(temporary, path) == 0 else {
                throw RecordingWriteError(file: path, reason: "cannot rename into place: \(String(cString: strerror(errno)))")
            }
        } catch let error as RecordingWriteError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw RecordingWriteError(file: path, reason: String(describing: error))
        }
    }

    /// Reads the recording at `path`; the tables it borrows (``BorrowedTables``) are read
    /// from their source file, or taken from `sources` when it holds that file's recording.
    /// - Throws: `InputError` naming `path` when the file is missing, not an SQLite
    ///   database, damaged, of an unsupported schema version, or has a malformed row, or
    ///   when its borrowed tables cannot be read (the message names the source too).
    public static func read(from path: String, sources: BorrowSources = BorrowSources()) throws(InputError) -> Recording {
        let stored = try readStored(from: path)
        guard let recorded = BorrowedTables.recorded(in: stored.meta) else { return stored }
        do throws(BorrowingProblem) {
            let borrowing = try recorded.get()
            let sourcePath = (URL(fileURLWithPath: path).deletingLastPathComponent().path as NSString)
                .appendingPathComponent(borrowing.source)
            let base: Recording
            if let known = sources.recording(of: sourcePath) {
                base = known
            } else {
                do {
                    base = try readStored(from: sourcePath)
                } catch {
                    throw BorrowingProblem("its borrowed tables cannot be read: \(error)")
                }
            }
            guard BorrowedTables.recorded(in: base.meta) == nil else {
                throw BorrowingProblem("borrows from \(borrowing.source), which borrows itself; a source must hold its tables")
            }
            return try borrowing.resolved(stored, base: base).get()
        } catch {
            throw InputError(file: path, message: error.message)
        }
    }

    /// The tables the file at `path` borrows from another file, nil when it holds all its own.
    /// - Throws: `InputError` as `read(from:)` does, and for malformed borrowing keys.
    public static func borrowing(at path: String) throws(InputError) -> BorrowedTables? {
        let meta = try withReadableFile(path) { db throws in
            Dictionary(try readAll(MetaEntry.self, from: db).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        }
        guard let recorded = BorrowedTables.recorded(in: meta) else { return nil }
        do throws(BorrowingProblem) {
            return try recorded.get()
        } catch {
            throw InputError(file: path, message: error.message)
        }
    }

    /// The recording as the file at `path` holds it (borrowed tables empty).
    private static func readStored(from path: String) throws(InputError) -> Recording {
        try withReadableFile(path) { db throws in
            try db.execute("PRAGMA mmap_size = \(mappedBytes)")
            let meta = try readAll(MetaEntry.self, from: db)
            let decisions = try db.userVersion() >= 2
                ? try DecisionEvidenceRow.attach(readAll(DecisionEvidenceRow.self, from: db), to: readAll(AppDecision.self, from: db))
                : []
            return Recording(
                meta: Dictionary(meta.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }),
                frames: try readAll(Frame.self, from: db),
                detections: try bulkDetections(db),
                depthGrids: try bulkDepthGrids(db),
                observations: try readAll(Observation.self, from: db),
                groundTruthObjects: try readAll(GroundTruthObject.self, from: db),
                groundTruthPlacements: try readAll(GroundTruthPlacement.self, from: db),
                groundTruthBoxes: try readAll(GroundTruthBox.self, from: db),
                lidarMaps: try readIfPresent(LidarMap.self, from: db),
                guidanceRequests: try readIfPresent(CaptureGuidanceRequest.self, from: db),
                depthNetworkPasses: try readIfPresent(DepthNetworkPass.self, from: db),
                decisions: decisions,
                marks: try readIfPresent(CaptureMark.self, from: db))
        }
    }

    /// The schema version (`PRAGMA user_version`) of the recording at `path`.
    /// - Throws: `InputError` as `read(from:)` does for a missing, foreign or unsupported file.
    public static func schemaVersion(at path: String) throws(InputError) -> Int {
        try withReadableFile(path) { db throws in Int(try db.userVersion()) }
    }

    /// The messages of SQLite's `PRAGMA integrity_check` for `path`; empty when sound.
    public static func integrityProblems(at path: String) throws(InputError) -> [String] {
        try withReadableFile(path) { db throws in try db.integrityProblems() }
    }

    /// The number of rows of every table of the recording at `path`, by table name (tests
    /// compare files table by table with it).
    static func rowCounts(at path: String) throws(InputError) -> [String: Int] {
        try withReadableFile(path) { db throws in
            var counts: [String: Int] = [:]
            for row in try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                guard case .text(let table) = row[0] else { continue }
                if case .integer(let n)? = try db.scalar("SELECT count(*) FROM \"\(table)\"") { counts[table] = Int(n) }
            }
            return counts
        }
    }

    // MARK: - Implementation

    private static func writeFile(_ recording: Recording, to path: String) throws {
        let db = try SQLiteConnection(path: path, mode: .create)
        try db.execute("PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON")
        let version = RecordingSchema.version(for: recording)
        try db.transaction {
            try db.execute(RecordingSchema.createStatements)
            if version >= 2 { try db.execute(RecordingSchema.decisionStatements) }
            if !recording.marks.isEmpty { try db.execute(RecordingSchema.markStatements) }
            try insertAll(recording.meta.sorted { $0.key < $1.key }.map(MetaEntry.init), into: db)
            try insertAll(recording.frames, into: db)
            try insertAll(recording.groundTruthObjects, into: db)
            try insertAll(recording.detections, into: db)
            try insertAll(recording.depthGrids, into: db)
            try insertAll(recording.observations, into: db)
            try insertAll(recording.groundTruthPlacements, into: db)
            try insertAll(recording.groundTruthBoxes, into: db)
            try insertAll(recording.lidarMaps, into: db)
            try insertAll(recording.guidanceRequests, into: db)
            try insertAll(recording.depthNetworkPasses, into: db)
            if !recording.marks.isEmpty { try insertAll(recording.marks, into: db) }
            if version >= 2 {
                try insertAll(recording.decisions, into: db)
                try insertAll(DecisionEvidenceRow.rows(of: recording.decisions), into: db)
            }
            try db.execute("PRAGMA application_id = \(applicationID)")
            try db.setUserVersion(version)
        }
    }

    private static func insertAll<Record: TableRecord>(_ records: [Record], into db: SQLiteConnection) throws(SQLiteError) {
        let placeholders = Array(repeating: "?", count: Record.columns.count).joined(separator: ", ")
        let statement = try db.prepare(
            "INSERT INTO \(Record.table) (\(Record.columns.joined(separator: ", "))) VALUES (\(placeholders))")
        for record in records { try statement.execute(record.sqlValues) }
    }

    private static func readAll<Record: TableRecord>(_: Record.Type, from db: SQLiteConnection) throws -> [Record] {
        let statement = try db.prepare(
            "SELECT \(Record.columns.joined(separator: ", ")) FROM \(Record.table) ORDER BY \(Record.columns[0])")
        var records: [Record] = []
        while let values = try statement.nextRow() {
            records.append(try Record(row: RowReader(table: Record.table, columns: Record.columns, values: values)))
        }
        return records
    }

    /// The rows of an optional table (`RecordingSchema.optionalTables`); none when a file
    /// written before the table existed lacks it.
    private static func readIfPresent<Record: TableRecord>(_: Record.Type, from db: SQLiteConnection) throws -> [Record] {
        let probe = try db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?")
        try probe.bind([.text(Record.table)])
        guard case .integer(let count)? = try probe.nextRow()?.first, count > 0 else { return [] }
        return try readAll(Record.self, from: db)
    }

    /// Why a file whose `PRAGMA user_version` is `version` cannot be read, or nil when this
    /// tool reads that version. Every reader of recordings states the problem in these words.
    static func versionProblem(_ version: Int64) -> String? {
        guard !RecordingSchema.supportedVersions.contains(version) else { return nil }
        let supported = RecordingSchema.supportedVersions.map(String.init).joined(separator: ", ")
        let what = version == 0 ? "not a SpatialEval recording (user_version 0)"
            : "unsupported recording schema version \(version)"
        return "\(what); this tool reads schema version(s) \(supported)"
    }

    /// Opens `path` read-only, checks its schema version, runs `body`, and turns every
    /// failure into an `InputError` naming the file.
    private static func withReadableFile<R>(
        _ path: String, _ body: (SQLiteConnection) throws -> R
    ) throws(InputError) -> R {
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(file: path, message: "no such file")
        }
        do {
            let db = try SQLiteConnection(path: path, mode: .readOnly)
            let version = try db.userVersion()
            if let problem = versionProblem(version) { throw InputError(file: path, message: problem) }
            // A view in place of a table could run any query, a recursive one that never ends
            // included: every name this tool reads must be a plain table (spec.md#limits-recordings).
            let views = try db.prepare("SELECT name FROM sqlite_master WHERE type <> 'table' AND type <> 'index' ORDER BY name")
            while let row = try views.nextRow() {
                guard case .text(let name)? = row.first else { continue }
                throw InputError(file: path, message: "'\(TextFile.excerpt(name))' is a view or trigger, not a table; a recording holds tables only")
            }
            return try body(db)
        } catch let error as InputError {
            throw error
        } catch let error as SQLiteError {
            throw InputError(file: path, message: explanation(of: error))
        } catch let error as RowDecodingError {
            throw InputError(file: path, message: error.description)
        } catch {
            throw InputError(file: path, message: String(describing: error))
        }
    }

    private static func explanation(of error: SQLiteError) -> String {
        let detail = "SQLite error \(error.code): \(error.message)"
        switch error.primaryCode {
        case SQLiteError.notADatabase: return "not an SQLite database (\(detail))"
        case SQLiteError.corrupt: return "damaged or truncated SQLite file (\(detail))"
        case SQLiteError.cannotOpen: return "cannot open (\(detail))"
        default: return "cannot read recording (\(detail)\(error.sql.map { " in: \($0)" } ?? ""))"
        }
    }

    private static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = ".\(url.lastPathComponent).partial-\(getpid())"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }
}

/// A recording could not be written; the destination was left untouched.
public struct RecordingWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The destination path.
    public var file: String
    /// Why the write failed.
    public var reason: String

    /// Creates an error for `file`.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): cannot write recording: \(reason)" }
}
