import Foundation
import Testing
@testable import Recording

/// The optional tables `lidar_maps` and `guidance_requests` (added to schema v1).
@Suite struct OptionalTablesTests {
    static func withOptionalTables() -> Recording {
        var recording = RecordingFixtures.small()
        recording.lidarMaps = [
            LidarMap(frame: 0, rows: 2, columns: 3, depth: [1.5, .nan, 2.25, 3, 0.125, .infinity], confidence: [2, 0, 1, 2, 2, 1]),
        ]
        recording.guidanceRequests = [CaptureGuidanceRequest(id: 1, fromFrame: 0, toFrame: 1, object: 1)]
        recording.depthNetworkPasses = [DepthNetworkPass(detection: 10, variant: "fast", relativeInverseDepth: [0.81, .nan, 0.0, 1e-3])]
        return recording
    }

    @Test func roundTripIsBitExact() throws {
        let path = RecordingFixtures.scratchDirectory() + "/r.sqlite"
        let original = Self.withOptionalTables()
        try RecordingStore.write(original, to: path)
        let read = try RecordingStore.read(from: path)
        #expect(read.guidanceRequests == original.guidanceRequests)
        #expect(read.depthNetworkPasses.map { $0.relativeInverseDepth.map(\.bitPattern) }
                == original.depthNetworkPasses.map { $0.relativeInverseDepth.map(\.bitPattern) })
        #expect(read.depthNetworkPasses.map(\.variant) == ["fast"])
        #expect(read.lidarMaps.map { $0.depth.map(\.bitPattern) } == original.lidarMaps.map { $0.depth.map(\.bitPattern) })
        #expect(read.lidarMaps.map(\.confidence) == original.lidarMaps.map(\.confidence))
        #expect(read.lidarMaps.map { [$0.frame, Int64($0.rows), Int64($0.columns)] } == [[0, 2, 3]])
    }

    @Test func filesWrittenBeforeTheTablesReadAsEmpty() throws {
        let path = RecordingFixtures.scratchDirectory() + "/old.sqlite"
        try RecordingStore.write(Self.withOptionalTables(), to: path)
        try SQLiteConnection(path: path, mode: .create).execute(
            "DROP TABLE lidar_maps; DROP TABLE guidance_requests; DROP TABLE depth_network_passes")
        let read = try RecordingStore.read(from: path)
        #expect(read.lidarMaps.isEmpty && read.guidanceRequests.isEmpty && read.depthNetworkPasses.isEmpty)
        #expect(read.detections == RecordingFixtures.small().detections)
    }

    @Test func malformedRowsNameTableRowAndColumn() throws {
        let path = RecordingFixtures.scratchDirectory() + "/bad.sqlite"
        try RecordingStore.write(Self.withOptionalTables(), to: path)
        let db = try SQLiteConnection(path: path, mode: .create)
        try db.execute("UPDATE lidar_maps SET depth = x'0000' WHERE frame = 0")
        #expect(throws: InputError(
            file: path, message: "lidar_maps row 0, column depth: float32 blob of 2 bytes (not a multiple of 4)")) {
            try RecordingStore.read(from: path)
        }
    }

    @Test func writingRefusesRequestsOfUnknownFrames() throws {
        var recording = Self.withOptionalTables()
        recording.guidanceRequests[0].toFrame = 99
        let path = RecordingFixtures.scratchDirectory() + "/fk.sqlite"
        #expect(throws: RecordingWriteError.self) { try RecordingStore.write(recording, to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func validatorChecksMapsAndRequests() {
        var recording = Self.withOptionalTables()
        recording.lidarMaps.append(LidarMap(frame: 7, rows: 2, columns: 2, depth: [1, 2, 3], confidence: [0, 1, 3, 2]))
        recording.guidanceRequests.append(CaptureGuidanceRequest(id: 2, fromFrame: 1, toFrame: 0, object: 9))
        recording.depthNetworkPasses += [DepthNetworkPass(detection: 11, variant: "fast", relativeInverseDepth: [1]),
                                         DepthNetworkPass(detection: 10, variant: "tiny", relativeInverseDepth: [1, 2])]
        let messages = RecordingValidator().problems(in: recording).map(\.description)
        #expect(messages.contains { $0.contains("lidar_maps") && $0.contains("refers to frame 7") })
        #expect(messages.contains { $0.contains("lidar_maps") && $0.contains("depth has 3 values, expected 4") })
        #expect(messages.contains { $0.contains("lidar_maps") && $0.contains("confidence has values above 2") })
        #expect(messages.contains { $0.contains("guidance_requests") && $0.contains("ground-truth object 9") })
        #expect(messages.contains { $0.contains("guidance_requests") && $0.contains("from_frame 1 is after to_frame 0") })
        #expect(messages.contains { $0.contains("depth_network_passes") && $0.contains("grid of detection 11, which does not exist") })
        #expect(messages.contains { $0.contains("depth_network_passes") && $0.contains("pass 'tiny' has 2 values, the grid 4") })
        #expect(RecordingValidator().problems(in: Self.withOptionalTables()).isEmpty)
    }
}
