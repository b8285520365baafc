import EvalResults
/// A minimal hand-written SVG/XML writer: elements with attributes, text, nesting and
/// XML escaping of every attribute value and text node (plotters' `escape_and_push`).
public struct SVGWriter: Sendable {
    /// The markup written so far.
    public private(set) var text = ""
    private var open: [String] = []

    /// Starts an `<svg>` root of `width` × `height` with a `<style>` block.
    public init(width: Double, height: Double, style: String) {
        text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(ReportNumber.coordinate(width))\" "
            + "height=\"\(ReportNumber.coordinate(height))\" viewBox=\"0 0 \(ReportNumber.coordinate(width)) "
            + "\(ReportNumber.coordinate(height))\">\n"
        open = ["svg"]
        element("style", text: style)
    }

    /// Escapes `& < > " '` for use in XML text or attribute values.
    public static func escape(_ raw: String) -> String {
        var out = ""
        out.reserveCapacity(raw.count)
        for c in raw {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }

    private func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(Self.escape($0.1))\"" }.joined()
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    /// Writes `<name attrs/>`, or `<name attrs>text</name>` when `text` is given.
    public mutating func element(_ name: String, _ attrs: [(String, String)] = [], text content: String? = nil) {
        if let content {
            text += "\(indent)<\(name)\(attributes(attrs))>\(Self.escape(content))</\(name)>\n"
        } else {
            text += "\(indent)<\(name)\(attributes(attrs))/>\n"
        }
    }

    /// Opens `<name attrs>`; close it with ``close()``.
    public mutating func begin(_ name: String, _ attrs: [(String, String)] = []) {
        text += "\(indent)<\(name)\(attributes(attrs))>\n"
        open.append(name)
    }

    /// Closes the innermost open element.
    public mutating func close() {
        let name = open.removeLast()
        text += "\(indent)</\(name)>\n"
    }

    /// Closes every open element and returns the document.
    public mutating func finish() -> String {
        while !open.isEmpty { close() }
        return text
    }
}
