import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("Reports open with their answer and fit the page (spec.md#report-layout)")
struct ReportLayoutTests {
    @Test("a sweep summary states its data in one short line that keeps the word simulated; the full statement follows")
    func sweepHeadlineData() {
        let corpus = "Data: simulated: corpus 'c' of 400 recordings, spec SHA-256 " + String(repeating: "ab", count: 32)
            + ", simulator version 2; ground-truth events: 344 removals"
        #expect(SweepReport.headlineData(corpus) == "Data: simulated: corpus 'c' of 400 recordings (the full statement follows the table)")
        let listed = "Data: 5 recordings, all simulated (capture simulator sim-2); recordings: a, b"
        #expect(SweepReport.headlineData(listed) == "Data: 5 recordings, all simulated (capture simulator sim-2) (the full statement follows the table)")
        #expect(SweepReport.headlineData("Data: 1 recording, recorded") == "Data: 1 recording, recorded", "a short statement stays whole")
    }

    @Test("summary first, then contents; detail in <details>; tables in scroll boxes; light/dark and print styles")
    func layout() {
        var doc = ReportDocument()
        doc.heading("Title", 1)
        doc.beginSummary()
        doc.paragraph("Data: 1 recording")
        doc.table([["a", "b|c"], ["1", "2"]])
        doc.endSummary()
        doc.heading("Side by side", 2)
        doc.beginDetails("Recording x")
        doc.paragraph("detail")
        doc.endDetails()
        doc.heading("Side by side", 2)
        let html = doc.htmlPage(title: "T")
        let summary = html.range(of: "<section id=\"summary\"")!, contents = html.range(of: "<nav class=\"contents\"")!
        let details = html.range(of: "<details id=\"recording-x\"><summary>Recording x</summary>")!
        #expect(summary.lowerBound < contents.lowerBound && contents.lowerBound < details.lowerBound)
        #expect(html.contains("<a href=\"#side-by-side\">") && html.contains("<a href=\"#side-by-side-2\">") && html.contains("id=\"side-by-side-2\""))
        #expect(html.contains("<div class=\"scroll\"><table>") && html.contains("name=\"viewport\""))
        #expect(html.contains("prefers-color-scheme: dark") && html.contains("@media print") && html.contains("figure svg { max-width: 100%"))
        let markdown = doc.markdownText
        #expect(markdown.contains("**Contents:** [Side by side](#side-by-side) · [Recording x](#recording-x) · [Side by side](#side-by-side-2)"))
        #expect(markdown.contains("<a id=\"recording-x\"></a>\n## Recording x") && markdown.contains("| b\\|c |"))
        #expect(markdown.range(of: "**Contents:**")!.lowerBound > markdown.range(of: "| 1 | 2 |")!.lowerBound)
    }

    @Test("policy figures: duplicates and blended count shown anchors only; time to a confirmed anchor per object")
    func policyFigures() {
        func row(_ policy: Int64, _ instance: Int64, object: Int64, feeding: Int64 = 1, confirmed: Bool = true, at: Double = 1,
                 drift: Double = 0.1, seen: Double = 0.5) -> PolicyInstanceRow {
            PolicyInstanceRow(policy: policy, instance: instance, object: object, objectsFeeding: feeding, confirmed: confirmed ? 1 : 0,
                              confirmedAt: confirmed ? at : .nan, drift: confirmed ? drift : .nan, objectFirstSeen: seen)
        }
        var recording = GateDecisionTests.recording("r", removals: 0, missed: 0)
        recording.policyInstances = [
            row(1, 0, object: 7, at: 2, drift: 0.2), row(1, 1, object: 7, at: 3, drift: 0.4), row(1, 2, object: 7, confirmed: false),
            row(1, 3, object: 8, feeding: 2, at: 1.5, drift: 0.0, seen: 1), row(1, 4, object: -1, feeding: 3, confirmed: false),
            row(0, 0, object: 7, at: 0.5, seen: 0.5),
        ]
        recording.policyErrors = [PolicyErrorRow(policy: 1, instance: 0, error: 0.1), PolicyErrorRow(policy: 1, instance: 1, error: 0.3),
                                  PolicyErrorRow(policy: 0, instance: 0, error: 0.05)]
        func value(_ name: String, _ policy: Int64 = 1) -> Double { PolicyFigures.value(name, policy: policy, [recording]) }
        #expect(value("policy.duplicates") == 1 && value("policy.blended") == 1)
        #expect(abs(value("policy.anchor_error.median_m") - 0.2) < 1e-12 && value("policy.anchor_error.median_m", 0) == 0.05)
        #expect(abs(value("policy.label_drift.median_m") - 0.2) < 1e-12)
        // Object 7: first shown at 2 s, first seen at 0.5 s → 1.5 s; object 8: 1.5 − 1 = 0.5 s; median 1.0 s.
        #expect(abs(value("policy.time_to_confirmed.median_s") - 1.0) < 1e-12 && value("policy.time_to_confirmed.median_s", 0) == 0)
        let results = RunResults(protocolName: "p", protocolSHA256: "", toolVersion: "t", bootstrap: .init(), recordings: [recording],
                                 pooledGaps: GateDecisionTests.noInterval, gates: [], runsDiffer: RunsDifferTest([recording]))
        let table = PolicyTable.rows(results)
        #expect(table.count == 3 && table[2][0] == "RealityRogue label anchoring" && table[2][1] == "3 (of 5)" && table[2][2] == "2" && table[2][4] == "1 [n/a, n/a]")
        #expect(RunReport(results).markdown.contains("## Anchoring policies side by side"))
    }

