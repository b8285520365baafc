import Foundation

/// Writing a detection report folder: NAME.md with its SVG figures beside it, NAME.html
/// (self-contained) and NAME.json.
enum DetectionReportFiles {
    /// Writes the files, creating `folder` when needed.
    static func write(_ document: ReportDocument, json: String, named name: String, to folder: String) throws {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try document.markdownText.write(to: url.appendingPathComponent("\(name).md"), atomically: true, encoding: .utf8)
            try document.htmlPage(title: "Detection parity").write(to: url.appendingPathComponent("\(name).html"), atomically: true, encoding: .utf8)
            for figure in document.figures {
                try figure.svg.write(to: url.appendingPathComponent(figure.name), atomically: true, encoding: .utf8)
            }
            try json.write(to: url.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        } catch {
            throw InputErrorForFolder(folder: folder, underlying: error)
        }
    }
}

/// A report folder that could not be written.
struct InputErrorForFolder: Error, CustomStringConvertible {
    let folder: String
    let underlying: Error
    var description: String { "\(folder): cannot write the report (\(underlying.localizedDescription))" }
}
