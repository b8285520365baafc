import Foundation
import Testing
@testable import Recording

@Suite struct JSONLinesRoundTripTests {
    /// Writes `recording`, reads it back from a file, and checks every value bit for bit.
    private func expectRoundTrip(_ recording: Recording, blockSize: Int = JSONLinesRecording.blockSize) throws {
        let path = RecordingFixtures.scratchDirectory() + "/rec.jsonl"
        try JSONLinesRecording.write(recording, to: path)
        let loaded = try JSONLinesRecording.read(path: path, blockSize: blockSize)
        #expect(JSONLinesFixtures.floatBits(loaded) == JSONLinesFixtures.floatBits(recording))
        #expect(JSONLinesFixtures.withoutGridSamples(loaded) == JSONLinesFixtures.withoutGridSamples(recording))
        #expect(try JSONLinesRecording.encode(loaded) == (try JSONLinesRecording.encode(recording)))
    }

    @Test func smallRecordingRoundTripsBitExactly() throws {
        let recording = JSONLinesFixtures.small()
        try expectRoundTrip(recording)
        let loaded = try JSONLinesRecording.parse(try JSONLinesRecording.encode(recording), path: "mem.jsonl")
        // Nullables stay distinct: nil vs empty embedding, nil ids, open-ended placement.
        #expect(loaded.detections[1].embedding == nil && loaded.detections[2].embedding == [])
        #expect(loaded.detections[1].trackID == nil && loaded.detections[1].instanceID == nil)
        #expect(loaded.groundTruthPlacements[1].to == nil && loaded.observations[0].storedBefore == nil)
        #expect(loaded.frames[0].pose[0, 3].sign == .minus)
        #expect(loaded.depthGrids[0].lidarDepth[1].isNaN && loaded.detections[1].score == .leastNonzeroMagnitude)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomBitPatternsRoundTrip(seed: UInt64) throws {
        try expectRoundTrip(JSONLinesFixtures.random(frames: 40, seed: seed))
    }

    @Test func linesStraddlingReadBlocksAreJoined() throws {
        try expectRoundTrip(JSONLinesFixtures.random(frames: 5, seed: 9), blockSize: 7)
    }

    @Test func sqliteToJSONLinesToSqliteKeepsTheRecording() throws {
        let directory = RecordingFixtures.scratchDirectory()
        try RecordingStore.write(JSONLinesFixtures.small(), to: directory + "/a.sqlite")
        let fromSQLite = try RecordingStore.read(from: directory + "/a.sqlite")
        try JSONLinesRecording.write(fromSQLite, to: directory + "/a.jsonl")
        try RecordingStore.write(try JSONLinesRecording.read(path: directory + "/a.jsonl"), to: directory + "/b.sqlite")
        let first = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.sqlite"))
        let second = try Data(contentsOf: URL(fileURLWithPath: directory + "/b.sqlite"))
        #expect(first == second)
    }

    @Test func minimalAppRecordsGetDefaultsAndSequentialIDs() throws {
        let pose = "[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]"
        let text = """
            {"type":"frame","frame":5,"t":0.5,"pose":\(pose),"fx":1000,"fy":1000,"cx":720,"cy":960,"width":1440,"height":1920,\
            "detections":[{"label":"cup","score":0.9,"box":[1,2,3,4]},{"id":7,"label":"cup","score":0.8,"box":[5,6,7,8]}]}
            {"type":"frame","frame":6,"t":0.6,"pose":\(pose),"fx":1000,"fy":1000,"cx":720,"cy":960,"width":1440,"height":1920,\
            "detections":[{"label":"mug","score":0.7,"box":[1,2,3,4]}]}
            """
        let recording = try JSONLinesRecording.parse(Data(text.utf8), path: "app.jsonl")
        #expect(recording.meta.isEmpty)
        #expect(recording.frames.map(\.trackingState) == [.normal, .normal] && recording.frames.allSatisfy(\.detectorRan))
        #expect(recording.detections.map(\.id) == [1, 7, 8])
        #expect(recording.detections.map(\.frame) == [5, 5, 6])
        #expect(RecordingValidator().problems(in: recording) == [])
    }

    @Test func valuesJSONCannotHoldAreWriterErrors() throws {
        var infinite = JSONLinesFixtures.small()
        infinite.depthGrids[0].lidarDepth[3] = .infinity
        let error = #expect(throws: JSONLinesEncodingError.self) { try JSONLinesRecording.encode(infinite) }
        #expect(error?.record == "frame 0")
        #expect(error?.field.hasPrefix("detections[0].depth.lidar_depth[3]: ") == true)

        var nanScore = JSONLinesFixtures.small()
        nanScore.groundTruthBoxes[1].visibility = .nan
        let boxError = #expect(throws: JSONLinesEncodingError.self) { try JSONLinesRecording.encode(nanScore) }
        #expect(boxError?.description.hasPrefix("gt_box 2: visibility: ") == true)

        var orphan = JSONLinesFixtures.small()
        orphan.detections[0].frame = 99
        let path = RecordingFixtures.scratchDirectory() + "/orphan.jsonl"
        #expect(throws: RecordingWriteError.self) { try JSONLinesRecording.write(orphan, to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
