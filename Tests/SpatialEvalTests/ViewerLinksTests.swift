@testable import EvalJobs
@testable import EvalReports
@testable import EvalResults
import Foundation
import SessionViewer
import TestSupport
import Testing

@Suite("a run report links each recording and its incidents to the viewer page")
struct ViewerLinksTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("multi-room: the page, then every flag that was not correct and every missed removal or move, at its time, in time order")
    func incidentsLinked() throws {
        let folder = try TemporaryDirectory()
        let recording = Self.repository + "/Data/recordings/multi-room.sqlite"
        let path = try folder.write(#"{"name": "links", "recordings": ["\#(recording)"], "bootstrap": {"replicates": 200}}"#, to: "links.json")
        let results = try RunEvaluation.run(try ProtocolLoader.load(path)).recordings[0]
        var doc = ReportDocument()
        doc.viewerLinks(results)
        let line = try #require(doc.markdown.first)
        #expect(line.hasPrefix("Viewer: [the session over time](../viewer/multi-room.html)"))
        let expected = (results.absenceFlags.filter { $0.verdict != .correct }.map(\.time)
            + results.removals.filter { $0.latency.isNaN }.map(\.time)).sorted()
        #expect(!expected.isEmpty)
        let linked = line.components(separatedBy: "(../viewer/multi-room.html#t=").dropFirst().map { $0.prefix { $0 != ")" } }
        #expect(linked == expected.map { ViewerLink.fragment(time: $0).dropFirst(3) })
        for flag in results.absenceFlags where flag.verdict == .correct {
            #expect(!line.contains(ViewerLink.fragment(time: flag.time) + ")"))
        }
        #expect(doc.html.first?.contains("<a href=\"../viewer/multi-room.html\">the session over time</a>") == true)
    }
}
