/// A table whose rows a recording file may keep in another recording file
/// (Docs/recording-format.md#borrowed-tables).
public enum BorrowableTable: String, CaseIterable, Sendable {
    case detections
    case depthGrids = "depth_grids"
    case groundTruthBoxes = "gt_boxes"
    case lidarMaps = "lidar_maps"
    case depthNetworkPasses = "depth_network_passes"

    /// The borrowable tables whose rows reference this table's: a file that keeps any of
    /// them must keep this table too (its foreign keys point into it).
    var referencedBy: [BorrowableTable] {
        switch self {
        case .detections: [.depthGrids, .depthNetworkPasses]
        case .depthGrids: [.depthNetworkPasses]
        case .groundTruthBoxes, .lidarMaps, .depthNetworkPasses: []
        }
    }

    /// The table's rows in `recording`.
    func rowCount(in recording: Recording) -> Int {
        switch self {
        case .detections: recording.detections.count
        case .depthGrids: recording.depthGrids.count
        case .groundTruthBoxes: recording.groundTruthBoxes.count
        case .lidarMaps: recording.lidarMaps.count
        case .depthNetworkPasses: recording.depthNetworkPasses.count
        }
    }

    /// Whether the table's rows in `a` and `b` are stored alike, value for value and bit for
    /// bit (NaN samples included, which `==` on the values would call different).
    func isStoredAlike(in a: Recording, and b: Recording) -> Bool {
        switch self {
        case .detections: Self.storedAlike(a.detections, b.detections)
        case .depthGrids: Self.storedAlike(a.depthGrids, b.depthGrids)
        case .groundTruthBoxes: Self.storedAlike(a.groundTruthBoxes, b.groundTruthBoxes)
        case .lidarMaps: Self.storedAlike(a.lidarMaps, b.lidarMaps)
        case .depthNetworkPasses: Self.storedAlike(a.depthNetworkPasses, b.depthNetworkPasses)
        }
    }

    private static func storedAlike<Record: TableRecord>(_ a: [Record], _ b: [Record]) -> Bool {
        // The same storage (rows taken over from the base, as reused LiDAR maps are) is alike.
        let shared = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
        return shared || a.count == b.count && zip(a, b).allSatisfy { x, y in
            let (u, v) = (x.sqlValues, y.sqlValues)
            return u.count == v.count && zip(u, v).allSatisfy { $0.isStoredAlike($1) }
        }
    }

    /// Sets the table of `recording` to `source`'s rows (none when `source` is nil).
    func replace(in recording: inout Recording, from source: Recording?) {
        switch self {
        case .detections: recording.detections = source?.detections ?? []
        case .depthGrids: recording.depthGrids = source?.depthGrids ?? []
        case .groundTruthBoxes: recording.groundTruthBoxes = source?.groundTruthBoxes ?? []
        case .lidarMaps: recording.lidarMaps = source?.lidarMaps ?? []
        case .depthNetworkPasses: recording.depthNetworkPasses = source?.depthNetworkPasses ?? []
        }
    }
}

/// Tables a recording file keeps in another recording file: the file holds none of their
/// rows, and reading it (``RecordingStore/read(from:)``) takes them from `source`. A
/// simulated corpus's variant members borrow what they share with the base corpus's member
/// of the same scenario, seed and duration (the LiDAR maps, the ground-truth boxes, …), so
/// a variant costs the disk only what it changes (Docs/recording-format.md#borrowed-tables).
public struct BorrowedTables: Equatable, Sendable {
    /// The file holding the rows, relative to the borrowing file's folder.
    public var source: String
    /// The tables borrowed, in ``BorrowableTable`` order.
    public var tables: [BorrowableTable]
    /// The number of rows of each table in `source` (same order), checked on reading.
    public var rows: [Int]

    /// The meta keys a borrowing file holds (reserved: a recording to be written may not hold them).
    public static let metaKeys = (source: "borrowed_from", tables: "borrowed_tables", rows: "borrowed_rows")

    /// Borrows `tables` of `base`, whose file is `source` (relative to the borrowing file's folder).
    public init(source: String, tables: [BorrowableTable], of base: Recording) {
        self.source = source
        self.tables = BorrowableTable.allCases.filter(tables.contains)
        rows = self.tables.map { $0.rowCount(in: base) }
    }

