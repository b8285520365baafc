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
        var text = ""
        appendCompactArray(values, to: &text)
        return text
    }

    /// Appends ``compactArray(_:)``'s text for `values` to `text`, each number written in
    /// place (the arrays of a COCO evaluation hold about a million numbers).
    @inlinable
    public static func appendCompactArray(_ values: some Sequence<Double>, to text: inout String) {
        text += "["
        var first = true
        for value in values {
            if !first { text += ", " }
            first = false
            appendNumber(value, to: &text)
        }
        text += "]"
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

    /// Appends ``number(_:)``'s text for `value` to `text`; a finite number is written in
    /// place, without a string of its own.
    @inlinable
    public static func appendNumber(_ value: Double, to text: inout String) {
        if value.isFinite {
            value.write(to: &text)
        } else {
            text += number(value)
        }
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
