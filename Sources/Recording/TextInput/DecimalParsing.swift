import Foundation

/// Correctly rounded text-to-double conversion for the numbers of tracking and COCO files.
///
/// One scan reads `[+-]digits[.digits][(e|E)[+-]digits]` as `m · 10^e`; then three routes,
/// each giving the double nearest to the decimal (ties to even), so all agree with `strtod`
/// and with Python's `float(text)` bit for bit:
/// - `m < 2^53` and `|e| ≤ 22`: one exactly representable integer multiplied or divided by
///   an exactly representable power of ten rounds once, correctly (Clinger 1990);
/// - otherwise, at most 19 significant digits and `−27 ≤ e ≤ 19`: exact integer arithmetic
///   on 128 bits (``exactQuotient(_:_:scale:)``), the case of the full-precision floats
///   Python writes;
/// - everything else, and any text the scan does not take: the C library's `strtod`.
enum DecimalParsing {
    /// Parses the bytes `[start, end)`; nil when they are not exactly one number.
    @inline(__always)
    static func parse(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        if let value = exactPath(base + start, count: end - start) { return value }
        return slowPath(base, from: start, to: end)
    }

    /// `[+-]digits[.digits][(e|E)[+-]digits]` with at most 19 significant digits (leading
    /// zeros not counted) and a value `m · 10^e` that Clinger's rule or 128-bit arithmetic
    /// converts exactly; nil for anything else.
    @inline(__always)
    private static func exactPath(_ text: UnsafePointer<UInt8>, count: Int) -> Double? {
        var i = 0
        let negative = text[0] == 45
        if negative || text[0] == 43 { i = 1 }
        let digitsStart = i
        // Leading zeros are not significant; then the integer digits.
        while i < count && text[i] == 48 { i += 1 }
        var mantissa: UInt64 = 0
        let significantStart = i
        while i < count, case let digit = text[i] &- 48, digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i += 1
        }
        var significant = i - significantStart
        var exponent = 0
        var sawDigit = i > digitsStart
        if i < count && text[i] == 46 {
            i += 1
            if significant == 0 {
                while i < count && text[i] == 48 {
                    exponent -= 1
                    i += 1
                    sawDigit = true
                }
            }
            let fractionStart = i
            while i < count, case let digit = text[i] &- 48, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i += 1
            }
            significant += i - fractionStart
            exponent -= i - fractionStart
            sawDigit = sawDigit || i > fractionStart
        }
        guard sawDigit, significant <= 19 else { return nil }
        if i < count && (text[i] == 101 || text[i] == 69) {
            i += 1
            var exponentNegative = false
            if i < count && (text[i] == 43 || text[i] == 45) {
                exponentNegative = text[i] == 45
                i += 1
            }
            var written = 0
            let exponentStart = i
            while i < count, case let digit = text[i] &- 48, digit < 10 {
                if written < 100_000 { written = written * 10 + Int(digit) }
                i += 1
            }
            guard i > exponentStart else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard i == count else { return nil }
        let magnitude: Double
        if mantissa == 0 {
            magnitude = 0
        } else if mantissa < 1 << 53 && exponent >= -22 && exponent <= 22 {
            magnitude = exponent < 0 ? Double(mantissa) / exactPowersOfTen[-exponent] : Double(mantissa) * exactPowersOfTen[exponent]
        } else if exponent >= 0 {
            guard exponent <= 19 else { return nil }
            let product = mantissa.multipliedFullWidth(by: powersOfTen[exponent])
            guard product.high == 0 else { return nil }
            magnitude = Double(product.low)  // correctly rounded
        } else {
            guard exponent >= -27 else { return nil }
            // m · 10^−k = (m / 5^k) · 2^−k
            magnitude = exactQuotient(mantissa, powersOfFive[-exponent], scale: exponent)
        }
        return negative ? -magnitude : magnitude
    }

    /// The double nearest to `numerator / denominator · 2^scale` (ties to even), for
    /// `numerator, denominator ≥ 1` and a result in the normal range (as for every `scale`
    /// from −900 up, with both below 2^64): the quotient is taken
    /// to at least 55 bits in exact 128-bit arithmetic, then rounded once, the remainder
    /// deciding exact halves.
    static func exactQuotient(_ numerator: UInt64, _ denominator: UInt64, scale: Int) -> Double {
        let numeratorBits = UInt64.bitWidth - numerator.leadingZeroBitCount
        let denominatorBits = UInt64.bitWidth - denominator.leadingZeroBitCount
        // numerator · 2^shift / denominator lies in (2^54, 2^56) when shift > 0, at or above 2^54 otherwise.
        let shift = max(0, 55 - numeratorBits + denominatorBits)
        let dividend: (high: UInt64, low: UInt64)
        if shift == 0 {
            dividend = (0, numerator)
        } else if shift < 64 {
            dividend = (numerator >> (64 - shift), numerator << shift)
        } else {
            dividend = (numerator << (shift - 64), 0)
        }
        let (quotient, remainder) = denominator.dividingFullWidth(dividend)
        var dropped = UInt64.bitWidth - quotient.leadingZeroBitCount - 53
        var significand = quotient >> dropped
        let rest = quotient & ((1 << dropped) - 1), half: UInt64 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) {
            significand += 1
            if significand == 1 << 53 {
                significand >>= 1
                dropped += 1
            }
        }
        // significand · 2^(dropped − shift + scale), significand in [2^52, 2^53): a normal double's bits.
        let biased = UInt64(truncatingIfNeeded: dropped - shift + scale + 52 + 1023)
        return Double(bitPattern: biased << 52 | significand & (1 << 52 - 1))
    }

    // Written out, so that reading them needs no lazy initialisation.

    /// 10^0 … 10^22, all exactly representable.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// 10^0 … 10^19, all below 2^64.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// 5^0 … 5^27, all below 2^63.
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625, 1220703125, 6103515625,
        30517578125, 152587890625, 762939453125, 3814697265625, 19073486328125, 95367431640625, 476837158203125,
        2384185791015625, 11920928955078125, 59604644775390625, 298023223876953125, 1490116119384765625,
        7450580596923828125,
    ]

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