    @Test("the summary holds the data, the verdict and every headline figure with its gate; the detail follows in sections")
    func runSummary() {
        var recording = GateDecisionTests.recording("absence", removals: 2, missed: 2)
        recording.data = RecordingData(meta: ["source": "simulator", "simulator": "SpatialEval Simulation 2", "scenario": "absence", "seed": "1"])
        let outcome = GateDecisionTests.judge(Gate(metric: .missedRemovalRate, op: .atMost, value: 0.5, bound: .lower), [recording], minimumEvents: 10)
        let results = RunResults(protocolName: "p", protocolSHA256: "", toolVersion: "t", bootstrap: .init(), recordings: [recording],
                                 pooledGaps: GateDecisionTests.noInterval, gates: [outcome], runsDiffer: RunsDifferTest([recording]))
        let report = RunReport(results)
        let summary = report.markdown.components(separatedBy: "**Contents:**")[0]
        #expect(summary.contains("Data: 1 recording, simulated (capture simulator sim-2). Events behind the figures:"))
        #expect(summary.contains("Verdict: no gate fails — 0 of 1 pass, 1 without enough events to decide"))
        #expect(summary.contains("| missed-removal rate | 2/2 = 1.00 [0.34, 1.00], 2 events | <= 0.500 (lower bound) | not enough events to decide |"))
        #expect(summary.contains("| tracking IDF1 |") && !summary.contains("SHA-256"))
        #expect(report.html.contains("<details id=\"recording-absence\"><summary>Recording absence</summary>"))
        #expect(report.html.contains("<details id=\"pooled-over-1-recordings\" open>"))
    }
}

@Suite("compare: any two run results (spec.md#compare-runs)")
struct CompareRunsTests {
    @Test("a run compared with itself: no gate changes, B − A is 0; a report is written; a missing file exits 1")
    func compareRuns() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try RunReportTests.makeProtocol(in: folder, gates: #"{"metric": "reanchor.p90_m", "op": "<=", "value": 5}"#)
        let out = folder.file("out")
        #expect(runTool(["run", protocolPath, "--out", out]).status == 0)
        let report = folder.file("compare")
        let same = runTool(["compare", "\(out)/results.h5", "\(out)/results.h5", "--out", report])
        #expect(same.status == 0, "\(same.output.standardError)")
        #expect(same.output.standardOutput.contains("Verdict: no gate changes its verdict; no paired difference excludes 0 (1 shared recording)."))
        #expect(same.output.standardOutput.contains("fusion: not compared"))
        let markdown = try String(contentsOfFile: "\(report)/report.md", encoding: .utf8)
        #expect(markdown.contains("# Comparison: tiny (A) vs tiny (B)") && markdown.contains("| re-anchor gap p90 m |")
                && markdown.contains("| 0.000 |") && markdown.contains("| twins |"))
        let json = runTool(["compare", "\(out)/results.h5", "\(out)/results.h5", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.standardOutput.utf8)) as? [String: Any])
        #expect((object["gates"] as? [[String: Any]])?.first?["change"] as? String == "same")
        #expect((object["figures"] as? [[String: Any]])?.count == RunSummary.headline.count)
        let missing = runTool(["compare", "\(out)/results.h5", folder.file("nope.h5")])
        #expect(missing.status == 1 && missing.output.standardError.contains("nope.h5"))
    }

    @Test("a fusion run naming its run report links to it instead of repeating the run")
    func fusionReportLinks() throws {
        let folder = try TemporaryDirectory()
        let protocolPath = try RunReportTests.makeProtocol(
            in: folder, gates: "", extra: #""run_report": "../default/report.html", "fusion": {"variants": ["affine-inverse-2sigma", "huber"]},"#)
        let out = folder.file("out")
        let run = runTool(["run", protocolPath, "--out", out])
        #expect(run.status == 0, "\(run.output.standardError)")
        let markdown = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Fusion report: tiny") && markdown.contains("[the run report](../default/report.html)"))
        #expect(markdown.contains("## Depth fusion: variants compared") && !markdown.contains("Pooled over") && !markdown.contains("Recording twins"))
        #expect(markdown.components(separatedBy: "**Contents:**")[0].contains("| huber |"))
    }
}
