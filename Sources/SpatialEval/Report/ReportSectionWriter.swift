/// Accumulates one report section as Markdown, HTML and SVG figures at once, so a section
/// written in its own file can be appended to a ``RunReport``.
struct ReportSectionWriter {
    /// Markdown lines.
    private(set) var markdown: [String] = []
    /// HTML fragments.
    private(set) var html: [String] = []
    /// SVG files: name and content.
    private(set) var figures: [(name: String, svg: String)] = []

    /// A heading of `level` (1–6).
    mutating func heading(_ text: String, _ level: Int) {
        markdown += [String(repeating: "#", count: level) + " " + text, ""]
        html.append("<h\(level)>\(SVGWriter.escape(text))</h\(level)>")
    }

    /// A paragraph.
    mutating func paragraph(_ text: String) {
        markdown += [text, ""]
        html.append("<p>\(SVGWriter.escape(text))</p>")
    }

    /// A bulleted list.
    mutating func list(_ items: [String]) {
        markdown += items.map { "- " + $0 } + [""]
        html.append("<ul>" + items.map { "<li>\(SVGWriter.escape($0))</li>" }.joined() + "</ul>")
    }

    /// A table whose first row is the header.
    mutating func table(_ rows: [[String]]) {
        guard let header = rows.first else { return }
        markdown.append("| " + header.joined(separator: " | ") + " |")
        markdown.append("|" + String(repeating: " --- |", count: header.count))
        markdown += rows.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" } + [""]
        let cells = { (row: [String], tag: String) in row.map { "<\(tag)>\(SVGWriter.escape($0))</\(tag)>" }.joined() }
        html.append("<table><thead><tr>\(cells(header, "th"))</tr></thead><tbody>"
            + rows.dropFirst().map { "<tr>\(cells($0, "td"))</tr>" }.joined() + "</tbody></table>")
    }

    /// A figure saved beside the Markdown as `name` and inlined in the HTML.
    mutating func figure(_ name: String, _ svg: String, caption: String) {
        figures.append((name, svg))
        markdown += ["![\(caption)](\(name))", "", "*\(caption)*", ""]
        html.append("<figure>\(svg)<figcaption>\(SVGWriter.escape(caption))</figcaption></figure>")
    }
}
