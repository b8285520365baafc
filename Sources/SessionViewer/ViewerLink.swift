/// Links to viewer pages, for reports and notes (Docs/viewer.md#links).
///
/// A viewer page is `<folder>/<recording>.html`; its URL fragment `#t=SECONDS` opens it at
/// that time on the recording's own clock (`frames.t`), at the last frame at or before it.
/// Reports under `Reports/<job>/` reach the pages of `Reports/viewer/` as `../viewer/…`.
public enum ViewerLink {
    /// The folder of viewer pages relative to a report's folder.
    public static let defaultBase = "../viewer/"

    /// The page's file name for a recording name: `twins-moved` → `twins-moved.html`.
    public static func fileName(recording: String) -> String { recording + ".html" }

    /// The fragment that opens a page at `time` seconds: `#t=12.4` (millisecond precision,
    /// trailing zeros dropped).
    public static func fragment(time: Double) -> String {
        let j = ViewerJSON()
        j.number(time, 3)
        return "#t=" + j.text
    }

    /// The relative link to `recording`'s page at `time` (or its start when nil):
    /// `href(recording: "twins-moved", time: 12.4)` = `../viewer/twins-moved.html#t=12.4`.
    /// The recording's name is percent-encoded (all but letters, digits and `-._~`).
    public static func href(recording: String, time: Double? = nil, base: String = defaultBase) -> String {
        base + percentEncoded(fileName(recording: recording)) + (time.map(fragment) ?? "")
    }

    /// `text` with every byte outside the URL's unreserved characters written as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
