import Foundation
import Testing
@testable import Recording

/// `export --jsonl` then `import --jsonl` gives back every table of the schema row for row
/// (Docs/recording-format.md#json-lines-spatial-eval-import---jsonl).
@Suite struct JSONLinesEveryTableTests {
    /// Every table of the schema the writer can create: version 1, the decision tables and the marks table.
    static let schemaTables: Set<String> = {
        let statements = [RecordingSchema.createStatements, RecordingSchema.decisionStatements, RecordingSchema.markStatements].joined(separator: "\n")
        var names: Set<String> = []
        for line in statements.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count >= 3, words[0] == "CREATE", words[1] == "TABLE" { names.insert(String(words[2])) }
        }
        return names
    }()

    /// The decision fixture with a row in every table: a LiDAR map, a second network pass, a
    /// guidance request given as a row and one started by a `guide` step, and marks of every kind.
    static func everyTable() -> Recording {
        var recording = AppDecisionTests.withDecisions()
        recording.lidarMaps = [LidarMap(frame: 1, rows: 2, columns: 3, depth: [1.5, .nan, 2.25, 3, 0.5, 4], confidence: [2, 0, 1, 2, 2, 1])]
        recording.depthNetworkPasses = [DepthNetworkPass(detection: 10, variant: "fast", relativeInverseDepth: [0.7, 0.2, 0, 1e-3])]
        recording.guidanceRequests = [CaptureGuidanceRequest(id: 1, fromFrame: 0, toFrame: 1, object: 2)]
        recording.groundTruthObjects.append(GroundTruthObject(id: 3, label: "bottle", extent: [0.07, 0.25, 0.07]))
        let marks = [
            CaptureMark(id: 1, time: 0, frame: 0, object: 3, kind: .placed, position: [0.2, 0.9, -1], errorBound: 0.03),
            CaptureMark(id: 2, time: 0, frame: 0, object: 3, kind: .twin, twinOf: 1),
            CaptureMark(id: 3, time: 0, frame: 0, object: 3, kind: .stepStart, step: CaptureMarks.guideStep),
            CaptureMark(id: 4, time: 0.02, frame: 1, object: 3, kind: .moved),
            CaptureMark(id: 5, time: 0.03, frame: 1, object: 3, kind: .stepStop, step: CaptureMarks.guideStep, note: "arrived"),
        ]
        recording.marks = CaptureMarks.groundTruth(from: marks, into: &recording)
        return recording
    }

    @Test func theFixtureFillsEveryTableOfTheSchema() throws {
        let path = RecordingFixtures.scratchDirectory() + "/every.sqlite"
        try RecordingStore.write(Self.everyTable(), to: path)
        let counts = try RecordingStore.rowCounts(at: path)
        #expect(Set(counts.keys) == Self.schemaTables)
        let empty = Self.schemaTables.filter { (counts[$0] ?? 0) == 0 }.sorted()
        #expect(empty.isEmpty, "tables without a row in the fixture: \(empty)")
        #expect(counts["guidance_requests"] == 2)
    }

    @Test func exportThenImportGivesBackEveryTableRowForRow() throws {
        let directory = RecordingFixtures.scratchDirectory()
        try RecordingStore.write(Self.everyTable(), to: directory + "/a.sqlite")
        let original = try RecordingStore.read(from: directory + "/a.sqlite")
        try JSONLinesRecording.write(original, to: directory + "/a.jsonl")
        let imported = try JSONLinesRecording.importFiles(at: directory + "/a.jsonl")
        #expect(imported.warnings.isEmpty)
        try RecordingStore.write(imported.recording, to: directory + "/b.sqlite")
        #expect(try RecordingStore.rowCounts(at: directory + "/b.sqlite") == (try RecordingStore.rowCounts(at: directory + "/a.sqlite")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.sqlite")) == (try Data(contentsOf: URL(fileURLWithPath: directory + "/a.sqlite"))))
    }

    @Test func aRequestFromAGuideStepIsWrittenOnceAsTheStepNotAsARow() throws {
        let text = String(decoding: try JSONLinesRecording.encode(Self.everyTable()), as: UTF8.self)
        let requestLines = text.split(separator: "\n").filter { $0.contains("\"type\":\"guidance_request\"") }
        #expect(requestLines.count == 1)
        #expect(requestLines.first?.contains("\"object\":2") == true)
    }

    /// The bundled recordings: every table row for row after the JSON Lines round trip (their
    /// guidance requests were lost before the `guidance_request` record).
    @Test(arguments: ["absence", "low-light", "multi-room", "twins-moved", "walkaway-reapproach"])
    func bundledRecordingsRoundTripEveryTable(name: String) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/recordings/\(name).sqlite").path
        let directory = RecordingFixtures.scratchDirectory("bundled-\(name)")
        let original = try RecordingStore.read(from: source)
        #expect(!original.guidanceRequests.isEmpty)
        try JSONLinesRecording.write(original, to: directory + "/r.jsonl")
        try RecordingStore.write(try JSONLinesRecording.importFiles(at: directory + "/r.jsonl").recording, to: directory + "/r.sqlite")
        #expect(try RecordingStore.rowCounts(at: directory + "/r.sqlite") == (try RecordingStore.rowCounts(at: source)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/r.sqlite")) == (try Data(contentsOf: URL(fileURLWithPath: source))))
    }
}
