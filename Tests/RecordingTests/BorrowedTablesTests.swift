import Foundation
import Testing
@testable import Recording

/// A file that keeps some tables in another file (Docs/recording-format.md#borrowed-tables).
@Suite struct BorrowedTablesTests {
    /// A base recording written to `folder/base.sqlite`, and a variant of it that differs in
    /// its frames' poses only.
    private func baseAndVariant(in folder: String) throws -> (base: Recording, variant: Recording) {
        let base = OptionalTablesTests.withOptionalTables()
        try RecordingStore.write(base, to: folder + "/base.sqlite")
        var variant = base
        variant.frames[1].pose = RecordingFixtures.pose(yaw: 0.2, at: [0.5, 1.4, 0.2])
        variant.meta["notes"] = "a variant"
        return (base, variant)
    }

    /// The bytes `recording` is written as.
    private func bytes(of recording: Recording, in folder: String, name: String) throws -> Data {
        let path = folder + "/\(name).sqlite"
        try RecordingStore.write(recording, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("Tables stored alike are shared; a table is shared only with the tables whose rows point into it")
    func shareableTables() throws {
        let folder = RecordingFixtures.scratchDirectory()
        let (base, variant) = try baseAndVariant(in: folder)
        #expect(BorrowedTables.shareable(variant, base: base) == BorrowableTable.allCases, "NaN samples are stored alike")
        var other = variant
        other.depthGrids[0].relativeInverseDepth[0] = 0.5
        #expect(BorrowedTables.shareable(other, base: base) == [.groundTruthBoxes, .lidarMaps, .depthNetworkPasses],
                "a changed grid keeps its detections in the file (its rows point into them); the unchanged passes are borrowed")
        other = variant
        other.depthNetworkPasses[0].relativeInverseDepth[1] = .nan
        #expect(BorrowedTables.shareable(other, base: base) == BorrowableTable.allCases, "the same NaN")
        other.lidarMaps[0].depth[5] = -.infinity
        #expect(!BorrowedTables.shareable(other, base: base).contains(.lidarMaps))
        var zero = variant, negativeZero = variant
        zero.groundTruthBoxes[0].visibility = 0.0
        negativeZero.groundTruthBoxes[0].visibility = -0.0
        #expect(!BorrowedTables.shareable(negativeZero, base: zero).contains(.groundTruthBoxes), "−0 and 0 are stored differently")
    }

    @Test("A borrowing file holds none of the borrowed rows and reads back as the whole recording, bit for bit")
    func readsAsWhole() throws {
        let folder = RecordingFixtures.scratchDirectory()
        let (base, variant) = try baseAndVariant(in: folder)
        let tables = BorrowedTables.shareable(variant, base: base)
        try FileManager.default.createDirectory(atPath: folder + "/variants", withIntermediateDirectories: true)
        let path = folder + "/variants/v.sqlite"
        try RecordingStore.write(variant, to: path, borrowing: BorrowedTables(source: "../base.sqlite", tables: tables, of: base))
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        for table in tables {
            let count = try db.prepare("SELECT count(*) FROM \(table.rawValue)").nextRow()?.first
            #expect(count == .integer(0), "\(table.rawValue) is not in the borrowing file")
        }
        let read = try RecordingStore.read(from: path)
        #expect(read.meta == variant.meta, "the borrowing keys are gone")
        let bulk = try RecordingStore.readDetectionsAndDepthGrids(from: path)
        #expect(bulk.detections == variant.detections && bulk.depthGrids.count == variant.depthGrids.count, "the bulk reader follows the borrowing too")
        #expect(try bytes(of: read, in: folder, name: "read") == bytes(of: variant, in: folder, name: "whole"))
    }

    @Test("A missing source, rows that do not match, a chain, malformed keys and reserved keys are refused, naming the files")
    func refusals() throws {
        let folder = RecordingFixtures.scratchDirectory()
        let (base, variant) = try baseAndVariant(in: folder)
        let path = folder + "/v.sqlite"
        func expectRefusal(_ contains: String, _ comment: Comment) {
            do {
                _ = try RecordingStore.read(from: path)
                Issue.record("read \(path) without error: \(comment)")
            } catch {
                #expect(error.file == path && error.message.contains(contains), "\(error.description): \(comment)")
            }
        }
        try RecordingStore.write(variant, to: path, borrowing: BorrowedTables(source: "missing.sqlite", tables: [.lidarMaps], of: base))
        expectRefusal("missing.sqlite: no such file", "missing source")

        var shorter = base
        shorter.lidarMaps = []
        try RecordingStore.write(shorter, to: folder + "/short.sqlite")
        try RecordingStore.write(variant, to: path, borrowing: BorrowedTables(source: "short.sqlite", tables: [.lidarMaps], of: base))
        expectRefusal("borrows 1 rows of lidar_maps from short.sqlite, which holds 0", "row count")

        try RecordingStore.write(variant, to: folder + "/middle.sqlite", borrowing: BorrowedTables(source: "base.sqlite", tables: [.lidarMaps], of: base))
        try RecordingStore.write(variant, to: path, borrowing: BorrowedTables(source: "middle.sqlite", tables: [.groundTruthBoxes], of: base))
        expectRefusal("which borrows itself", "chain")

        try RecordingStore.write(variant, to: path, borrowing: BorrowedTables(source: "/abs/base.sqlite", tables: [.lidarMaps], of: base))
        expectRefusal("must be a path relative", "absolute source")

        var malformed = variant
        malformed.meta["notes"] = nil
        try RecordingStore.write(malformed, to: path)
        try SQLiteConnection(path: path, mode: .create).execute(
            "INSERT INTO meta (key, value) VALUES ('borrowed_from', 'base.sqlite'), ('borrowed_tables', 'lidar_maps,frames'), ('borrowed_rows', '1,2')")
        expectRefusal("borrowed_tables must list distinct tables", "frames cannot be borrowed")

        var reserved = variant
        reserved.meta["borrowed_rows"] = "1"
        #expect(throws: RecordingWriteError.self) { try RecordingStore.write(reserved, to: folder + "/reserved.sqlite") }
    }
}
