import Foundation
import Testing
@testable import Recording

@Suite struct BulkReadTests {
    @Test(arguments: [0, 7] as [UInt64])
    func bulkReadEqualsTheFullReadBitForBit(seed: UInt64) throws {
        let path = RecordingFixtures.scratchDirectory() + "/r.sqlite"
        var original = seed == 0 ? RecordingFixtures.small() : JSONLinesFixtures.random(frames: 30, seed: seed)
        original.meta = [:]
        try RecordingStore.write(original, to: path)
        let full = try RecordingStore.read(from: path)
        let bulk = try RecordingStore.readDetectionsAndDepthGrids(from: path)
        let both = Recording(frames: full.frames, detections: bulk.detections, depthGrids: bulk.depthGrids)
        let reference = Recording(frames: full.frames, detections: full.detections, depthGrids: full.depthGrids)
        #expect(JSONLinesFixtures.floatBits(both) == JSONLinesFixtures.floatBits(reference))
        #expect(JSONLinesFixtures.withoutGridSamples(both) == JSONLinesFixtures.withoutGridSamples(reference))
        #expect(bulk.detections.map(\.embedding?.count) == original.detections.map(\.embedding?.count))
    }

    @Test func wrongColumnTypesAndBlobSizesNameTableRowAndColumn() throws {
        let path = RecordingFixtures.scratchDirectory() + "/bad.sqlite"
        try RecordingStore.write(RecordingFixtures.small(), to: path)
        let db = try SQLiteConnection(path: path, mode: .create)
        try db.execute("UPDATE detections SET score = 'high' WHERE id = 11")
        #expect(throws: InputError(file: path, message: "detections row 11, column score: expected REAL")) {
            try RecordingStore.readDetectionsAndDepthGrids(from: path)
        }
        try db.execute("UPDATE detections SET score = 0.5 WHERE id = 11; UPDATE depth_grids SET u = x'000000' WHERE detection = 10")
        #expect(throws: InputError(
            file: path, message: "depth_grids row 10, column u: blob of 3 bytes is not a whole number of 4-byte values")) {
            try RecordingStore.readDetectionsAndDepthGrids(from: path)
        }
        try db.execute("PRAGMA user_version = 9")
        #expect(throws: InputError(
            file: path, message: "unsupported recording schema version 9; this tool reads schema version(s) 1, 2")) {
            try RecordingStore.readDetectionsAndDepthGrids(from: path)
        }
        #expect(throws: InputError(file: path + "x", message: "no such file")) {
            try RecordingStore.readDetectionsAndDepthGrids(from: path + "x")
        }
    }

    @Test func bulkReadOfTheDefaultRecordingsMatchesTheFullRead() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/recordings/twins-moved.sqlite").path
        let full = try RecordingStore.read(from: data)
        let bulk = try RecordingStore.readDetectionsAndDepthGrids(from: data)
        #expect(bulk.detections == full.detections && !bulk.detections.isEmpty)
        let reference = Recording(detections: full.detections, depthGrids: full.depthGrids)
        #expect(JSONLinesFixtures.floatBits(Recording(detections: bulk.detections, depthGrids: bulk.depthGrids))
                == JSONLinesFixtures.floatBits(reference))
    }

    @Test func emptyRecordingGivesEmptyTables() throws {
        let path = RecordingFixtures.scratchDirectory() + "/empty.sqlite"
        try RecordingStore.write(Recording(), to: path)
        let bulk = try RecordingStore.readDetectionsAndDepthGrids(from: path)
        #expect(bulk.detections.isEmpty && bulk.depthGrids.isEmpty)
    }
}
