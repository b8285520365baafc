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
        let j = JSONText()
        j.number(time, 3)
        return "#t=" + j.text
    }

    /// The relative link to `recording`'s page at `time` (or its start when nil):
    /// `href(recording: "twins-moved", time: 12.4)` = `../viewer/twins-moved.html#t=12.4`.
    public static func href(recording: String, time: Double? = nil, base: String = defaultBase) -> String {
        base + fileName(recording: recording) + (time.map(fragment) ?? "")
    }
}
