/// Encoding of numeric arrays as little-endian blobs, the recording format's array storage.
///
/// Floats keep their exact bit patterns (including NaN payloads), so a round trip is
/// bit-exact. Python reads them with `numpy.frombuffer(blob, "<f4")` (or `"<f8"`, `"u1"`).
enum LittleEndianBlob {
    /// IEEE 754 binary32 values, 4 bytes each, least significant byte first.
    static func encode(_ values: [Float]) -> [UInt8] {
        encodeWords(values.map(\.bitPattern))
    }

    /// IEEE 754 binary64 values, 8 bytes each, least significant byte first.
    static func encode(_ values: [Double]) -> [UInt8] {
        encodeWords(values.map(\.bitPattern))
    }

    /// Float32 values of a blob, or nil when its length is not a multiple of 4.
    static func decodeFloats(_ bytes: [UInt8]) -> [Float]? {
        decodeWords(bytes, as: UInt32.self).map { $0.map(Float.init(bitPattern:)) }
    }

    /// Float64 values of a blob, or nil when its length is not a multiple of 8.
    static func decodeDoubles(_ bytes: [UInt8]) -> [Double]? {
        decodeWords(bytes, as: UInt64.self).map { $0.map(Double.init(bitPattern:)) }
    }

    private static func encodeWords<Word: FixedWidthInteger>(_ words: [Word]) -> [UInt8] {
        let size = MemoryLayout<Word>.size
        var bytes = [UInt8](repeating: 0, count: words.count * size)
        bytes.withUnsafeMutableBytes { buffer in
            for (index, word) in words.enumerated() {
                buffer.storeBytes(of: word.littleEndian, toByteOffset: index * size, as: Word.self)
            }
        }
        return bytes
    }

    private static func decodeWords<Word: FixedWidthInteger>(_ bytes: [UInt8], as: Word.Type) -> [Word]? {
        let size = MemoryLayout<Word>.size
        guard bytes.count % size == 0 else { return nil }
        return bytes.withUnsafeBytes { buffer in
            (0..<bytes.count / size).map {
                Word(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * size, as: Word.self))
            }
        }
    }
}
