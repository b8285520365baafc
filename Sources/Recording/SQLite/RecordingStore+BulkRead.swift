import Foundation
import EvalNumerics

extension RecordingStore {
    /// Reads only the detections and depth grids of the recording at `path`, the bulk
    /// of a recording's bytes, for evaluations that need nothing else.
    ///
    /// The values equal those of `read(from:)` (same order, same bits; a file that borrows
    /// them, ``BorrowedTables``, is read through `read(from:)`). The two tables
    /// are read at the same time, each on its own read-only connection, through
    /// `SQLiteCursor`, which decodes each column once, straight from SQLite's buffers,
    /// instead of through boxed `SQLiteValue` rows; the file is memory-mapped, so pages are
    /// not copied into SQLite's page cache.
    /// - Throws: `InputError` naming `path` for a missing, foreign, damaged or
    ///   unsupported file or a malformed row.
    public static func readDetectionsAndDepthGrids(from path: String) throws(InputError) -> (
        detections: [Detection], depthGrids: [DepthGrid]
    ) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(file: path, message: "no such file")
        }
        // A file that borrows either table (a corpus variant member) is read whole, which takes
        // the borrowed rows from their source.
        if let borrowing = try borrowing(at: path), borrowing.tables.contains(where: { [.detections, .depthGrids].contains($0) }) {
            let recording = try read(from: path)
            return (recording.detections, recording.depthGrids)
        }
        let (detections, grids) = inParallel(
            { readBulk(path, bulkDetections) },
            { readBulk(path, bulkDepthGrids) })
        return (try detections.get(), try grids.get())
    }

    /// Opens `path` read-only, checks its version and runs `body`, capturing any failure
    /// as an `InputError` naming the file.
    private static func readBulk<Rows: Sendable>(
        _ path: String, _ body: (SQLiteConnection) throws -> Rows
    ) -> Result<Rows, InputError> {
        do {
            let db = try SQLiteConnection(path: path, mode: .readOnly)
            let version = try db.userVersion()
            if let problem = versionProblem(version) { return .failure(InputError(file: path, message: problem)) }
            try db.execute("PRAGMA mmap_size = \(mappedBytes)")
            return .success(try body(db))
        } catch let error as RowDecodingError {
            return .failure(InputError(file: path, message: error.description))
        } catch {
            return .failure(InputError(file: path, message: "cannot read recording (\(error))"))
        }
    }

    /// The most of a file the bulk reader memory-maps (`PRAGMA mmap_size`): 1 GiB.
    static let mappedBytes = 1 << 30

    /// Every detection, in id order, decoded column by column.
    static func bulkDetections(_ db: SQLiteConnection) throws -> [Detection] {
        let rows = try SQLiteCursor(db, table: Detection.table, columns: Detection.columns)
        var detections: [Detection] = []
        while try rows.next() {
            detections.append(Detection(
                id: try rows.integer(0), frame: try rows.integer(1), label: try rows.text(2), score: try rows.real(3),
                box: PixelBox(x: try rows.real(4), y: try rows.real(5), width: try rows.real(6), height: try rows.real(7)),
                embedding: try rows.optionalFloats(8), trackID: try rows.optionalInteger(9),
                instanceID: try rows.optionalText(10)))
        }
        return detections
    }

    /// Every depth grid, in detection order, decoded column by column.
    static func bulkDepthGrids(_ db: SQLiteConnection) throws -> [DepthGrid] {
        let rows = try SQLiteCursor(db, table: DepthGrid.table, columns: DepthGrid.columns)
        var grids: [DepthGrid] = []
        while try rows.next() {
            let grid = DepthGrid(
                detection: try rows.integer(0), rows: Int(try rows.integer(1)), columns: Int(try rows.integer(2)),
                u: try rows.floats(3), v: try rows.floats(4), lidarDepth: try rows.floats(5),
                lidarConfidence: try rows.bytes(6), relativeInverseDepth: try rows.floats(7), inMask: try rows.bytes(8),
                groundTruthDepth: try rows.optionalFloats(9))
            if let problem = grid.shapeProblem {
                throw RowDecodingError(table: DepthGrid.table, key: String(grid.detection), column: problem.column, message: problem.message)
            }
            grids.append(grid)
        }
        return grids
    }
}
