/// Where one field of a ``CSVTable`` lies in the file's bytes, and how to read it.
///
/// Unquoted fields are stored without the spaces and tabs around them; quoted fields
/// without their quotes (`escaped` tells that a doubled quote inside must be undone).
struct CSVField: Sendable {
    /// First byte of the field.
    var start: Int
    /// One past the last byte of the field.
    var end: Int
    /// Whether the field was quoted and holds a doubled quote (`""`) standing for one.
    var escaped: Bool

    /// The field's text.
    func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(raw.count)
        var k = raw.startIndex
        while k < raw.endIndex {
            unescaped.append(raw[k])
            k += raw[k] == CSVField.quote ? 2 : 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The field as a number when it is exactly one: `[+-]digits[.digits][e[+-]digits]` (or
    /// `.digits…`), parsed correctly rounded; `nan` and `[+-]inf`/`infinity` (any case) only
    /// when `allowing` says so. A decimal too large for a double counts as infinite.
    func number(in bytes: UnsafeBufferPointer<UInt8>, allowing nonFinite: CSVTable.NonFinite) -> Double? {
        guard start < end, let base = bytes.baseAddress else { return nil }
        if Self.isDecimal(bytes, start, end) {
            guard let value = DecimalParsing.parse(base, from: start, to: end) else { return nil }
            return value.isFinite || nonFinite.contains(.infinity) ? value : nil
        }
        var word = bytes[start..<end].map { $0 | 0x20 }  // ASCII lower case (digits and signs are not letters)
        var negative = false
        if let first = bytes[start..<end].first, first == 43 || first == 45 {
            negative = first == 45
            word.removeFirst()
        }
        switch String(decoding: word, as: UTF8.self) {
        case "nan" where nonFinite.contains(.nan): return .nan
        case "inf" where nonFinite.contains(.infinity), "infinity" where nonFinite.contains(.infinity):
            return negative ? -.infinity : .infinity
        default: return nil
        }
    }

    /// The field as an integer when it is exactly `[+-]digits` and fits in an `Int`.
    func integer(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var k = start
        guard k < end else { return nil }
        let negative = bytes[k] == 45
        if negative || bytes[k] == 43 { k += 1 }
        guard k < end else { return nil }
        var value = 0
        while k < end {
            let digit = Int(bytes[k]) - 48
            guard (0...9).contains(digit) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(negative ? -digit : digit)
            guard !overflow, !carry else { return nil }
            value = sum
            k += 1
        }
        return value
    }

    /// Whether `[start, end)` follows the decimal grammar (at least one mantissa digit).
    private static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        func digits() -> Int {
            let from = k
            while k < end, (48...57).contains(bytes[k]) { k += 1 }
            return k - from
        }
        if bytes[k] == 43 || bytes[k] == 45 { k += 1 }
        var mantissa = digits()
        if k < end, bytes[k] == 46 {
            k += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if k < end, bytes[k] == 101 || bytes[k] == 69 {
            k += 1
            if k < end, bytes[k] == 43 || bytes[k] == 45 { k += 1 }
            guard digits() > 0 else { return false }
        }
        return k == end
    }

    /// `"`.
    static let quote: UInt8 = 34
}
