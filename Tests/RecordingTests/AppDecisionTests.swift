import Foundation
import Testing
@testable import Recording

/// App decision logs: schema version 2 (`app_decisions`, `app_decision_evidence`), their
/// validation and their JSON Lines records.
@Suite struct AppDecisionTests {
    /// `JSONLinesFixtures.small()` (finite, so JSON can hold it) with one decision of every kind.
    static func withDecisions() -> Recording {
        var recording = JSONLinesFixtures.small()
        let t1 = 1.0 / 30.0
        recording.decisions = [
            AppDecision(id: 1, frame: 0, time: 0, kind: .instance, instance: "A1B2", detection: 10, label: "bottle", mergeRule: .new,
                        position: [0.5, 0.9, -1.2]),
            AppDecision(id: 2, frame: 0, time: 0, kind: .guidanceStart, instance: "A1B2", position: [0.5, 0.9, -1.2]),
            AppDecision(id: 3, frame: 1, time: t1, kind: .instance, instance: "A1B2", detection: 12, mergeRule: .nearCosine),
            AppDecision(id: 4, frame: 1, time: t1, kind: .anchorUpdate, instance: "A1B2", detection: 12, position: [0.505, 0.9, -1.2],
                        gap: 0.02, clamped: false, snapped: false, followed: true),
            AppDecision(id: 5, frame: 1, time: t1, kind: .absenceLook, instance: "A1B2", look: .noEvidence, noEvidenceReason: .occluded,
                        absentSamples: 0),
            AppDecision(id: 6, frame: 1, time: t1, kind: .missingFlip, instance: "C3", missing: true,
                        evidence: [.init(frame: 0, time: 0, look: .absent), .init(frame: 1, time: t1, look: .absent)]),
            AppDecision(id: 7, frame: 1, time: t1, kind: .lockOn, instance: "C3", position: [1, 2, 3], lockOnBranch: .sameClass),
            AppDecision(id: 8, frame: 1, time: t1, kind: .arrival, instance: "A1B2", arrivalState: .amber),
            AppDecision(id: 9, frame: 1, time: t1, kind: .guidanceEnd, instance: "A1B2"),
        ]
        return recording
    }

    private func written(_ recording: Recording) throws -> String {
        let path = RecordingFixtures.scratchDirectory() + "/d.sqlite"
        try RecordingStore.write(recording, to: path)
        return path
    }

    @Test func decisionsMakeAVersion2FileThatRoundTrips() throws {
        let original = Self.withDecisions()
        let path = try written(original)
        #expect(try RecordingStore.schemaVersion(at: path) == 2)
        let read = try RecordingStore.read(from: path)
        #expect(read.decisions == original.decisions && read.detections == original.detections)
        #expect(RecordingValidator().problems(in: read).isEmpty)
    }

    @Test func withoutDecisionsTheFileStaysVersion1AndV1FilesReadWithoutDecisions() throws {
        let plain = try written(RecordingFixtures.small())
        #expect(try RecordingStore.schemaVersion(at: plain) == 1)
        #expect(try RecordingStore.read(from: plain).decisions.isEmpty)
        let tables = try SQLiteConnection(path: plain, mode: .readOnly).prepare(
            "SELECT count(*) FROM sqlite_master WHERE name LIKE 'app_decision%'").nextRow()
        #expect(tables == [.integer(0)])
        // A version-1 file has no decisions, even should it carry the tables.
        let path = try written(Self.withDecisions())
        try SQLiteConnection(path: path, mode: .create).setUserVersion(1)
        #expect(try RecordingStore.read(from: path).decisions.isEmpty)
    }

