import EvalNumerics
import Foundation
@testable import Recording
import Testing

@Suite("Decimal parsing")
struct DecimalParsingTests {
    /// What `strtod` reads from the whole of `text`, nil when it stops early.
    private func reference(_ text: String) -> Double? {
        text.withCString { pointer in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer, &end)
            return end.map { $0 - UnsafeMutablePointer(mutating: pointer) } == text.utf8.count ? value : nil
        }
    }

    private func parsed(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { DecimalParsing.parse($0.baseAddress!, from: 0, to: bytes.count) }
    }

    private func expectSameAsStrtod(_ text: String) {
        #expect(parsed(text)?.bitPattern == reference(text)?.bitPattern, "\(text)")
    }

    @Test("exact halves round to even; 19 digits, exponents and the limits of the exact path")
    func edgeCases() {
        for text in ["0", "-0", "-0.0", "0.1", "0.30000000000000004", "9007199254740993", "9007199254740995",
                     "4503599627370496.5", "4503599627370497.5", "-4503599627370497.5", "9999999999999999999",
                     "18446744073709551615", "18446744073709551616", "0.9999999999999999999", "1e-27", "1e-28",
                     "1.2345678901234567e-10", "12345678901234567e-27", "1234567890123456789e-27",
                     "1234567890123456789e19", "1e19", "1.5e19", "2.2250738585072014e-308", "5e-324",
                     "1.7976931348623157e308", "123456789012345678901234", "0.000000000000000000000000001",
                     "0.4146558493556708", "377.31645263098756", "+1.25", "1.", ".5", "1e", "1e+", "e5", "-", "1.2.3",
                     "0.1e1", "100e-2", "0.0000000000000000000000000000000001234", "1E5", "7.0e-10"] {
            expectSameAsStrtod(text)
        }
        #expect(parsed("4503599627370496.5") == 4503599627370496)
        #expect(parsed("4503599627370497.5") == 4503599627370498)
    }

    @Test("the double strtod gives, for full-precision floats and random digit strings")
    func randomNumbers() {
        var random = SplitMix64(seed: 20261204)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)  // finite, positive, any exponent
            let unit = Double(random.next() >> 11) / Double(1 << 53) * 1000
            for text in ["\(value)", "\(unit)", String(format: "%.17g", unit), String(format: "%.16g", unit),
                         String(format: "%.19e", unit), String(format: "%.18g", value)] {
                expectSameAsStrtod(text)
            }
            let digits = String(random.next() % 10_000_000_000_000_000_000)
            let exponent = Int(random.next() % 60) - 40
            expectSameAsStrtod("\(digits)e\(exponent)")
            expectSameAsStrtod("0.\(digits)")
        }
    }
}
