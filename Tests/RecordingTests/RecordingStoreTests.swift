import Foundation
import Testing
@testable import Recording

/// Bit patterns of floats, so NaN compares equal to itself.
private func bits(_ values: [Float]?) -> [UInt32]? { values?.map(\.bitPattern) }

@Suite struct RecordingStoreTests {
    @Test func roundTripIsBitExact() throws {
        let directory = RecordingFixtures.scratchDirectory()
        let path = directory + "/small.sqlite"
        let original = RecordingFixtures.small()
        try RecordingStore.write(original, to: path)
        let loaded = try RecordingStore.read(from: path)

        #expect(loaded.meta == original.meta)
        #expect(loaded.frames == original.frames)
        #expect(loaded.detections == original.detections)
        #expect(loaded.observations == original.observations)
        #expect(loaded.groundTruthObjects == original.groundTruthObjects)
        #expect(loaded.groundTruthPlacements == original.groundTruthPlacements)
        #expect(loaded.groundTruthBoxes == original.groundTruthBoxes)
        // Grids hold NaN, which `==` never matches: compare bit patterns.
        let (got, want) = (try #require(loaded.depthGrids.first), try #require(original.depthGrids.first))
        #expect(loaded.depthGrids.count == 1)
        #expect(bits(got.lidarDepth) == bits(want.lidarDepth))
        #expect(bits(got.groundTruthDepth) == bits(want.groundTruthDepth))
        #expect(bits(got.relativeInverseDepth) == bits(want.relativeInverseDepth))
        #expect(bits(got.u) == bits(want.u) && bits(got.v) == bits(want.v))
        #expect(got.lidarConfidence == want.lidarConfidence && got.inMask == want.inMask)
        #expect(got.rows == 2 && got.columns == 2 && got.detection == 10)
        // Nullables stay distinct: nil embedding vs empty embedding, nil ids.
        #expect(loaded.detections[1].embedding == nil && loaded.detections[2].embedding == [])
        #expect(loaded.detections[1].trackID == nil && loaded.detections[1].instanceID == nil)
        #expect(loaded.groundTruthPlacements[1].to == nil)
        #expect(loaded.observations[1].extent == nil && loaded.observations[0].storedBefore == nil)
        #expect(try RecordingStore.integrityProblems(at: path) == [])
    }

    @Test func writesSchemaVersionAndLittleEndianBlobs() throws {
        let path = RecordingFixtures.scratchDirectory() + "/small.sqlite"
        try RecordingStore.write(RecordingFixtures.small(), to: path)
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try db.userVersion() == 1)
        let embedding = try db.scalar("SELECT embedding FROM detections WHERE id = 10")
        // 0.1 as float32 is 0x3DCCCCCD, stored least significant byte first.
        guard case .blob(let bytes)? = embedding else { Issue.record("embedding is not a blob"); return }
        #expect(Array(bytes.prefix(4)) == [0xCD, 0xCC, 0xCC, 0x3D])
    }

    @Test func rewritingReplacesTheFile() throws {
        let path = RecordingFixtures.scratchDirectory() + "/r.sqlite"
        try RecordingStore.write(RecordingFixtures.small(), to: path)
        try RecordingStore.write(Recording(meta: ["source": "second"]), to: path)
        #expect(try RecordingStore.read(from: path) == Recording(meta: ["source": "second"]))
    }

    @Test func failedWriteLeavesNothingAtTheDestination() throws {
        let directory = RecordingFixtures.scratchDirectory()
        let path = directory + "/broken.sqlite"
        var recording = RecordingFixtures.small()
        recording.detections.append(
            Detection(id: 99, frame: 12_345, label: "cup", score: 0.9, box: PixelBox(x: 1, y: 1, width: 2, height: 2)))
        #expect(throws: RecordingWriteError.self) { try RecordingStore.write(recording, to: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func failedWriteKeepsThePreviousFile() throws {
        let path = RecordingFixtures.scratchDirectory() + "/keep.sqlite"
        try RecordingStore.write(RecordingFixtures.small(), to: path)
        var broken = RecordingFixtures.small()
        broken.frames[0].time = .nan  // SQLite stores NaN as NULL: t is NOT NULL
        let error = #expect(throws: RecordingWriteError.self) { try RecordingStore.write(broken, to: path) }
        #expect(error?.description.contains("keep.sqlite") == true)
        #expect(try RecordingStore.read(from: path).frames == RecordingFixtures.small().frames)
    }
}
