import EvalResults
/// A report being written: Markdown and HTML side by side, and the SVG figures the
/// Markdown links to. Every block goes to both forms, so they cannot drift apart.
///
/// Layout (spec.md#report-layout): the page title, then a summary that fits one screen
/// (``beginSummary()`` … ``endSummary()``), a table of contents of the level-2 headings,
/// and the detail, whose sections may be collapsible (``beginDetails(_:)``, `<details>` in
/// HTML, no script). Tables sit in their own horizontal scroll box, figures scale to the
/// page, and the style sheet follows the reader's light or dark preference and prints
/// every section open.
public struct ReportDocument {
    /// Markdown lines.
    public private(set) var markdown: [String] = []
    /// HTML body lines.
    public private(set) var html: [String] = []
    /// SVG files beside the Markdown: file name → content, in report order.
    public private(set) var figures: [(name: String, svg: String)] = []
    /// Level-2 headings in order: text and anchor id, for the table of contents.
    public private(set) var contents: [(text: String, id: String)] = []
    /// Where the table of contents goes (after the summary): indices into `markdown` and `html`.
    private var contentsAt: (markdown: Int, html: Int)?
    private var usedIDs: Set<String> = []

    /// An empty document.
    public init() {}

    /// A paragraph of plain text.
    public mutating func paragraph(_ text: String) {
        markdown += [InlineText.markdown(text), ""]
        html.append("<p>\(InlineText.html(text))</p>")
    }

    /// A paragraph with a link: `before`, the linked `label` (to `href`), `after`.
    public mutating func link(_ before: String, _ label: String, href: String, _ after: String = "") {
        markdown += ["\(before)[\(label)](\(href))\(after)", ""]
        html.append("<p>\(SVGWriter.escape(before))<a href=\"\(SVGWriter.escape(href))\">\(SVGWriter.escape(label))</a>\(SVGWriter.escape(after))</p>")
    }

    /// A paragraph of text runs, each linked when it has an `href`.
    public mutating func linkedParagraph(_ runs: [(text: String, href: String?)]) {
        markdown += [runs.map { run in run.href.map { "[\(run.text)](\($0))" } ?? run.text }.joined(), ""]
        html.append("<p>" + runs.map { run in
            run.href.map { "<a href=\"\(SVGWriter.escape($0))\">\(SVGWriter.escape(run.text))</a>" } ?? SVGWriter.escape(run.text)
        }.joined() + "</p>")
    }

    /// A heading of `level` (1 is the page title); level-2 headings enter the table of contents.
    public mutating func heading(_ text: String, _ level: Int) {
        let id = anchorID(text)
        if level == 2 {
            contents.append((text, id))
            markdown.append("<a id=\"\(id)\"></a>")
        }
        markdown += [String(repeating: "#", count: level) + " " + text, ""]
        html.append("<h\(level) id=\"\(id)\">\(SVGWriter.escape(text))</h\(level)>")
    }

    /// A checklist: each entry's title, then its steps as boxes to tick.
    public mutating func checklist(_ entries: [(title: String, steps: [String])]) {
        for entry in entries {
            markdown.append("- **\(entry.title)**" + (entry.steps.isEmpty ? "" : ":"))
            markdown += entry.steps.map { "  - [ ] \(InlineText.markdown($0))" }
        }
        markdown.append("")
        html.append("<ul class=\"checklist\">" + entries.map { entry in
            "<li><strong>\(SVGWriter.escape(entry.title))</strong>" + (entry.steps.isEmpty ? "" : "<ul>"
                + entry.steps.map { "<li>☐ \(InlineText.html($0))</li>" }.joined() + "</ul>") + "</li>"
        }.joined() + "</ul>")
    }

    /// A table whose first row is the header, in its own horizontal scroll box.
    public mutating func table(_ rows: [[String]]) {
        guard let header = rows.first else { return }
        markdown.append("| " + header.map(Self.cell).joined(separator: " | ") + " |")
        markdown.append("|" + header.map { _ in " --- |" }.joined())
        markdown += rows.dropFirst().map { "| " + $0.map { Self.cell(InlineText.markdown($0)) }.joined(separator: " | ") + " |" }
        markdown.append("")
        html.append("<div class=\"scroll\"><table><thead><tr>" + header.map { "<th>\(SVGWriter.escape($0))</th>" }.joined() + "</tr></thead><tbody>")
        html += rows.dropFirst().map { "<tr>" + $0.map { "<td>\(InlineText.html($0))</td>" }.joined() + "</tr>" }
        html.append("</tbody></table></div>")
    }

    /// A figure: a file `name` beside the Markdown, inline in the HTML, with its caption.
    public mutating func figure(_ name: String, _ svg: String, caption: String) {
        figures.append((name, svg))
        markdown += ["![\(caption)](\(name))", "", "*\(caption)*", ""]
        html.append("<figure>\(svg)<figcaption>\(SVGWriter.escape(caption))</figcaption></figure>")
    }

    /// Opens the summary: what follows, up to ``endSummary()``, is the report's first screen.
    public mutating func beginSummary() {
        html.append("<section id=\"summary\" class=\"summary\">")
    }

