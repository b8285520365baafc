import Foundation
import Recording
import Simulation
import TestSupport
import Testing

/// `run` on sessions as a recorder writes them (Docs/recorder.md#marks-are-enough).
@Suite("run on marks-only sessions and on sessions without ground truth")
struct MarksOnlyRunTests {
    /// A 20 s `twins-moved` session written as recorded with phone marks; `stripped` also drops
    /// the marks and what they gave (no ground truth at all).
    static func session(in folder: TemporaryDirectory, name: String, stripped: Bool) throws -> String {
        let capture = CaptureSimulator().simulate(.twinsMoved, seed: 3, duration: 20)
        var recording = AsRecordedSession.recording(of: capture, marks: .phone, errorBound: 0.05, seed: 3)
        if stripped {
            recording.marks = []
            recording.groundTruthPlacements = []
            recording.guidanceRequests = []
        }
        let path = folder.path + "/\(name).sqlite"
        try RecordingStore.write(recording, to: path)
        return path
    }

    static func protocolFile(in folder: TemporaryDirectory, recording: String) throws -> String {
        let text = """
            {"name": "marks", "recordings": ["\(recording)"], "bootstrap": {"replicates": 50, "seed": 1},
             "gates": [{"metric": "anchor_error.median_m", "op": "<=", "value": 5},
                       {"metric": "tracking.mota_n1", "op": ">=", "value": -100}]}
            """
        try folder.write(text, to: "protocol.json")
        return folder.path + "/protocol.json"
    }

    @Test("marks only: the gates are measured, the report states the route and labels tracking from projected marks")
    func marksOnly() throws {
        let folder = try TemporaryDirectory()
        let recording = try Self.session(in: folder, name: "phone", stripped: false)
        let result = runTool(["run", try Self.protocolFile(in: folder, recording: recording), "--out", folder.path + "/out"])
        #expect(result.status == 0, "\(result.output.standardError.suffix(400))")
        #expect(result.output.standardOutput.components(separatedBy: "PASS").count == 3)
        let report = try String(contentsOfFile: folder.path + "/out/report.md", encoding: .utf8)
        #expect(report.contains("recorded (source app") && report.contains("; ground truth: marks ±0.05 m"))
        #expect(report.contains("tracking MOTA (detect every frame) (from projected marks)"))
        #expect(!report.contains("not measurable"))
    }

    @Test("no ground truth: every gate not measurable, exit 4, nothing reads as PASS or FAIL")
    func nothingMeasurable() throws {
        let folder = try TemporaryDirectory()
        let recording = try Self.session(in: folder, name: "bare", stripped: true)
        let result = runTool(["run", try Self.protocolFile(in: folder, recording: recording), "--out", folder.path + "/out"])
        #expect(result.status == 4)
        #expect(result.output.standardOutput.components(separatedBy: "NOT MEASURABLE").count == 3)
        #expect(!result.output.standardOutput.contains("PASS") && !result.output.standardOutput.contains("FAIL"))
        let report = try String(contentsOfFile: folder.path + "/out/report.md", encoding: .utf8)
        #expect(report.contains("ground truth: none") && report.contains("no gate could be measured"))
        #expect(report.contains("not measurable: no ground truth for anchors"))
    }
}
