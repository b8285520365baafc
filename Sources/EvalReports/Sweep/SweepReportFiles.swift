import Foundation
import Recording
import Sweeps
import EvalResults

/// Writes a ``SweepReport`` into a folder and summarises the recommendations as text.
public enum SweepReportFiles {
    /// Renders `results` into `folder` (created when missing); returns the report and the
    /// file names written.
    @discardableResult
    public static func write(_ results: SweepResults, to folder: String) throws -> (report: SweepReport, files: [String]) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let report = try SweepReport(results)
        var written: [String] = []
        for (name, text) in report.figures + [("report.md", report.markdown), ("report.html", report.html)] {
            try OutputName.checkFileName(name, folder: folder)
            try AtomicFile.write(text, to: (folder as NSString).appendingPathComponent(name))
            written.append(name)
        }
        return (report, written)
    }

    /// Re-renders the report of the sweep results at `path` into `folder` (`spatial-eval report sweep.h5`).
    public static func rerender(_ path: String, to folder: String) throws -> [String] {
        let results: SweepResults
        do {
            results = try SweepResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as sweep results: \(error)")
        }
        return try write(results, to: folder).files
    }

    /// One line per swept key: "sweep  key  shipped → recommended [lower, upper]  verdict …",
    /// from the verdicts `report` shows.
    public static func summary(_ results: SweepResults, report: SweepReport) throws -> String {
        var lines: [String] = []
        for (sweep, assessment) in zip(results.sweeps, report.assessments) {
            let plan = try sweep.plan()
            for (a, key) in plan.keys.enumerated() {
                let value = SweepReport.recommendedText(assessment.recommendation, plan: plan, axis: a)
                let verdict = assessment.verdicts[a]
                let stability: String = assessment.recommendation.stability[a].map { ", stability " + ReportNumber.fixed($0 * 100, 0) + " %" } ?? ""
                let needed: String = verdict.eventsNeeded.map { " (\($0) to decide)" } ?? ""
                let rule = "(\(sweep.definition.objective.text); n = \(results.recordings.count) recordings)"
                let head = "\(sweep.definition.name)  \(key.name)  \(ReportNumber.fixed(plan.shipped[a])) → \(value)  "
                lines.append(head + "\(verdict.text)\(stability), \(verdict.events) events\(needed)  " + rule)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
