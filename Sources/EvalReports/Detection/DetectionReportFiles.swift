import Foundation
import Recording
import EvalResults

/// Writing a detection report folder: a Markdown page with its SVG figures beside it, the
/// same page as self-contained HTML, and the JSON results.
public enum DetectionReportFiles {
    /// Writes `report.md` (figures beside it), `report.html` and the JSON as `jsonName`,
    /// creating `folder` when needed.
    /// The set is written into the folder's staging folder and swapped in together, under the
    /// folder's lock (``OutputFolder``).
    public static func write(_ document: ReportDocument, json: String, jsonName: String, to folder: String) throws {
        let out = try OutputFolder.open(folder)
        defer { out.close() }
        let url = URL(fileURLWithPath: out.staging, isDirectory: true)
        do {
            try AtomicFile.write(document.markdownText, to: url.appendingPathComponent("report.md").path)
            try AtomicFile.write(document.htmlPage(title: "Detection parity"), to: url.appendingPathComponent("report.html").path)
            for figure in document.figures {
                try AtomicFile.write(figure.svg, to: url.appendingPathComponent(figure.name).path)
            }
            try AtomicFile.write(json, to: url.appendingPathComponent(jsonName).path)
        } catch {
            throw InputErrorForFolder(folder: folder, underlying: error)
        }
        try out.commit(["report.md", "report.html"] + document.figures.map(\.name) + [jsonName])
    }
}

/// A report folder that could not be written.
public struct InputErrorForFolder: Error, CustomStringConvertible {
    public let folder: String
    public let underlying: Error
    public var description: String { "\(folder): cannot write the report (\(underlying.localizedDescription))" }
}
