import Foundation
import Recording
import EvalResults

/// Writes a ``RunReport`` into a folder: `report.md`, its SVG figures and `report.html`.
public enum RunReportFiles {
    /// Renders `results` into `folder` (created when missing) and returns the file names written.
    @discardableResult
    public static func write(_ results: RunResults, to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let report = RunReport(results)
        var written: [String] = []
        func save(_ text: String, _ name: String) throws {
            try OutputName.checkFileName(name, folder: folder)
            try AtomicFile.write(text, to: (folder as NSString).appendingPathComponent(name))
            written.append(name)
        }
        for figure in report.figures { try save(figure.svg, figure.name) }
        try save(report.markdown, "report.md")
        try save(report.html, "report.html")
        return written
    }
}
