/// A minimal JSON writer that keeps key order and writes non-finite numbers as the
/// strings "NaN", "Infinity" and "-Infinity" (JSON has no literal for them).
public struct JSONWriter {
    public private(set) var text = ""

    /// An empty document.
    public init() {}
    private var indent = 0
    private var needsComma = [false]

    public mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    public mutating func endArray() { close("]") }

    public mutating func string(_ key: String?, _ value: String) { item(key, Self.quoted(value)) }
    public mutating func integer(_ key: String?, _ value: Int) { item(key, String(value)) }
    public mutating func number(_ key: String?, _ value: Double) { item(key, Self.number(value)) }
    public mutating func bool(_ key: String?, _ value: Bool) { item(key, value ? "true" : "false") }
    public mutating func null(_ key: String?) { item(key, "null") }
    /// A value that is already JSON text (one line), written as is.
    public mutating func raw(_ key: String?, _ json: String) { item(key, json) }

    /// `[a, b, …]` on one line.
    @inlinable
    public static func compactArray(_ values: some Sequence<Double>) -> String {
        var bytes: [UInt8] = []
        var numbers = NumberText()
        numbers.appendArray(values, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Numbers as ``JSONWriter/number(_:)`` writes them, appended to a byte buffer. The text of
    /// the last number is kept and written again while the same double follows (the precision
    /// arrays of a COCO evaluation, about a million numbers, repeat values at length).
    public struct NumberText {
        @usableFromInline var text = ""
        @usableFromInline var bits: UInt64?

        /// Nothing written yet.
        @inlinable
        public init() {}

        /// Appends the text of `value`.
        @inlinable
        public mutating func append(_ value: Double, to bytes: inout [UInt8]) {
            if bits != value.bitPattern {
                text.removeAll(keepingCapacity: true)
                if value.isFinite {
                    value.write(to: &text)
                } else {
                    text = JSONWriter.number(value)
                }
                bits = value.bitPattern
            }
            bytes.append(contentsOf: text.utf8)
        }

        /// Appends ``JSONWriter/compactArray(_:)``'s text for `values`.
        @inlinable
        public mutating func appendArray(_ values: some Sequence<Double>, to bytes: inout [UInt8]) {
            bytes.append(UInt8(ascii: "["))
            var first = true
            for value in values {
                if !first { bytes.append(contentsOf: ", ".utf8) }
                first = false
                append(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// `"key": {"estimate": …, "lower": …, "upper": …}`.
    public mutating func interval(_ key: String, estimate: Double, lower: Double, upper: Double) {
        beginObject(key)
        number("estimate", estimate)
        number("lower", lower)
        number("upper", upper)
        endObject()
    }

    /// Numbers in the shortest form that reads back to the same double.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value > 0 ? "\"Infinity\"" : "\"-Infinity\"" }
        return "\(value)"
    }

    /// `value` as a JSON string literal. With `scriptSafe`, `<`, `>` and `&` are escaped too, so
    /// the text can sit inside an HTML `<script>` element (the viewer's inline data).
    public static func quoted(_ value: String, scriptSafe: Bool = false) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "<" where scriptSafe: result += "\\u003c"
            case ">" where scriptSafe: result += "\\u003e"
            case "&" where scriptSafe: result += "\\u0026"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private mutating func prefix(_ key: String?) {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
        if indent > 0 { text += "\n" + String(repeating: "  ", count: indent) }
        if let key { text += Self.quoted(key) + ": " }
    }

    private mutating func item(_ key: String?, _ rendered: String) {
        prefix(key)
        text += rendered
    }

    private mutating func open(_ key: String?, _ bracket: String) {
        prefix(key)
        text += bracket
        indent += 1
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadItems = needsComma.removeLast()
        indent -= 1
        if hadItems { text += "\n" + String(repeating: "  ", count: indent) }
        text += bracket
        if indent == 0 { text += "\n" }
    }
}
