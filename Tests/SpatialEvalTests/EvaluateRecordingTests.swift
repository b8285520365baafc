import Foundation
import EvalMetrics
import Recording
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Simulation
import TestSupport
import Testing

@Suite("Evaluate recording")
struct EvaluateRecordingTests {
    /// A short simulated capture (twins-moved, 8 s), shared by the tests.
    static let recording = CaptureSimulator().simulate(.twinsMoved, seed: 3, duration: 8).recording

    @Test("evaluate-recording prints the three sections; json parses; usage mistakes exit 64")
    func command() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("rec.sqlite")
        try RecordingStore.write(Self.recording, to: path)
        let table = runTool(["evaluate-recording", path])
        #expect(table.status == 0)
        for heading in ["MOTA", "new ids/min", "Anchor accuracy", "Re-anchor gaps", "MOTA-3D"] {
            #expect(table.output.standardOutput.contains(heading))
        }
        let json = runTool(["evaluate-recording", path, "--format", "json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.standardOutput.utf8)) as? [String: Any]
        #expect((object?["detect_every_n"] as? [Any])?.count == 5)
        #expect(object?["reanchor_gaps_m"] != nil)
        #expect(runTool(["evaluate-recording"]).status == 64)
        #expect(runTool(["evaluate-recording", path, "--format", "xml"]).status == 64)
        #expect(runTool(["evaluate-recording", folder.file("missing.sqlite")]).status == 1)
    }

    @Test("--dump-3d writes the frames the 3-D tracking scored, truth from MemoryFrames.truthSets; score-3d scores them to the same figures")
    func dump3D() throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("rec.sqlite"), dump = folder.file("points.csv")
        try RecordingStore.write(Self.recording, to: path)
        let json = runTool(["evaluate-recording", path, "--format", "json", "--dump-3d", dump])
        #expect(json.status == 0)
        let frames = try PointFramesCSV.read(dump)
        #expect(frames.map(\.frame) == Self.recording.frames.map(\.index).sorted())
        #expect(frames.map(\.truth) == MemoryFrames.truthSets(Self.recording))
        #expect(frames.contains { !$0.hypotheses.isEmpty } && frames.contains { !$0.truth.isEmpty })
        let scored = runTool(["score-3d", dump, "--format", "json"])
        #expect(scored.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(json.output.standardOutput.utf8)) as? [String: Any]
        let again = try JSONSerialization.jsonObject(with: Data(scored.output.standardOutput.utf8)) as? [String: Any]
        let figures = (report?["tracking_3d"] as? [[String: Any]])?.map { $0 as NSDictionary }
        let rescored = (again?["gates"] as? [[String: Any]])?.map { $0.filter { $0.key != "events" } as NSDictionary }
        #expect(figures != nil && figures == rescored)
        let events = (again?["gates"] as? [[String: Any]])?.first?["events"] as? [[String: Any]]
        #expect((events?.count ?? 0) > 0)
        // A dump that cannot be written is bad input naming the file; nothing is left behind.
        let unwritable = folder.file("no-such-folder/points.csv")
        let failed = runTool(["evaluate-recording", path, "--dump-3d", unwritable])
        #expect(failed.status == 1 && failed.output.standardError.contains(unwritable))
    }

    @Test("score-3d: the table per gate; bad points files exit 1 naming the line; usage mistakes exit 64")
    func score3D() throws {
        let folder = try TemporaryDirectory()
        let points = try folder.write("frame,kind,id,x,y,z\n1,truth,1,0,0,0\n1,hypothesis,10,0.3,0,0\n2,empty,,,,\n", to: "p.csv")
        let table = runTool(["score-3d", points])
        #expect(table.status == 0)
        #expect(table.output.standardOutput.contains("2 frames, 2 points") && table.output.standardOutput.contains("MOTA-3D"))
        #expect(table.output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  0.35") || $0.hasPrefix("  1.00") || $0.hasPrefix("  2.00") }.count == 3)
        let one = runTool(["score-3d", points, "--gate", "0.25", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(one.output.standardOutput.utf8)) as? [String: Any]
        let gates = object?["gates"] as? [[String: Any]]
        #expect(gates?.count == 1 && gates?.first?["FN"] as? Int == 1 && gates?.first?["FP"] as? Int == 1)
        let bad = try folder.write("frame,kind,id,x,y,z\n1,truth,1,0,0,0\n1,truth,1,0,0,0\n", to: "bad.csv")
        let rejected = runTool(["score-3d", bad])
        #expect(rejected.status == 1 && rejected.output.standardError.contains("bad.csv") && rejected.output.standardError.contains("3"))
        #expect(runTool(["score-3d", points, "--gate", "0"]).status == 64)
        #expect(runTool(["score-3d"]).status == 64)
    }
}
