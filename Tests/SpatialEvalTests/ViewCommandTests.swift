import Foundation
@testable import EvalResults
@testable import EvalCommandLine
import TestSupport
import Testing

/// `Data/recordings/NAME.sqlite` of this checkout.
private func bundledPath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/recordings/\(name).sqlite").path
}

@Suite("spatial-eval view (Docs/viewer.md)")
struct ViewCommandTests {
    @Test("Writes DIR/<recording>.html and the state dump; states its size per minute")
    func writesThePage() throws {
        let folder = try TemporaryDirectory()
        let (status, output) = runTool(["view", bundledPath("twins-moved"), "--out", folder.file("pages"),
                                        "--dump-state", folder.file("state.json")])
        #expect(status == 0, "\(output.standardError)")
        let page = try String(contentsOfFile: folder.file("pages/twins-moved.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("Session viewer: twins-moved"))
        #expect(output.standardOutput.contains("KB per minute"))
        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("state.json")))) as! [String: Any]
        #expect((dump["samples"] as! [Any]).count >= 12)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("pages")) == ["twins-moved.html"])
    }

    @Test("Bad input leaves nothing behind; --protocol with --config is a usage error")
    func failures() throws {
        let folder = try TemporaryDirectory()
        let missing = runTool(["view", folder.file("none.sqlite"), "--out", folder.file("pages")])
        #expect(missing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.file("pages/none.html")))
        let config = try folder.write("{\"anchors\": {\"stepClamp\": 0.2}}", to: "c.json")
        let both = runTool(["view", bundledPath("absence"), "--out", folder.file("pages"), "--config", config,
                            "--protocol", "Protocols/default.json"])
        #expect(both.status == 64)
        let badConfig = try folder.write("{\"anchors\": {\"nope\": 1}}", to: "bad.json")
        #expect(runTool(["view", bundledPath("absence"), "--out", folder.file("pages"), "--config", badConfig]).status == 1)
    }
}
