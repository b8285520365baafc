/// Inline markup of a report's running text (spec.md#report-layout): `*words*` is emphasis,
/// and a reference to a document of the repository — `Docs/<page>.md`, `Docs/<page>.md#<id>`
/// or `spec.md#<id>` — is a link. Reports live in `Reports/<name>/`, so links point two
/// folders up (`../../Docs/spec.md#sweep-verdict`); the words stay as written.
public enum InlineText {
    /// Where a report finds the repository's `Docs/` folder, relative to its own folder.
    public static let docsPath = "../../Docs/"

    /// `text` for HTML: escaped, emphasis as `<em>`, document references as links.
    public static func html(_ text: String) -> String {
        var out = ""
        for run in runs(text) {
            switch run {
            case .plain(let s): out += SVGWriter.escape(s)
            case .emphasis(let s): out += "<em>" + SVGWriter.escape(s) + "</em>"
            case .reference(let s, let target): out += "<a href=\"\(SVGWriter.escape(target))\">\(SVGWriter.escape(s))</a>"
            }
        }
        return out
    }

    /// `text` for Markdown: document references as links; emphasis is already Markdown's.
    public static func markdown(_ text: String) -> String {
        runs(text).map { run in
            switch run {
            case .plain(let s): s
            case .emphasis(let s): "*" + s + "*"
            case .reference(let s, let target): "[\(s)](\(target))"
            }
        }.joined()
    }

    enum Run: Equatable {
        case plain(String)
        case emphasis(String)
        case reference(String, target: String)
    }

    /// `text` cut into plain runs, emphasised runs and references.
    static func runs(_ text: String) -> [Run] {
        let chars = Array(text)
        var result: [Run] = [], plain = ""
        func flush() { if !plain.isEmpty { result.append(.plain(plain)); plain = "" } }
        var k = 0
        while k < chars.count {
            let atWordStart = k == 0 || !(chars[k - 1].isLetter || chars[k - 1].isNumber || chars[k - 1] == "/")
            if chars[k] == "*", k + 1 < chars.count, !chars[k + 1].isWhitespace, chars[k + 1] != "*", atWordStart,
               let end = chars[(k + 1)...].firstIndex(of: "*"), !chars[end - 1].isWhitespace,
               end + 1 == chars.count || !(chars[end + 1].isLetter || chars[end + 1].isNumber) {
                flush()
                result.append(.emphasis(String(chars[(k + 1)..<end])))
                k = end + 1
                continue
            }
            if atWordStart, let (length, target) = reference(chars, at: k) {
                flush()
                result.append(.reference(String(chars[k..<(k + length)]), target: target))
                k += length
                continue
            }
            plain.append(chars[k])
            k += 1
        }
        flush()
        return result
    }

    /// A document reference starting at `k`: its length and link target.
    private static func reference(_ chars: [Character], at k: Int) -> (Int, String)? {
        func token() -> String {
            var end = k
            while end < chars.count, chars[end].isLetter || chars[end].isNumber || "-_./#".contains(chars[end]) { end += 1 }
            var text = String(chars[k..<end])
            while let last = text.last, ".#-/".contains(last) { text.removeLast() }
            return text
        }
        let word = token()
        if word.hasPrefix("Docs/"), let md = word.range(of: ".md"), word[md.upperBound...].isEmpty || word[md.upperBound...].hasPrefix("#") {
            let page = word.dropFirst(5)
            guard !page.isEmpty, !page.contains("/") else { return nil }
            return (word.count, docsPath + page)
        }
        if word.hasPrefix("spec.md#"), word.count > 8 {
            return (word.count, docsPath + word)
        }
        return nil
    }
}
