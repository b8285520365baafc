/// A report being written: Markdown and HTML side by side, and the SVG figures the
/// Markdown links to. Every block goes to both forms, so they cannot drift apart.
struct ReportDocument {
    /// Markdown lines.
    private(set) var markdown: [String] = []
    /// HTML body lines.
    private(set) var html: [String] = []
    /// SVG files beside the Markdown: file name → content, in report order.
    private(set) var figures: [(name: String, svg: String)] = []

    /// A paragraph of plain text.
    mutating func paragraph(_ text: String) {
        markdown += [text, ""]
        html.append("<p>\(SVGWriter.escape(text))</p>")
    }

    /// A heading of `level` (1 is the page title).
    mutating func heading(_ text: String, _ level: Int) {
        markdown += [String(repeating: "#", count: level) + " " + text, ""]
        html.append("<h\(level)>\(SVGWriter.escape(text))</h\(level)>")
    }

    /// A table whose first row is the header.
    mutating func table(_ rows: [[String]]) {
        guard let header = rows.first else { return }
        markdown.append("| " + header.joined(separator: " | ") + " |")
        markdown.append("|" + header.map { _ in " --- |" }.joined())
        markdown += rows.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }
        markdown.append("")
        html.append("<table><thead><tr>" + header.map { "<th>\(SVGWriter.escape($0))</th>" }.joined() + "</tr></thead><tbody>")
        html += rows.dropFirst().map { "<tr>" + $0.map { "<td>\(SVGWriter.escape($0))</td>" }.joined() + "</tr>" }
        html.append("</tbody></table>")
    }

    /// A figure: a file `name` beside the Markdown, inline in the HTML, with its caption.
    mutating func figure(_ name: String, _ svg: String, caption: String) {
        figures.append((name, svg))
        markdown += ["![\(caption)](\(name))", "", "*\(caption)*", ""]
        html.append("<figure>\(svg)<figcaption>\(SVGWriter.escape(caption))</figcaption></figure>")
    }

    /// The Markdown text.
    var markdownText: String { markdown.joined(separator: "\n") }

    /// A self-contained HTML page titled `title` around the body.
    func htmlPage(title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(SVGWriter.escape(title))</title>\n"
            + "<style>body { font-family: sans-serif; max-width: 960px; margin: 2em auto; } table { border-collapse: collapse; margin: 0.5em 0; } "
            + "th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: right; } figure { margin: 1em 0; } "
            + "figcaption { font-size: 0.9em; color: #555; }</style>\n</head>\n<body>\n" + html.joined(separator: "\n") + "\n</body>\n</html>\n"
    }
}
