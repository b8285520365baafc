import Foundation
import FoundationXML
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("Run and report")
struct RunReportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A protocol over a copy of twins-moved in `folder`, with the given gates.
    static func makeProtocol(in folder: TemporaryDirectory, gates: String, extra: String = "") throws -> String {
        try FileManager.default.copyItem(atPath: repository + "/Data/recordings/twins-moved.sqlite", toPath: folder.file("twins.sqlite"))
        return try folder.write("""
            {"name": "tiny", "recordings": ["twins.sqlite"], \(extra)
             "bootstrap": {"replicates": 200, "seed": 7}, "gates": [\(gates)]}
            """, to: "tiny.json")
    }

    static func elements(_ svg: String, _ name: String, class cls: String? = nil) throws -> Int {
        let document = try XMLDocument(xmlString: svg)
        let filter = cls.map { "[contains(@class, '\($0)')]" } ?? ""
        return try document.nodes(forXPath: "//*[local-name()='\(name)']\(filter)").count
    }

    @Test("SVG charts are well-formed XML with one bar per bin and one marker per point; text is escaped")
    func svgStructure() throws {
        let histogram = ReportCharts.histogram([0.01, 0.02, 0.06, 0.3], edges: ReportCharts.edges(upTo: 0.3, width: 0.05),
                                               title: "a < b & c", xTitle: "x", caption: "n = 4")
        #expect(try Self.elements(histogram, "rect", class: "bar") == 6)
        #expect(histogram.contains("a &lt; b &amp; c"))
        let lines = ReportCharts.lines(x: [1, 2, 3, 4, 5], series: [("MOTA", [0.5, 0.4, 0.3, 0.2, 0.1]), ("IDF1", [0.6, 0.5, 0.4, 0.3, 0.2])],
                                       title: "t", xTitle: "N", yTitle: "score", caption: "n = 1")
        #expect(try Self.elements(lines, "circle", class: "point") == 10)
        #expect(try Self.elements(lines, "polyline") == 2)
        let interval = IntervalEstimate(estimate: 0.1, lower: 0.05, upper: 0.2)
        let ecdf = ReportCharts.ecdf([0.3, 0.1, 0.2], median: interval, p90: interval, title: "g", caption: "n = 3")
        #expect(try Self.elements(ecdf, "path", class: "ecdf") == 1)
        #expect(try Self.elements(ecdf, "line", class: "reference") == 2)
        #expect(ecdf.components(separatedBy: " H ").count == 4)
    }

    @Test("ticks are nice and cover the domain")
    func ticks() {
        let ticks = NiceTicks.ticks(0, 0.374)
        #expect(ticks.first == 0 && ticks.last! >= 0.374 && (4...11).contains(ticks.count))
    }

    @Test("run writes results.h5, report.md and report.html and exits 0; report re-renders byte-identically")
    func runAndReport() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try Self.makeProtocol(in: folder, gates: #"{"metric": "reanchor.p90_m", "op": "<=", "value": 5}"#)
        let out = folder.file("out")
        let run = runTool(["run", protocolPath, "--out", out])
        #expect(run.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardError.contains("[1/1] twins"))
        for name in ["results.h5", "report.md", "report.html", "pooled-gaps-ecdf.svg", "twins-anchor-errors.svg"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(name)"), "\(name)")
        }
        let first = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        let html = try String(contentsOfFile: "\(out)/report.html", encoding: .utf8)
        #expect(first.contains("| re-anchor gap p90 m |") && first.contains("| <= 5.000 | PASS |") && !first.contains(folder.path))
        #expect(html.contains("<svg") && !html.contains(".svg\""))
        let again = folder.file("again")
        let report = runTool(["report", "\(out)/results.h5", "--out", again])
        #expect(report.status == 0)
        #expect(try String(contentsOfFile: "\(again)/report.md", encoding: .utf8) == first)
        #expect(try String(contentsOfFile: "\(again)/report.html", encoding: .utf8) == html)
    }

    @Test("a failing gate exits 2")
    func failingGate() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try Self.makeProtocol(in: folder, gates: #"{"metric": "tracking.mota_n1", "op": ">=", "value": 0.99}"#)
        let run = runTool(["run", protocolPath, "--out", folder.file("out")])
        #expect(run.status == 2)
        #expect(run.output.standardOutput.contains("FAIL"))
    }

    @Test("an unknown key, a bad replay key or a missing recording exits 1 naming the file and key",
          arguments: [#""colour": 1,"#, #""replay": {"anchors": {"stepClamp2": 0.1}},"#, #""bootstrap2": {},"#])
    func badProtocol(extra: String) throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try Self.makeProtocol(in: folder, gates: "", extra: extra)
        let run = runTool(["run", protocolPath, "--out", folder.file("out")])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("tiny.json"))
        #expect(run.output.standardError.contains("key '"))
    }

    @Test("a missing recording exits 1 naming the protocol")
    func missingRecording() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(#"{"name": "x", "recordings": ["nope.sqlite"]}"#, to: "x.json")
        let run = runTool(["run", path, "--out", folder.file("out")])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("x.json") && run.output.standardError.contains("nope.sqlite"))
    }
}
