import Foundation

/// Correctly rounded text-to-double conversion for the numbers found in tracking files.
///
/// Plain decimals with at most 15 digits take an exact fast path (Clinger 1990: an exactly representable integer divided by an
/// exactly representable power of ten rounds once, correctly). Everything else goes to
/// the C library's `strtod`, which is also correctly rounded. Both agree with Python's
/// `float(text)` bit for bit.
enum DecimalParsing {
    /// Parses the bytes `[start, end)`; nil when they are not exactly one number.
    @inline(__always)
    static func parse(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        if let value = fastPath(base + start, count: end - start) { return value }
        return slowPath(base, from: start, to: end)
    }

    /// `[+-]digits[.digits]` with at most 15 digits in all (leading zeros included);
    /// nil for anything else.
    @inline(__always)
    private static func fastPath(_ text: UnsafePointer<UInt8>, count: Int) -> Double? {
        var i = 0
        let negative = text[0] == 45
        if negative || text[0] == 43 { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        while i < count, case let digit = text[i] &- 48, digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digits += 1
            i += 1
        }
        var fractionDigits = 0
        if i < count && text[i] == 46 {
            i += 1
            while i < count, case let digit = text[i] &- 48, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                fractionDigits += 1
                i += 1
            }
        }
        guard i == count, digits + fractionDigits > 0, digits + fractionDigits <= 15 else { return nil }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= powerOfTen(fractionDigits) }
        return negative ? -value : value
    }

    /// 10^exponent for 1 ≤ exponent ≤ 15, exactly representable.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }

    private static func slowPath(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        let text = [UInt8](UnsafeBufferPointer(start: base + start, count: end - start)) + [0]
        return text.withUnsafeBufferPointer { buffer -> Double? in
            let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var parsedEnd: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer, &parsedEnd)
            guard let parsedEnd, UnsafeRawPointer(parsedEnd) - UnsafeRawPointer(pointer) == end - start else {
                return nil
            }
            return value
        }
    }
}
