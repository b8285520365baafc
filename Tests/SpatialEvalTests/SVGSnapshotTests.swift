import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Testing

/// The report's figures against committed snapshots (`Tests/Snapshots/*.svg`): a change to
/// the SVG module or a chart shows up as a diff to review. After an intended change,
/// regenerate with `SPATIAL_EVAL_UPDATE_SNAPSHOTS=1 swift test --filter SVGSnapshotTests`
/// and commit the new files.
@Suite("SVG snapshots")
struct SVGSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    static let charts: [(name: String, svg: String)] = {
        let gaps = [0.004, 0.012, 0.012, 0.027, 0.031, 0.05, 0.08, 0.11, 0.19, 0.26]
        let median = IntervalEstimate(estimate: 0.029, lower: 0.012, upper: 0.08)
        let p90 = IntervalEstimate(estimate: 0.197, lower: 0.11, upper: 0.26)
        return [
            ("ecdf.svg", ReportCharts.ecdf(gaps, median: median, p90: p90, title: "Re-anchor gaps (snapshot)",
                                           caption: "n = 10 gaps from 4 instances")),
            ("histogram.svg", ReportCharts.histogram(gaps + [0.31], edges: ReportCharts.edges(upTo: 0.31, width: 0.05),
                                                     title: "Anchor errors & outliers < 1 m", xTitle: "anchor error (m)",
                                                     caption: "n = 11; bins 0.05 m")),
            ("lines.svg", ReportCharts.lines(x: [1, 2, 3, 4, 5], series: [("MOTA", [0.25, 0.21, 0.1, -0.05, -0.2]),
                                                                           ("IDF1", [0.28, 0.27, 0.22, 0.18, 0.15]),
                                                                           ("HOTA", [0.22, 0.2, 0.18, .nan, 0.12])],
                                             title: "Tracking vs detect-every-N", xTitle: "N", yTitle: "score",
                                             caption: "n = 1000 ground-truth boxes per N")),
        ]
    }()

    @Test("each chart matches its committed snapshot byte for byte", arguments: charts.map(\.name))
    func matchesSnapshot(name: String) throws {
        let svg = try #require(Self.charts.first { $0.name == name }?.svg)
        let path = Self.folder.appendingPathComponent(name).path
        if ProcessInfo.processInfo.environment["SPATIAL_EVAL_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        let pairs = zip(committed.split(separator: ">"), svg.split(separator: ">")).enumerated()
        let difference = pairs.first { $0.element.0 != $0.element.1 }.map { "element \($0.offset): \($0.element.0) ≠ \($0.element.1)" }
        let detail = difference ?? "the lengths differ"
        #expect(committed == svg, "\(name) differs from Tests/Snapshots/\(name) at \(detail)")
    }

    @Test("a changed chart fails its snapshot comparison")
    func changeIsDetected() throws {
        let committed = try String(contentsOfFile: Self.folder.appendingPathComponent("lines.svg").path, encoding: .utf8)
        let changed = ReportCharts.lines(x: [1, 2, 3, 4, 5], series: [("MOTA", [0.25, 0.21, 0.1, -0.05, -0.21])],
                                         title: "Tracking vs detect-every-N", xTitle: "N", yTitle: "score",
                                         caption: "n = 1000 ground-truth boxes per N")
        #expect(committed != changed)
    }
}