    @Test func unknownVersionsAreRefusedNamingFileAndVersion() throws {
        let path = try written(Self.withDecisions())
        try SQLiteConnection(path: path, mode: .create).setUserVersion(3)
        #expect(throws: InputError(
            file: path, message: "unsupported recording schema version 3; this tool reads schema version(s) 1, 2")) {
            try RecordingStore.read(from: path)
        }
    }

    @Test func malformedRowsNameTableRowAndColumn() throws {
        func readError(_ sql: String) throws -> String? {
            let path = try written(Self.withDecisions())
            try SQLiteConnection(path: path, mode: .create).execute(sql)
            do {
                _ = try RecordingStore.read(from: path)
                return nil
            } catch {
                return error.description.replacingOccurrences(of: path, with: "F")
            }
        }
        #expect(try readError("UPDATE app_decisions SET rule = 'sideways' WHERE id = 3")
            == "F: app_decisions row 3, column rule: unknown value 'sideways' (expected one of new, same_track, near_cosine, near_no_embedding, far_cosine)")
        #expect(try readError("UPDATE app_decisions SET rule = 'new' WHERE id = 8")
            == "F: app_decisions row 8, column rule: does not apply to kind arrival")
        #expect(try readError("UPDATE app_decisions SET state = 'blue' WHERE id = 8")
            == "F: app_decisions row 8, column state: unknown value 'blue' (expected one of none, amber, green)")
        #expect(try readError("UPDATE app_decisions SET y = NULL WHERE id = 4") == "F: app_decisions row 4, column x/y/z: partly NULL")
        #expect(try readError("PRAGMA foreign_keys = OFF; UPDATE app_decision_evidence SET decision = 99 WHERE sample = 0")
            == "F: app_decision_evidence row 99, column decision: refers to decision 99, which does not exist")
    }

    @Test func theValidatorChecksEveryDecisionRow() {
        var recording = Self.withDecisions()
        recording.decisions[3].gap = nil                  // id 4: anchor_update without gap
        recording.decisions[3].snapped = true             // … and snapped and followed
        recording.decisions[2].detection = 10             // id 3: detection of frame 0 on frame 1
        recording.decisions[4].time = 0.5                 // id 5: not its frame's t
        recording.decisions[5].evidence[1].look = .covered // id 6: a flip to missing resting on a sighting
        recording.decisions[5].evidence[0].frame = 5      // … and a sample of an unknown frame
        recording.decisions[6].mergeRule = .new           // id 7: rule of another kind
        recording.decisions[7].missing = false            // id 8: a field of another kind
        recording.decisions[0].position = nil             // id 1: a new instance without its anchor
        recording.decisions[8].frame = 7                  // id 9: unknown frame
        let messages = RecordingValidator().problems(in: recording).map(\.description)
        let expected = [
            "app_decisions:1: instance: position: missing (required for kind instance)",
            "app_decisions:3: instance: detection 10 is on frame 0, not on frame 1",
            "app_decisions:4: anchor_update: gap: missing (required for kind anchor_update)",
            "app_decisions:4: anchor_update: at most one of clamped, snapped and followed can be true",
            "app_decisions:5: absence_look: t 0.5 is not the t 0.03333333333333333 of frame 1",
            "app_decisions:6: missing_flip: evidence[0].frame: 5 is after the flip's frame 1",
            "app_decisions:6: missing_flip: evidence[1].frame: 1 is before the previous sample's 5",
            "app_decisions:6: missing_flip: evidence[1].look: 'covered' should be absent (a flip to missing rests on absent samples)",
            "app_decision_evidence:6: sample 0: refers to frame 5, which does not exist",
            "app_decisions:7: lock_on: rule: 'new' is a merge rule, not a lock-on branch",
            "app_decisions:8: arrival: missing: does not apply to kind arrival",
            "app_decisions:9: guidance_end: refers to frame 7, which does not exist",
        ]
        #expect(messages == expected)
    }

    @Test func jsonLinesDecisionsRoundTrip() throws {
        let original = Self.withDecisions()
        let data = try JSONLinesRecording.encode(original)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"spatial-eval-jsonl","meta":"#) && text.contains(#""version":2}"#))
        #expect(text.contains(#"{"clamped":false,"detection":12,"followed":true,"frame":1,"gap":0.02,"id":4,"instance":"A1B2","#
            + #""kind":"anchor_update","position":[0.505,0.9,-1.2],"snapped":false,"t":0.03333333333333333,"type":"decision"}"#))
        let read = try JSONLinesRecording.parse(data, path: "d.jsonl")
        #expect(read.decisions == original.decisions)
        #expect(try JSONLinesRecording.encode(read) == data)
        #expect(!String(decoding: try JSONLinesRecording.encode(JSONLinesFixtures.small()), as: UTF8.self).contains(#""version":2"#))
    }

    @Test func jsonLinesDecisionsTakeTheirFramesTimeWhenTIsLeftOut() throws {
        let lines = [
            MalformedJSONLines.frame(1, t: "0.5", MalformedJSONLines.detection(#"{"id":3,"label":"cup","score":0.9,"box":[1,2,3,4]}"#)),
            #"{"type":"decision","frame":1,"kind":"instance","instance":"u-1","detection":3,"rule":"new","position":[0,1,2]}"#,
            #"{"type":"decision","frame":1,"kind":"missing_flip","instance":"u-1","missing":true,"evidence":[{"frame":1,"look":"absent"}]}"#,
        ]
        let recording = try JSONLinesRecording.parse(Data(lines.joined(separator: "\n").utf8), path: "x.jsonl")
        #expect(recording.decisions.map(\.id) == [1, 2])
        #expect(recording.decisions.map(\.time) == [0.5, 0.5] && recording.decisions[1].evidence[0].time == 0.5)
        #expect(recording.decisions[0].mergeRule == .new && recording.decisions[0].position == [0, 1, 2])
    }

    static let badDecisions: [MalformedJSONLines] = [
        MalformedJSONLines(name: "unknown kind", lines: [#"{"type":"decision","frame":1,"kind":"teleport","instance":"a"}"#],
                           message: "x.jsonl:2: kind: unknown value 'teleport' (expected one of instance, anchor_update, absence_look, "
                               + "missing_flip, lock_on, arrival, guidance_start, guidance_end)"),
        MalformedJSONLines(name: "missing field", lines: [#"{"type":"decision","frame":1,"kind":"arrival","instance":"a"}"#],
                           message: "x.jsonl:2: state: missing (required for kind arrival)"),
        MalformedJSONLines(name: "rule of another kind", lines: [#"{"type":"decision","frame":1,"kind":"lock_on","instance":"a","rule":"near_cosine","position":[0,0,0]}"#],
                           message: "x.jsonl:2: rule: unknown value 'near_cosine' (expected one of instance, class)"),
        MalformedJSONLines(name: "field of another kind", lines: [#"{"type":"decision","frame":1,"kind":"guidance_end","instance":"a","gap":0.1}"#],
                           message: "x.jsonl:2: gap: does not apply to kind guidance_end"),
        MalformedJSONLines(name: "unknown detection", lines: [#"{"type":"decision","frame":1,"kind":"instance","instance":"a","detection":8,"rule":"same_track"}"#],
                           message: "x.jsonl:2: detection: 8 is not a detection of this file"),
        MalformedJSONLines(name: "another frame's time", lines: [#"{"type":"decision","frame":1,"t":0.25,"kind":"guidance_end","instance":"a"}"#],
                           message: "x.jsonl:2: t: 0.25 is not the t 0.5 of frame 1"),
        MalformedJSONLines(name: "evidence of an unknown frame", lines: [#"{"type":"decision","frame":1,"kind":"missing_flip","instance":"a","missing":false,"evidence":[{"frame":0,"look":"reanchor"}]}"#],
                           message: "x.jsonl:2: evidence[0].frame: 0 is not a frame of this file"),
    ]

    @Test(arguments: badDecisions)
    func malformedDecisionRecordsNameFileLineAndField(_ example: MalformedJSONLines) {
        let text = ([MalformedJSONLines.frame(1, t: "0.5")] + example.lines).joined(separator: "\n")
        let error = #expect(throws: InputError.self) { try JSONLinesRecording.parse(Data(text.utf8), path: "x.jsonl") }
        #expect(error?.description == example.message)
    }
}

/// LiDAR maps in JSON Lines (what the absence sweep, and so parity, needs from an app export).
@Suite struct JSONLinesLidarMapTests {
    @Test func mapsRoundTripWithNullForNoReturn() throws {
        var recording = JSONLinesFixtures.small()
        recording.lidarMaps = [LidarMap(frame: 1, rows: 2, columns: 3, depth: [1.5, .nan, 2.25, 3, 0.125, 7.75], confidence: [2, 0, 1, 2, 2, 1])]
        let data = try JSONLinesRecording.encode(recording)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"{"cols":3,"confidence":[2,0,1,2,2,1],"depth":[1.5,null,2.25,3,0.125,7.75],"frame":1,"rows":2,"type":"lidar_map"}"#))
        #expect(text.contains(#""version":2}"#))
        let read = try JSONLinesRecording.parse(data, path: "m.jsonl")
        #expect(read.lidarMaps.map { $0.depth.map(\.bitPattern) } == recording.lidarMaps.map { $0.depth.map(\.bitPattern) })
        #expect(read.lidarMaps.map(\.confidence) == recording.lidarMaps.map(\.confidence))
    }

    @Test(arguments: [
        MalformedJSONLines(name: "short map", lines: [#"{"type":"lidar_map","frame":1,"rows":1,"cols":2,"depth":[1],"confidence":[2,2]}"#],
                           message: "x.jsonl:2: depth: expected 2 values (1 × 2), found 1"),
        MalformedJSONLines(name: "second map of a frame", lines: [
            #"{"type":"lidar_map","frame":1,"rows":1,"cols":1,"depth":[1],"confidence":[2]}"#,
            #"{"type":"lidar_map","frame":1,"rows":1,"cols":1,"depth":[2],"confidence":[2]}"#],
                           message: "x.jsonl:3: frame: 1 already has a lidar_map on line 2"),
        MalformedJSONLines(name: "map of an unknown frame", lines: [#"{"type":"lidar_map","frame":4,"rows":1,"cols":1,"depth":[null],"confidence":[0]}"#],
                           message: "x.jsonl:2: frame: 4 is not a frame of this file"),
        MalformedJSONLines(name: "confidence byte", lines: [#"{"type":"lidar_map","frame":1,"rows":1,"cols":1,"depth":[1],"confidence":[300]}"#],
                           message: "x.jsonl:2: confidence[0]: expected an integer 0…255, found 300"),
    ])
    func malformedMapsNameFileLineAndField(_ example: MalformedJSONLines) {
        let text = ([MalformedJSONLines.frame(1, t: "0.5")] + example.lines).joined(separator: "\n")
        let error = #expect(throws: InputError.self) { try JSONLinesRecording.parse(Data(text.utf8), path: "x.jsonl") }
        #expect(error?.description == example.message)
    }
}