    /// The tables of `recording` stored alike in `base` that can be borrowed together: a table is
    /// left out when a table that references it differs (the file must hold what its kept
    /// rows point to), so detections are borrowed only with their depth grids and passes.
    public static func shareable(_ recording: Recording, base: Recording) -> [BorrowableTable] {
        var shared = Set(BorrowableTable.allCases.filter { $0.isStoredAlike(in: recording, and: base) })
        var changed = true
        while changed {
            changed = false
            for table in shared where !table.referencedBy.allSatisfy(shared.contains) {
                shared.remove(table)
                changed = true
            }
        }
        return BorrowableTable.allCases.filter(shared.contains)
    }

    /// `recording` as its file holds it: the borrowed tables empty and the borrowing
    /// recorded in its meta.
    func stored(_ recording: Recording) -> Recording {
        var stored = recording
        for table in tables { table.replace(in: &stored, from: nil) }
        stored.meta[Self.metaKeys.source] = source
        stored.meta[Self.metaKeys.tables] = tables.map(\.rawValue).joined(separator: ",")
        stored.meta[Self.metaKeys.rows] = rows.map(String.init).joined(separator: ",")
        return stored
    }

    /// The borrowing recorded in `meta`, nil when there is none; a message saying what is
    /// wrong when the keys are malformed.
    static func recorded(in meta: [String: String]) -> Result<BorrowedTables, BorrowingProblem>? {
        let keys = Self.metaKeys
        guard meta[keys.source] != nil || meta[keys.tables] != nil || meta[keys.rows] != nil else { return nil }
        guard let source = meta[keys.source], let tableList = meta[keys.tables], let rowList = meta[keys.rows] else {
            return .failure(BorrowingProblem("meta keys \(keys.source), \(keys.tables) and \(keys.rows) must come together"))
        }
        guard !source.isEmpty, !source.hasPrefix("/") else {
            return .failure(BorrowingProblem("\(keys.source) must be a path relative to the file's folder, got '\(TextFile.excerpt(source))'"))
        }
        let names = tableList.split(separator: ",").map(String.init)
        let tables = names.compactMap(BorrowableTable.init(rawValue:))
        guard !names.isEmpty, tables.count == names.count, Set(tables).count == tables.count else {
            return .failure(BorrowingProblem("\(keys.tables) must list distinct tables among "
                + BorrowableTable.allCases.map(\.rawValue).joined(separator: ", ") + ", got '\(TextFile.excerpt(tableList))'"))
        }
        let rows = rowList.split(separator: ",").map { Int($0) }
        guard rows.count == tables.count, rows.allSatisfy({ ($0 ?? -1) >= 0 }) else {
            return .failure(BorrowingProblem("\(keys.rows) must give one row count per borrowed table, got '\(TextFile.excerpt(rowList))'"))
        }
        return .success(BorrowedTables(source: source, tables: tables, rows: rows.map { $0! }))
    }

    private init(source: String, tables: [BorrowableTable], rows: [Int]) {
        self.source = source
        self.tables = tables
        self.rows = rows
    }

    /// `stored` (read from a borrowing file) with the borrowed tables taken from `base` (the
    /// source file's recording) and the borrowing keys removed; a problem when `base` does
    /// not hold the recorded number of rows or the file already holds rows of a borrowed table.
    func resolved(_ stored: Recording, base: Recording) -> Result<Recording, BorrowingProblem> {
        var recording = stored
        for (table, count) in zip(tables, rows) {
            guard table.rowCount(in: stored) == 0 else {
                return .failure(BorrowingProblem("borrows \(table.rawValue) but holds rows of it"))
            }
            guard table.rowCount(in: base) == count else {
                return .failure(BorrowingProblem("borrows \(count) rows of \(table.rawValue) from \(source), which holds \(table.rowCount(in: base))"))
            }
            table.replace(in: &recording, from: base)
        }
        for key in [Self.metaKeys.source, Self.metaKeys.tables, Self.metaKeys.rows] { recording.meta[key] = nil }
        return .success(recording)
    }
}

/// What is wrong with a file's borrowed tables.
struct BorrowingProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
