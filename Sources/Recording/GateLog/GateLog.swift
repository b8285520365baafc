import Foundation

/// The `GATE` and `STATS` lines of an app's console log (`spec.md#gate-log`), parsed by the
/// suite's own grammar: the first stand-alone `GATE` or `STATS` token of a line starts it
/// (anything before, such as a timestamp, is ignored), tokens are separated by spaces or
/// tabs, numbers are plain decimals in a fixed locale. A line that starts such a sequence
/// but does not fit the grammar is never skipped or repaired: it is listed as unparsed, and
/// fails the gate block it falls in.
public struct GateLog: Sendable {
    /// A line that did not fit the grammar.
    public struct Unparsed: Equatable, Sendable, CustomStringConvertible {
        /// The log file.
        public var file: String
        /// 1-based line number.
        public var line: Int
        /// The line's text (after the trailing CR is stripped).
        public var text: String
        /// Why it does not fit.
        public var reason: String

        /// The line is cut to a readable length (spec.md#limits-text-input).
        public var description: String { "\(file):\(line): \(reason): \(TextFile.excerpt(text))" }
    }

    /// One `GATE det` line.
    public struct Detection: Equatable, Sendable {
        /// The label (tokens joined by single spaces, e.g. "traffic light").
        public var label: String
        /// Its score in [0, 1].
        public var score: Double
        /// Its box in pixels of the upright reference photo.
        public var box: COCOBox
        /// 1-based line number.
        public var line: Int

        /// Creates a detection.
        public init(label: String, score: Double, box: COCOBox, line: Int) {
            self.label = label
            self.score = score
            self.box = box
            self.line = line
        }
    }

    /// A gate block: `GATE begin`, its `GATE det` lines, `GATE end`; or `det` lines with no
    /// `begin`, up to the end of the log.
    public struct Block: Equatable, Sendable {
        /// The model id of `GATE begin`, nil for an implicit block.
        public var model: String?
        /// `key=value` tokens after the model id (for example `units=normalized`).
        public var settings: [String: String]
        /// Line of `GATE begin` (or of the first `det` line).
        public var line: Int
        /// The detections, in log order.
        public var detections: [Detection]
        /// The count of `GATE end`, when the block was closed.
        public var declaredCount: Int?
        /// Lines inside the block that did not fit the grammar.
        public var unparsed: [Unparsed]

        /// The block is sound: no unparsed line and, when closed, the declared count matches.
        public var isWellFormed: Bool { unparsed.isEmpty && (declaredCount == nil || declaredCount == detections.count) }
    }

    /// One `STATS` timing window.
    public struct StatsWindow: Equatable, Sendable {
        /// Median model-inference time of the window, ms.
        public var medianMilliseconds: Double
        /// End-to-end wall FPS of the window.
        public var fps: Double
        /// `key=value` tokens (`n`, `thermal`, `variant`, `unit`, …).
        public var fields: [String: String]
        /// 1-based line number.
        public var line: Int
    }

    /// Gate blocks in log order.
    public var blocks: [Block] = []
    /// Timing windows in log order.
    public var windows: [StatsWindow] = []
    /// Unparsed lines outside any gate block (inside one they belong to the block).
    public var unparsed: [Unparsed] = []
    /// The file.
    public var source: String

    /// Every unparsed line, in line order.
    public var allUnparsed: [Unparsed] { (unparsed + blocks.flatMap(\.unparsed)).sorted { $0.line < $1.line } }

    /// Reads and parses a log file.
    public static func read(from path: String) throws -> GateLog {
        try TextFile.checkRegularFile(path, kind: "a log file", maximumBytes: 1 << 30)  // spec.md#limits-text-input
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InputError(file: path, message: "cannot read the file (\(error.localizedDescription))")
        }
        return parse(data, file: path)
    }

    /// Parses log bytes (invalid UTF-8 becomes U+FFFD; LF or CRLF line ends).
    public static func parse(_ data: Data, file: String) -> GateLog {
        var parser = GateLogParser(file: file)
        var number = 0
        for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var text = String(decoding: rawLine, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            parser.consume(text, line: number)
        }
        return parser.finish()
    }
}
