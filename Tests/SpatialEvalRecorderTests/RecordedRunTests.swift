import Evaluation
import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine
@testable import SpatialEvalRecorder
import TestSupport
import Testing

/// The command sequence of `Docs/recorder.md` on a session made through the recorder with
/// marks: `import` → `inspect` → `parity` → `run`, whose report must call the data recorded.
@Suite("A recorder session through import, inspect, parity and run")
struct RecordedRunTests {
    /// What a command printed.
    final class Transcript: OutputSink {
        private(set) var text = ""
        private(set) var errors = ""
        func out(_ text: String) { self.text += text }
        func err(_ text: String) { errors += text }
    }

    static func tool(_ arguments: [String]) -> (status: Int32, transcript: Transcript) {
        let transcript = Transcript()
        return (CommandLineTool().run(arguments, output: transcript), transcript)
    }

    @Test("the report of a recorder session says recorded (source app), not simulated")
    func reportSaysRecorded() throws {
        let folder = try TemporaryDirectory()
        var capture = ReplicaDecisionLog.attach(to: try RecordingStore.read(from: RoundTripTests.repository + "/Data/recordings/twins-moved.sqlite"))
        // What an app knows: no simulator, configuration or seed in its header; no labelled boxes, no true depth.
        capture.meta = ["session_id": "phone-1", "device": "iPhone 15 Pro", "room": "study", "protocol": "twins moved"]
        capture.groundTruthBoxes = []
        for k in capture.depthGrids.indices { capture.depthGrids[k].groundTruthDepth = nil }
        try RecorderFeed.record(capture, into: RecorderConfiguration(directory: folder.file("session"), queueCapacity: RoundTripTests.replayQueue))

        let imported = Self.tool(["import", "--jsonl", folder.file("session"), "--out", folder.file("rec.sqlite")])
        #expect(imported.status == 0, "\(imported.transcript.errors)")
        let inspect = Self.tool(["inspect", folder.file("rec.sqlite")])
        #expect(inspect.status == 0, "\(inspect.transcript.errors)")
        #expect(inspect.transcript.text.contains("gt marks") && inspect.transcript.text.contains("meta source: app"))
        let parity = Self.tool(["parity", folder.file("rec.sqlite")])
        #expect(parity.status == 0, "\(parity.transcript.text)\(parity.transcript.errors)")

        let protocolPath = try folder.write("""
            {"name": "recorded", "recordings": ["rec.sqlite"], "bootstrap": {"replicates": 100, "seed": 7},
             "gates": [{"metric": "reanchor.p90_m", "op": "<=", "value": 5}, {"metric": "anchor_error.median_m", "op": "<=", "value": 5},
                       {"metric": "anchors.mean_purity", "op": ">=", "value": 0.5}, {"metric": "tracking.mota_n1", "op": ">=", "value": -10}]}
            """, to: "recorded.json")
        let run = Self.tool(["run", protocolPath, "--out", folder.file("out")])
        #expect(run.status == 0, "\(run.transcript.errors)")
        let report = try String(contentsOfFile: folder.file("out/report.md"), encoding: .utf8)
        #expect(report.contains("Data: 1 recording, recorded (source app, device iPhone 15 Pro); ground truth: marks"), "\(report.prefix(600))")
        // Ground truth from the marks alone: every gate measured and passed (none "not measurable").
        #expect(run.transcript.text.components(separatedBy: "PASS").count == 5, "\(run.transcript.text)")
        #expect(report.contains("(from projected marks)"))
        #expect(!report.lowercased().contains("simulated"))
    }

    @Test("inspect reports contradicting marks as errors naming gt_marks and the mark")
    func inspectReportsContradictions() throws {
        let folder = try TemporaryDirectory()
        let recorder = try SessionRecorder(configuration: RecorderConfiguration(directory: folder.file("s")), header: SessionFixtures.header)
        recorder.define(MarkedObject(object: 1, label: "cup", extent: WorldPoint(x: 0.1, y: 0.1, z: 0.1)))
        recorder.record(SessionFixtures.frame(1))
        recorder.record(SessionFixtures.frame(2))
        recorder.mark(GroundTruthMark(time: 0.1, object: 1, kind: .placed(position: WorldPoint(x: 0, y: 0, z: -1), errorBound: 0.01)))
        recorder.mark(GroundTruthMark(time: 0.1, object: 1, kind: .removed))
        recorder.mark(GroundTruthMark(time: 0.2, object: 1, kind: .placed(position: WorldPoint(x: 1, y: 0, z: -1), errorBound: 0.01)))
        recorder.mark(GroundTruthMark(time: 0.2, object: 1, kind: .twin(of: 4)))
        recorder.finish()
        let imported = Self.tool(["import", "--jsonl", folder.file("s"), "--out", folder.file("r.sqlite"), "--allow-invalid"])
        #expect(imported.status == 0, "\(imported.transcript.errors)")
        let inspect = Self.tool(["inspect", folder.file("r.sqlite")])
        #expect(inspect.status == 1)
        #expect(inspect.transcript.errors.contains("r.sqlite:gt_marks:3: placed: object 1 was removed by mark 2 and marked again without a 'moved' mark"))
        #expect(inspect.transcript.errors.contains("r.sqlite:gt_marks:4: twin: twin_of refers to ground-truth object 4, which does not exist"))
    }
}
