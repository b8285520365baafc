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
}
