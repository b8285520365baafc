/// COCO's compressed RLE string (`spec.md#coco-rle-string`): every run becomes a signed
/// integer (from the fourth run on, its difference from the run two places earlier), written
/// in little-endian 5-bit groups, 0x20 marking "more groups follow", 0x10 of the last group
/// the sign, each group offset by 48 into the characters '0'…'o'.
extension RunLengthMask {
    /// The compressed string of the runs, byte for byte as pycocotools writes it.
    public var compressedString: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(counts.count * 2)
        for i in counts.indices {
            var x = Int64(counts[i])
            if i > 2 { x -= Int64(counts[i - 2]) }
            var more = true
            while more {
                var group = UInt8(truncatingIfNeeded: x & 0x1f)
                x >>= 5
                more = group & 0x10 != 0 ? x != -1 : x != 0
                if more { group |= 0x20 }
                bytes.append(group + 48)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes a compressed string; the runs must be non-negative and add up to `height · width`.
    public init(height: Int, width: Int, compressed: String) throws(Problem) {
        try Self.checkSize(height: height, width: width)
        var counts: [UInt32] = []
        let limit = height * width + 1
        var value: Int64 = 0
        var groups = 0
        for byte in compressed.utf8 {
            guard byte >= 48 && byte <= 111 else {
                throw Problem(description: "character '\(Character(UnicodeScalar(byte)))' is not in the RLE alphabet '0'…'o'")
            }
            let group = Int64(byte - 48)
            guard groups < 6 else { throw Problem(description: "a run needs more than 6 characters (too large)") }
            value |= (group & 0x1f) << (5 * groups)
            groups += 1
            if group & 0x20 != 0 { continue }
            if group & 0x10 != 0 { value |= -1 << (5 * groups) }
            if counts.count > 2 { value += Int64(counts[counts.count - 2]) }
            guard value >= 0, value <= Int64(COCOLimits.maximumPixels) else {
                throw Problem(description: "run \(counts.count + 1) decodes to \(value), outside 0…\(COCOLimits.maximumPixels)")
            }
            guard counts.count < limit else { throw Problem(description: "more than \(limit) runs for \(height)×\(width) pixels") }
            counts.append(UInt32(value))
            value = 0
            groups = 0
        }
        guard groups == 0 else { throw Problem(description: "the string ends inside a run") }
        try self.init(height: height, width: width, counts: counts)
    }
}