    /// Closes the summary; the table of contents follows it.
    public mutating func endSummary() {
        html.append("</section>")
        contentsAt = (markdown.count, html.count)
    }

    /// Opens a collapsible section titled `title` (a level-2 heading in Markdown and in the contents).
    public mutating func beginDetails(_ title: String, open: Bool = false) {
        let id = anchorID(title)
        markdown += ["<a id=\"\(id)\"></a>", "## " + title, ""]
        contents.append((title, id))
        html.append("<details id=\"\(id)\"\(open ? " open" : "")><summary>\(SVGWriter.escape(title))</summary>")
    }

    /// Closes the section opened by ``beginDetails(_:open:)``.
    public mutating func endDetails() {
        html.append("</details>")
    }

    /// The Markdown text, with the table of contents after the summary.
    public var markdownText: String {
        var lines = markdown
        if let at = contentsAt?.markdown, !contents.isEmpty {
            lines.insert(contentsOf: ["**Contents:** " + contents.map { "[\($0.text)](#\($0.id))" }.joined(separator: " · "), ""], at: at)
        }
        return lines.joined(separator: "\n")
    }

    /// The style sheet of every HTML report (spec.md#report-layout).
    public static let styleSheet = """
        :root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #555; --rule: #c8c8c8; --head: #f1f3f5; --summary: #f6f8fa; --link: #0b57d0; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #16181b; --muted: #a8a8a8; --rule: #444; --head: #23262b; --summary: #1e2126; --link: #8ab4f8; } }
        * { box-sizing: border-box; }
        body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.4; color: var(--fg); background: var(--bg); max-width: 1240px; margin: 0 auto; padding: 1em; overflow-wrap: anywhere; }
        h1 { font-size: 1.5em; margin: 0.2em 0 0.4em; } h2 { font-size: 1.25em; margin-top: 1.4em; } h3 { font-size: 1.05em; }
        a { color: var(--link); }
        p { margin: 0.5em 0; }
        .scroll { max-width: 100%; overflow-x: auto; margin: 0.5em 0; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.9em; }
        th, td { border: 1px solid var(--rule); padding: 2px 8px; text-align: right; overflow-wrap: normal; }
        th { background: var(--head); position: sticky; top: 0; }
        td:first-child, th:first-child { text-align: left; }
        figure { margin: 1em 0; max-width: 100%; }
        figure svg { max-width: 100%; height: auto; display: block; background: #ffffff; border-radius: 4px; }
        figcaption { font-size: 0.9em; color: var(--muted); }
        .summary { background: var(--summary); border: 1px solid var(--rule); border-radius: 6px; padding: 0.2em 1em 0.6em; }
        .summary h2 { margin-top: 0.6em; }
        .summary table { font-size: 0.85em; line-height: 1.25; } .summary td { text-align: left; }
        nav.contents { font-size: 0.9em; margin: 1em 0; } nav.contents ol { margin: 0.3em 0; padding-left: 1.5em; columns: 2 16em; }
        details { border-top: 1px solid var(--rule); padding: 0.3em 0; }
        details > summary { cursor: pointer; font-weight: 600; font-size: 1.1em; padding: 0.3em 0; }
        @media print {
          :root { color-scheme: light; --fg: #000; --bg: #fff; --muted: #333; --rule: #999; --head: #eee; --summary: #fff; }
          body { max-width: none; padding: 0; font-size: 10pt; }
          .scroll { overflow: visible; } table { font-size: 8pt; } th { position: static; }
          nav.contents { display: none; }
          details > summary { list-style: none; }
          details::details-content { content-visibility: visible; display: contents; }
          figure, table, .summary { break-inside: avoid; }
          h2, h3, summary { break-after: avoid; }
        }
        """

    /// A self-contained HTML page titled `title` around the body, with the table of contents after the summary.
    public func htmlPage(title: String) -> String {
        var body = html
        if let at = contentsAt?.html, !contents.isEmpty {
            body.insert("<nav class=\"contents\" aria-label=\"Contents\"><strong>Contents</strong><ol>"
                + contents.map { "<li><a href=\"#\($0.id)\">\(SVGWriter.escape($0.text))</a></li>" }.joined() + "</ol></nav>", at: at)
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>\(SVGWriter.escape(title))</title>\n"
            + "<style>\n\(Self.styleSheet)\n</style>\n</head>\n<body>\n" + body.joined(separator: "\n") + "\n</body>\n</html>\n"
    }

    /// A unique anchor id for `text`: lower-case letters and digits joined by hyphens.
    private mutating func anchorID(_ text: String) -> String {
        var slug = "", hyphen = false
        for c in text.lowercased() {
            if c.isASCII, c.isLetter || c.isNumber {
                if hyphen, !slug.isEmpty { slug.append("-") }
                slug.append(c)
                hyphen = false
            } else {
                hyphen = true
            }
        }
        if slug.isEmpty { slug = "section" }
        var id = slug, k = 2
        while usedIDs.contains(id) { id = "\(slug)-\(k)"; k += 1 }
        usedIDs.insert(id)
        return id
    }

    /// A table cell for Markdown: a `|` would end the cell, so it is escaped.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
