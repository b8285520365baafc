import EvalNumerics
import Foundation

/// A forward-only reader of one JSON document in memory, for the large COCO files: it never
/// builds a tree, so a 200,000-detection results file costs its own bytes plus the decoded
/// values. It counts lines as it goes, so every error names the file and the line.
///
/// Numbers parse as Python's `json` module parses them (correctly rounded, ``DecimalParsing``);
/// `NaN`, `Infinity` and `-Infinity` literals (which Python writes) are rejected unless the
/// caller asks for them. Nesting deeper than ``maximumDepth`` is rejected, so hostile input
/// cannot exhaust the stack. The parser reads `bytes` through an unsafe pointer: it must
/// not outlive the closure that created it (``parse(_:file:_:)``).
public struct JSONPullParser {
    /// What the next value is.
    public enum Kind: Equatable, Sendable {
        case object, array, string, number, bool, null
    }

    /// Deepest nesting accepted (COCO files need four levels).
    public static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The file being read, as errors name it.
    public let file: String
    /// The 1-based line of the next unread byte.
    public private(set) var line = 1
    private var depth = 0
    /// Whether the last `nextKey`/`nextElement` call was the first of its container.
    private var atFirstItem = false

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Runs `body` with a parser over `data`, then checks that nothing but whitespace follows
    /// the value `body` consumed.
    public static func parse<T>(_ data: Data, file: String, _ body: (inout JSONPullParser) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var parser = JSONPullParser(bytes: raw.bindMemory(to: UInt8.self), file: file)
            let value = try body(&parser)
            parser.skipWhitespace()
            if parser.position < parser.bytes.count {
                throw parser.error("unexpected text after the JSON value")
            }
            return value
        }
    }

    /// Reads a whole file and runs ``parse(_:file:_:)`` on it.
    public static func parse<T>(contentsOf path: String, _ body: (inout JSONPullParser) throws -> T) throws -> T {
        try TextFile.checkRegularFile(path, kind: "a JSON file", maximumBytes: Int.max)  // spec.md#limits-text-input
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw InputError(file: path, message: "cannot read the file (\(error.localizedDescription))")
        }
        return try parse(data, file: path, body)
    }

    /// An input error at the current line.
    public func error(_ message: String, line: Int? = nil) -> InputError {
        InputError(file: file, line: line ?? self.line, message: message)
    }

    // MARK: - Structure

    /// The kind of the next value (after whitespace); an error at the end of the input or
    /// on a byte no JSON value starts with.
    public mutating func peek() throws -> Kind {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of the JSON text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "N"), UInt8(ascii: "I"): return .number
        default: throw error("unexpected character '\(Self.printable(bytes[position]))'")
        }
    }

    /// Consumes `{`; then call ``nextKey()`` until it returns nil.
    public mutating func beginObject(_ what: @autoclosure () -> String) throws {
        try open(UInt8(ascii: "{"), expected: "an object", what)
    }

    /// Consumes `[`; then call ``nextElement()`` until it returns false.
    public mutating func beginArray(_ what: @autoclosure () -> String) throws {
        try open(UInt8(ascii: "["), expected: "an array", what)
    }

    /// The next key of the open object (its value follows), or nil after the closing `}`.
    public mutating func nextKey() throws -> String? {
        guard try advanceInContainer(closing: UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of the JSON text") }
        guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
        let key = try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
        position += 1
        return key
    }

    /// True when the open array has another element (read it next), false after the closing `]`.
    public mutating func nextElement() throws -> Bool {
        try advanceInContainer(closing: UInt8(ascii: "]"))
    }

    /// Every element of the open array (call it right after ``beginArray(_:)``), each read by
    /// `element`, which must consume exactly one value; the parser ends after the closing `]`.
    ///
    /// An array of objects of at least `minimumSplitBytes` is read on two cores: a second
    /// reader starts at the first `}, {` after the middle of the text while the first reads up
    /// to it. The split counts only when the first reader, finishing an element, arrives at
    /// that very comma (so it was no string's content); otherwise the first reads on to the
    /// end. Either way the values, the lines and the first error are those of reading in order.
    public mutating func elements<T: Sendable>(minimumSplitBytes: Int = 1 << 20,
                                               _ element: @escaping @Sendable (inout JSONPullParser) throws -> T) throws -> [T] {
        guard let split = splitPoint(minimumBytes: minimumSplitBytes) else {
            var items: [T] = []
            while try nextElement() { items.append(try element(&self)) }
            return items
        }
        var second = self
        second.position = split.start
        second.atFirstItem = true
        let skipped = position..<split.start  // its lines are counted on the second reader's core
        let (first, rest) = inParallel(
            { [head = SharedParser(parser: self)] () -> Result<(SharedParser, [T], Bool), Error> in
                var parser = head.parser
                return Result {
                    var items: [T] = []
                    while try parser.nextElement() {
                        items.append(try element(&parser))
                        parser.skipWhitespace()
                        if parser.position == split.comma { return (SharedParser(parser: parser), items, true) }
                    }
                    return (SharedParser(parser: parser), items, false)
                }
            },
            { [tail = SharedParser(parser: second)] () -> Result<(SharedParser, [T]), Error> in
                var parser = tail.parser
                parser.line += parser.newlines(in: skipped)
                return Result {
                    var items: [T] = []
                    while try parser.nextElement() { items.append(try element(&parser)) }
                    return (SharedParser(parser: parser), items)
                }
            })
        let (head, items, reachedSplit) = try first.get()
        guard reachedSplit else {
            self = head.parser
            return items
        }
        let (tail, more) = try rest.get()
        self = tail.parser
        var all = items
        all.append(contentsOf: more)
        return all
    }

    // MARK: - Scalars

    /// A finite number; `what` names the field in errors.
    public mutating func number(_ what: @autoclosure () -> String) throws -> Double {
        let value = try anyNumber(what())
        guard value.isFinite else { throw error("\(what()) must be a finite number") }
        return value
    }

    /// A number that may also be `NaN`, `Infinity` or `-Infinity` (raw network outputs).
    public mutating func anyNumber(_ what: @autoclosure () -> String) throws -> Double {
        skipWhitespace()
        if let special = specialNumber() { return special }
        let start = position
        guard let end = numberEnd(), end > start else { throw error("\(what()) must be a number") }
        position = end
        guard let value = DecimalParsing.parse(bytes.baseAddress!, from: start, to: end) else { throw error("\(what()) is not a valid number") }
        return value
    }

    /// An integer written without fraction or exponent, within ±2^53 (exact as a double).
    public mutating func integer(_ what: @autoclosure () -> String) throws -> Int {
        skipWhitespace()
        let start = position
        guard let end = numberEnd(), end > start else { throw error("\(what()) must be an integer") }
        var i = start
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var value = 0
        while i < end {
            let digit = Int(bytes[i]) - 48
            guard digit >= 0 && digit <= 9 else { throw error("\(what()) must be an integer") }
            value = value * 10 + digit
            guard value <= 1 << 53 else { throw error("\(what()) is too large (limit 2^53)") }
            i += 1
        }
        position = end
        return negative ? -value : value
    }

    /// A string (escapes decoded; invalid UTF-8 becomes U+FFFD).
    public mutating func string() throws -> String {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string") }
        position += 1
        let start = position
        var plain = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if plain {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    position += 1
                    return text
                }
                break
            }
            if byte == UInt8(ascii: "\\") { plain = false; position += 2; continue }
            if byte < 0x20 { throw error("control character inside a string") }
            position += 1
        }
        guard position < bytes.count else { throw error("unterminated string") }
        return try unescape(from: start)
    }

    /// `true` or `false`.
    public mutating func bool(_ what: @autoclosure () -> String) throws -> Bool {
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw error("\(what()) must be true or false")
    }

    /// Consumes `null` when it comes next.
    public mutating func null() throws -> Bool {
        try literal("null")
    }

    /// Skips one value of any kind (iteratively, within ``maximumDepth``).
    public mutating func skipValue() throws {
        var closers: [UInt8] = []  // the closing bracket of every container opened here
        repeat {
            switch try peek() {
            case .object:
                try beginObject("a value")
                if try nextKey() != nil {
                    closers.append(UInt8(ascii: "}"))
                    continue
                }
            case .array:
                try beginArray("a value")
                if try nextElement() {
                    closers.append(UInt8(ascii: "]"))
                    continue
                }
            case .string: _ = try string()
            case .number: _ = try anyNumber("a value")
            case .bool: _ = try bool("a value")
            case .null: _ = try null()
            }
            // A value is complete: move to the next item of the innermost open container.
            while let closer = closers.last {
                let more = closer == UInt8(ascii: "}") ? try nextKey() != nil : try nextElement()
                if more { break }
                closers.removeLast()
            }
        } while !closers.isEmpty
    }

    // MARK: - Internals

    private mutating func open(_ bracket: UInt8, expected: String, _ what: () -> String) throws {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == bracket else { throw error("\(what()) must be \(expected)") }
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        position += 1
        depth += 1
        atFirstItem = true
    }

    private mutating func advanceInContainer(closing: UInt8) throws -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of the JSON text") }
        if bytes[position] == closing {
            position += 1
            depth -= 1
            atFirstItem = false
            return false
        }
        if atFirstItem {
            atFirstItem = false
            return true
        }
        guard bytes[position] == UInt8(ascii: ",") else {
            throw error("expected ',' or '\(Self.printable(closing))'")
        }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == closing { throw error("trailing comma") }
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 10 {
                line += 1
            } else if !(byte == 32 || byte == 9 || byte == 13) {
                return
            }
            position += 1
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// A parser handed to the second reader of ``elements(minimumSplitBytes:_:)``: the bytes it
    /// points into outlive both readers, which end before `elements` returns.
    private struct SharedParser: @unchecked Sendable {
        var parser: JSONPullParser
    }

    /// Where a second reader may start in the open array: the first `}` from the middle of the
    /// rest on that is followed by `,` and `{` (whitespace between); nil when the rest is short.
    private func splitPoint(minimumBytes: Int) -> (comma: Int, start: Int)? {
        guard bytes.count - position >= max(minimumBytes, 2) else { return nil }
        func skippingWhitespace(from index: Int) -> Int {
            var j = index
            while j < bytes.count && Self.isWhitespace(bytes[j]) { j += 1 }
            return j
        }
        var i = position + (bytes.count - position) / 2
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "}") {
                let comma = skippingWhitespace(from: i + 1)
                if comma < bytes.count && bytes[comma] == UInt8(ascii: ",") {
                    let start = skippingWhitespace(from: comma + 1)
                    if start < bytes.count && bytes[start] == UInt8(ascii: "{") { return (comma, start) }
                }
            }
            i += 1
        }
        return nil
    }

    private func newlines(in range: Range<Int>) -> Int {
        var count = 0
        for i in range where bytes[i] == 10 { count += 1 }
        return count
    }

    /// The end of the JSON number starting at `position`, or nil when the grammar is broken.
    private func numberEnd() -> Int? {
        var i = position
        let n = bytes.count
        if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        while i < n, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
        let integerDigits = i - integerStart
        guard integerDigits > 0 else { return nil }
        if integerDigits > 1 && bytes[integerStart] == 48 { return nil }  // no leading zeros
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < n, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
            guard i > fractionStart else { return nil }
        }
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let exponentStart = i
            while i < n, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
            guard i > exponentStart else { return nil }
        }
        if i < n, !Self.isWhitespace(bytes[i]), bytes[i] != UInt8(ascii: ","),
            bytes[i] != UInt8(ascii: "]"), bytes[i] != UInt8(ascii: "}") {
            return nil
        }
        return i
    }

    /// `NaN`, `Infinity`, `-Infinity` as Python's `json` writes them.
    private mutating func specialNumber() -> Double? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "N") || bytes[position] == UInt8(ascii: "I")
            || (bytes[position] == UInt8(ascii: "-") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "I")) else { return nil }
        for (text, value) in [("NaN", Double.nan), ("Infinity", Double.infinity), ("-Infinity", -Double.infinity)]
        where matches(text) {
            position += text.utf8.count
            return value
        }
        return nil
    }

    private func matches(_ text: String) -> Bool {
        var i = position
        for byte in text.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    private mutating func literal(_ text: String) throws -> Bool {
        skipWhitespace()
        guard matches(text) else { return false }
        position += text.utf8.count
        return true
    }

    private mutating func unescape(from start: Int) throws -> String {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll(keepingCapacity: true)
            }
        }
        var i = start
        while bytes[i] != UInt8(ascii: "\"") {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { throw error("unterminated string") }
            flush()
            let escaped = bytes[i + 1]
            i += 2
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4(at: i)
                i += 4
                if (0xD800..<0xDC00).contains(code), i + 6 <= bytes.count,
                    bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                    case let low = try hex4(at: i + 2), (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw error("invalid escape '\\\(Self.printable(escaped))' in a string")
            }
            guard i < bytes.count else { throw error("unterminated string") }
        }
        flush()
        position = i + 1
        return String(scalars)
    }

    private func hex4(at i: Int) throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var code: UInt32 = 0
        for k in i..<(i + 4) {
            guard let digit = Int(String(UnicodeScalar(bytes[k])), radix: 16) else { throw error("invalid \\u escape") }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    private static func printable(_ byte: UInt8) -> String {
        (32..<127).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02x", byte)
    }
}
