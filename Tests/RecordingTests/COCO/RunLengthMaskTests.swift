import Foundation
import Recording
import Testing

/// Expected strings were produced by pycocotools 2.0.11 (`mask.encode` of the same bitmaps).
@Suite("COCO run-length masks")
struct RunLengthMaskTests {
    /// A 4×5 mask with its first pixel set and a 2×2 block at rows 1–2, columns 2–3.
    private func sample() throws -> RunLengthMask {
        var pixels = [Bool](repeating: false, count: 20)
        pixels[0] = true
        for x in 2...3 { for y in 1...2 { pixels[x * 4 + y] = true } }
        return try RunLengthMask(height: 4, width: 5, columnMajor: pixels)
    }

    @Test("column order, a foreground first pixel (run 0 first), strings as pycocotools writes them")
    func encodes() throws {
        let mask = try sample()
        #expect(mask.counts == [0, 1, 8, 2, 2, 2, 5])
        #expect(mask.compressedString == "0181J03")
        #expect(mask.area == 5)
        #expect(try RunLengthMask(height: 3, width: 3, columnMajor: [Bool](repeating: false, count: 9)).compressedString == "9")
        #expect(try RunLengthMask(height: 3, width: 3, columnMajor: [Bool](repeating: true, count: 9)).compressedString == "09")
    }

    @Test("decode(encode(m)) = m, long runs use the difference coding")
    func roundTrips() throws {
        var pixels = [Bool](repeating: false, count: 200 * 300)
        for x in 5..<295 { for y in 10..<190 where !(100..<110).contains(x) || !(50..<60).contains(y) { pixels[x * 200 + y] = true } }
        let mask = try RunLengthMask(height: 200, width: 300, columnMajor: pixels)
        #expect(mask.area == 52100)
        let decoded = try RunLengthMask(height: 200, width: 300, compressed: mask.compressedString)
        #expect(decoded == mask)
        #expect(decoded.columnMajorPixels == pixels)
        #expect(mask.compressedString.hasPrefix("bo0d5d000"))
    }

    @Test("invalid masks are rejected: wrong sum, bad characters, truncated runs, absurd sizes")
    func rejects() {
        #expect(throws: RunLengthMask.Problem.self) { try RunLengthMask(height: 2, width: 2, counts: [1, 2]) }
        #expect(throws: RunLengthMask.Problem.self) { try RunLengthMask(height: 2, width: 2, compressed: "4z") }
        #expect(throws: RunLengthMask.Problem.self) { try RunLengthMask(height: 2, width: 2, compressed: "P") }
        #expect(throws: RunLengthMask.Problem.self) { try RunLengthMask(height: 0, width: 2, counts: []) }
        #expect(throws: RunLengthMask.Problem.self) { try RunLengthMask(height: 1 << 20, width: 1 << 20, counts: []) }
        #expect(throws: RunLengthMask.Problem.self) { try RunLengthMask(height: 2, width: 2, compressed: "4444444") }
    }
}
