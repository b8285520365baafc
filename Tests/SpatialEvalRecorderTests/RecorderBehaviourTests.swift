import Foundation
import Recording
@testable import SpatialEvalRecorder
import TestSupport
import Testing

@Suite("SessionRecorder: what it writes, what it drops, where it stops")
struct RecorderBehaviourTests {
    /// The bytes of every part of `folder`, in order.
    static func parts(_ folder: String) throws -> [Data] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }.sorted()
            .map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) }
    }

    @Test("a session imports with its header, frames, detections, grids, maps, observations, decisions and labelled boxes")
    func sessionImports() throws {
        let folder = try TemporaryDirectory()
        let counters = try SessionFixtures.record(into: folder.file("s"))
        #expect(!counters.lostAnything && counters.parts == 1 && counters.stopReason == nil)
        let imported = try JSONLinesRecording.importFiles(at: folder.file("s"))
        #expect(imported.warnings.isEmpty)
        let r = imported.recording
        #expect(r.meta["source"] == "app" && r.meta["device"] == "iPhone 15 Pro" && r.meta["app_version"] == "2.3 (412)")
        #expect(r.meta["app_config"] == #"{"anchors.stepClamp":0.15,"merge.nearRadius":0.35}"#)
        #expect(r.meta["room"] == "study" && r.meta["recorder_end"] == "complete")
        #expect(r.frames.map(\.index) == [1, 2, 3, 4, 5, 6] && r.frames[2].time == 0.3)
        #expect(r.frames[0].pose.rowMajor[7] == 1.4 && r.frames[1].detectorRan == false)
        #expect(r.detections.map(\.id) == [10, 11, 30, 31, 50, 51])
        #expect(r.detections[0].embedding == [0.25, -0.5] && r.detections[0].trackID == 7)
        #expect(r.depthGrids.count == 3 && r.depthGrids[0].lidarDepth[1].isNaN)
        #expect(r.lidarMaps.map(\.frame) == [3, 6])
        #expect(r.observations.count == 1 && r.observations[0].storedBefore?.x == -0.6)
        #expect(r.decisions.map(\.kind) == [.instance, .instance, .anchorUpdate, .absenceLook, .missingFlip])
        #expect(r.decisions.map(\.id) == [1, 2, 3, 4, 5] && r.decisions[2].time == 0.3)
        #expect(r.groundTruthBoxes.count == 1 && r.groundTruthBoxes[0].visibility == 0.75)
        #expect(RecordingValidator().problems(in: r).isEmpty, "\(RecordingValidator().problems(in: r))")
    }

    @Test("marks become placements (until the next mark or removal), twin groups and a guidance request; bounds are kept")
    func marksBecomeGroundTruth() throws {
        let folder = try TemporaryDirectory()
        try SessionFixtures.record(into: folder.file("s"))
        let r = try JSONLinesRecording.importFiles(at: folder.file("s")).recording
        let placements = r.groundTruthPlacements.map { "\($0.id) o\($0.object) \($0.from)–\($0.to.map { "\($0)" } ?? "end") x\($0.position.x)" }
        #expect(placements == ["1 o1 0.1–0.2 x-0.6", "2 o1 0.4–end x-0.2", "3 o2 0.1–end x0.4", "4 o3 0.1–0.4 x0.0"])
        #expect(r.groundTruthObjects.map(\.twinGroup) == [1, 1, nil])
        #expect(r.groundTruthObjects[1].description == "the other cup")
        #expect(r.guidanceRequests == [CaptureGuidanceRequest(id: 1, fromFrame: 5, toFrame: 6, object: 2)])
        #expect(r.marks.count == SessionFixtures.marks.count)
        #expect(r.marks.filter { $0.kind == .placed }.map(\.errorBound) == [0.02, 0.03, 0.05, 0.02])
        #expect(r.marks.filter { $0.kind == .placed }.map(\.placement) == [1, 3, 4, 2])
        #expect(r.marks.first { $0.kind == .removed }?.note == "taken to the kitchen")
        #expect(CaptureMarks.contradictions(in: r).isEmpty)
        // SQLite keeps the marks (table gt_marks) and export writes them back as `mark` records.
        try RecordingStore.write(r, to: folder.file("r.sqlite"))
        let stored = try RecordingStore.read(from: folder.file("r.sqlite"))
        #expect(stored.marks == r.marks && stored.groundTruthPlacements == r.groundTruthPlacements)
        #expect(try JSONLinesRecording.parse(try JSONLinesRecording.encode(stored), path: "e.jsonl").groundTruthPlacements == r.groundTruthPlacements)
    }

    @Test("marks that contradict each other are reported, naming the mark")
    func contradictions() {
        func mark(_ id: Int64, _ t: Double, _ object: Int64?, _ kind: CaptureMark.Kind, twin: Int64? = nil, step: String? = nil) -> CaptureMark {
            CaptureMark(id: id, time: t, frame: nil, object: object, kind: kind,
                        position: kind == .placed ? SIMD3(0, 0, -1) : nil, errorBound: kind == .placed ? 0.01 : nil, twinOf: twin, step: step)
        }
        var recording = Recording(groundTruthObjects: [
            GroundTruthObject(id: 1, label: "cup", extent: SIMD3(0.1, 0.1, 0.1)), GroundTruthObject(id: 2, label: "book", extent: SIMD3(0.2, 0.03, 0.3)),
        ])
        recording.marks = [
            mark(1, 0, 1, .placed), mark(2, 1, 1, .removed), mark(3, 2, 1, .placed),
            mark(4, 2, 1, .twin, twin: 9), mark(5, 2, 1, .twin, twin: 2), mark(6, 3, 2, .removed),
            mark(7, 4, nil, .stepStop, step: "walk_away"), mark(8, 5, nil, .stepStart, step: "reapproach"),
            mark(9, 4.5, nil, .stepStop, step: "reapproach"), mark(10, 6, nil, .stepStart, step: "sweep"),
        ]
        let messages = CaptureMarks.contradictions(in: recording).map(\.description)
        #expect(messages == [
            "gt_marks:3: placed: object 1 was removed by mark 2 and marked again without a 'moved' mark",
            "gt_marks:4: twin: twin_of refers to ground-truth object 9, which does not exist",
            "gt_marks:5: twin: object 1 (cup) and object 2 (book) are of different classes",
            "gt_marks:6: removed: object 2 was never placed",
            "gt_marks:7: step_stop: step 'walk_away' was not started",
            "gt_marks:9: t 4.5 is before the t 5.0 of mark 8",
            "gt_marks:9: step_stop: step 'reapproach' stops at t 4.5, before it started (mark 8, t 5.0)",
            "gt_marks:10: step_start: step 'sweep' is never stopped",
        ])
        #expect(RecordingValidator().problems(in: recording).filter { $0.table == "gt_marks" }.count == messages.count)
    }

    @Test("a full queue drops frames first, decisions only when full; the losses are recorded and imported as warnings")
    func dropPolicy() throws {
        let folder = try TemporaryDirectory()
        // Capacity 8 with 3 kept for decisions: the header plus 4 frames fill the bulk share.
        let configuration = RecorderConfiguration(directory: folder.file("s"), queueCapacity: 8, decisionReserve: 3, flushInterval: 60)
        let recorder = try SessionRecorder(configuration: configuration, header: SessionFixtures.header)
        recorder.holdWriter(true)
        let frames = (Int64(1)...6).map { recorder.record(SessionFixtures.frame($0)) }
        #expect(frames == [true, true, true, true, false, false])
        let decisions = (Int64(3)...7).map { recorder.record(RecordedDecision(frame: $0, instance: "x", event: .guidanceStart(position: nil))) }
        #expect(decisions == [true, true, true, false, false])
        recorder.holdWriter(false)
        let counters = recorder.finish()
        #expect(counters.droppedFrames == 2 && counters.droppedDetections == 2 && counters.droppedDecisions == 2)
        #expect(recorder.record(SessionFixtures.frame(9)) == false && recorder.snapshot.refusedAfterStop == 1)
        let imported = try JSONLinesRecording.importFiles(at: folder.file("s"))
        #expect(imported.recording.frames.map(\.index) == [1, 2, 3, 4])
        // The decision on frame 5 (dropped) is left out; those on frames 3 and 4 stay.
        #expect(imported.recording.decisions.map(\.frame) == [3, 4])
        #expect(imported.recording.meta["recorder_dropped"] == "frames 2 (detections 2), other bulk records 0, decisions 2, marks 0")
        #expect(imported.warnings.count == 2)
        #expect(imported.warnings[0].hasSuffix("part-0001.jsonl:9: the recorder dropped frames 2 (detections 2), other bulk records 0, decisions 2, marks 0 (its queue was full)"))
        #expect(imported.warnings[1].hasSuffix("part-0001.jsonl:9: left out 1 decisions naming frames the recorder dropped"))
    }

    @Test("parts rotate by size and read back as one recording; the disk budget stops the session with a final record")
    func rotationAndBudget() throws {
        let folder = try TemporaryDirectory()
        let counters = try SessionFixtures.record(into: folder.file("r")) { $0.rotateBytes = 600 }
        #expect(counters.parts > 3 && !counters.lostAnything)
        let whole = try JSONLinesRecording.importFiles(at: folder.file("r"))
        try SessionFixtures.record(into: folder.file("one"))
        let one = try JSONLinesRecording.importFiles(at: folder.file("one")).recording
        #expect(RoundTripTests.comparable(whole.recording) == RoundTripTests.comparable(one))
        #expect(throws: InputError.self) { try JSONLinesRecording.importFiles(at: folder.file("none")) }

        let budget = PartSink.finalRecordReserve + 1500
        let stopped = try SessionFixtures.record(into: folder.file("b")) { $0.diskBudgetBytes = budget }
        #expect(stopped.stopReason == "disk_budget" && stopped.refusedAfterStop > 0)
        let bytes = try Self.parts(folder.file("b")).reduce(0) { $0 + $1.count }
        #expect(bytes <= budget)
        let last = String(decoding: try Self.parts(folder.file("b")).last!, as: UTF8.self).split(separator: "\n").last!
        #expect(last.hasPrefix(#"{"type":"recorder","event":"stopped","reason":"disk_budget""#))
        let imported = try JSONLinesRecording.importFiles(at: folder.file("b"))
        #expect(imported.recording.meta["recorder_stopped"] == "disk_budget" && imported.recording.meta["recorder_end"] == nil)
        #expect(imported.warnings.contains { $0.contains("the recorder stopped early (disk_budget)") })
    }

    @Test("a file cut at any byte imports up to its last complete record and names the torn tail")
    func tornAtEveryByte() throws {
        let folder = try TemporaryDirectory()
        try SessionFixtures.record(into: folder.file("s"))
        let bytes = try Self.parts(folder.file("s"))[0]
        let path = folder.file("cut.jsonl")
        for length in 0...bytes.count {
            let prefix = bytes.prefix(length)
            try prefix.write(to: URL(fileURLWithPath: path))
            // A cut just before a line break leaves a whole record without its break: it is read.
            let wholeRecord = length < bytes.count && bytes[length] == 10
            let complete = wholeRecord ? length : prefix.lastIndex(of: 10).map { $0 + 1 } ?? 0
            let lines = prefix.prefix(complete).split(separator: 10)
            let imported = try JSONLinesRecording.importFiles(at: path)
            let frames = lines.filter { $0.starts(with: Array(#"{"type":"frame""#.utf8)) }.count
            #expect(imported.recording.frames.count == frames, "cut at \(length)")
            if complete < length {
                #expect(imported.warnings.last == nil ? false : imported.warnings.last!.hasPrefix(
                    "\(path):\(lines.count + 1): torn last record at byte offset \(complete) (\(length - complete) bytes without a line break) left out"),
                    "cut at \(length): \(imported.warnings)")
            } else {
                #expect(imported.warnings.isEmpty, "cut at \(length)")
            }
            if complete < length {
                #expect(throws: InputError.self, "cut at \(length): strict reading refuses a torn tail") {
                    try JSONLinesRecording.importFiles(at: path, tolerateTornTail: false)
                }
            }
        }
    }

    @Test("a byte corrupted anywhere gives a recording or an error naming the file and a line of it, never a crash")
    func corruptedAtEveryByte() throws {
        let folder = try TemporaryDirectory()
        try SessionFixtures.record(into: folder.file("s"))
        let bytes = try Self.parts(folder.file("s"))[0]
        let lines = bytes.count { $0 == 10 }
        var refused = 0
        for index in bytes.indices {
            var corrupted = bytes
            corrupted[index] = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "#") : UInt8(ascii: "{")
            do {
                _ = try JSONLinesRecording.parseImport(corrupted, path: "c.jsonl")
            } catch {
                refused += 1
                #expect(error.file == "c.jsonl" && (1...lines).contains(error.line ?? 0), "byte \(index): \(error)")
                #expect(!error.message.isEmpty && error.message.count < 4096, "byte \(index)")
            }
        }
        #expect(refused > bytes.count / 2)
    }

    @Test("a malformed line inside a file is still an error naming the file and the line")
    func malformedMiddleLine() throws {
        let folder = try TemporaryDirectory()
        try SessionFixtures.record(into: folder.file("s"))
        var lines = String(decoding: try Self.parts(folder.file("s"))[0], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines[5] = lines[5].dropLast(3)
        let path = try folder.write(lines.joined(separator: "\n"), to: "bad.jsonl")
        let error = try #require(throws: InputError.self) { try JSONLinesRecording.importFiles(at: path) }
        #expect(error.file == path && error.line == 6)
    }

    @Test("the writer's JSON: escaped strings, shortest round-trip numbers, null for NaN, column-major poses transposed")
    func encoding() throws {
        var writer = JSONLineWriter()
        writer.begin(type: "t")
        writer.key("s"); writer.string("a\"b\\c\n\u{1}é")
        writer.key("d"); writer.numbers([0.1, 1e-7, 3, -0.0, .nan])
        writer.key("f"); writer.numbers([Float(0.1), .infinity])
        writer.end()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"type":"t","s":"a\"b\\c\n\u0001é","d":[0.1,1e-07,3.0,-0.0,null],"f":[0.1,null]}"# + "\n")
        let pose = CameraPose(columnMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 3, 4, 1])
        #expect(pose.rowMajor == [1, 0, 0, 2, 0, 1, 0, 3, 0, 0, 1, 4, 0, 0, 0, 1])
    }
}
