import Foundation

/// Correctly rounded text-to-double conversion for the numbers found in tracking files.
///
/// Plain decimals with at most 15 significant digits and at most 22 fraction digits take
/// an exact fast path (Clinger 1990: an exactly representable integer divided by an
/// exactly representable power of ten rounds once, correctly). Everything else goes to
/// the C library's `strtod`, which is also correctly rounded. Both agree with Python's
/// `float(text)` bit for bit.
enum DecimalParsing {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses the bytes `[start, end)`; nil when they are not exactly one number.
    static func parse(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        if let value = fastPath(base, from: start, to: end) { return value }
        return slowPath(base, from: start, to: end)
    }

    private static func fastPath(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var i = start
        var negative = false
        if base[i] == 45 || base[i] == 43 {  // '-' or '+'
            negative = base[i] == 45
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        var sawDigit = false
        while i < end {
            let byte = base[i]
            if byte >= 48 && byte <= 57 {
                sawDigit = true
                if mantissa != 0 || byte != 48 { digits += 1 }
                if digits > 15 { return nil }
                mantissa = mantissa &* 10 &+ UInt64(byte - 48)
                if sawPoint { fractionDigits += 1 }
            } else if byte == 46 && !sawPoint {  // '.'
                sawPoint = true
            } else {
                return nil
            }
            i += 1
        }
        guard sawDigit, fractionDigits <= 22 else { return nil }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= powersOfTen[fractionDigits] }
        return negative ? -value : value
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
