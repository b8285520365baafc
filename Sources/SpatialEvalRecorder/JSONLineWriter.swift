/// Appends one JSON object per line to a byte buffer, without `JSONEncoder`'s reflection:
/// keys in the order written (the encoders below write them sorted), numbers as the shortest
/// text that reads back to the same value, non-finite numbers as `null` (the importer reads
/// `null` as NaN inside depth arrays and refuses it elsewhere, naming the line and field).
struct JSONLineWriter {
    /// The encoded bytes so far.
    var bytes: [UInt8] = []
    private var needsComma = false

    /// Starts an object with its `type` key.
    mutating func begin(type: String) {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        key("type")
        string(type)
    }

    /// Ends the object and the line.
    mutating func end() {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(10)
        needsComma = true
    }

    /// Writes `"name":` (after a comma when needed).
    mutating func key(_ name: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Opens a nested object value.
    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes a nested object value.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// A JSON string, escaped.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [92, 34]
            case 92: bytes += [92, 92]
            case 10: bytes += [92, UInt8(ascii: "n")]
            case 13: bytes += [92, UInt8(ascii: "r")]
            case 9: bytes += [92, UInt8(ascii: "t")]
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A number; `null` when not finite.
    mutating func number(_ value: Double) {
        if value.isFinite { bytes += value.description.utf8 } else { bytes += "null".utf8 }
        needsComma = true
    }

    /// A float32 number, shortest text; `null` for NaN and infinities.
    mutating func number(_ value: Float) {
        if value.isFinite { bytes += value.description.utf8 } else { bytes += "null".utf8 }
        needsComma = true
    }

    /// An integer.
    mutating func integer<Value: BinaryInteger>(_ value: Value) {
        bytes += String(value).utf8
        needsComma = true
    }

    /// `true` or `false`.
    mutating func bool(_ value: Bool) {
        bytes += (value ? "true" : "false").utf8
        needsComma = true
    }

    /// An array of doubles.
    mutating func numbers(_ values: [Double]) {
        list(values) { $0.number($1) }
    }

    /// An array of float32 values (`null` for NaN).
    mutating func numbers(_ values: [Float]) {
        list(values) { $0.number($1) }
    }

    /// An array of small integers.
    mutating func integers(_ values: [UInt8]) {
        list(values) { $0.integer($1) }
    }

    /// `[x, y, z]`.
    mutating func point(_ point: WorldPoint) {
        numbers([point.x, point.y, point.z])
    }

    /// `[x, y, w, h]`.
    mutating func box(_ box: ImageBox) {
        numbers([box.x, box.y, box.width, box.height])
    }

    /// `"name": value` pairs of a sorted dictionary as a nested object.
    mutating func object(_ values: [String: Double]) {
        beginObject()
        for name in values.keys.sorted() {
            key(name)
            number(values[name]!)
        }
        endObject()
    }

    /// An array whose elements `element` writes.
    mutating func list<Element>(_ values: [Element], _ element: (inout JSONLineWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }
}
