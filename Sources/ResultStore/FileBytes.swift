import Foundation

/// Bounded reads of a file being checked before libhdf5 opens it (``SuperblockCheck``,
/// ``ObjectHeaderCheck``, ``GlobalHeapCheck``).
struct FileBytes {
    /// The file's size in bytes.
    let size: Int
    /// The open file.
    let handle: FileHandle

    /// Up to `count` bytes at `offset` (fewer at the end of the file, none past it).
    func read(_ offset: Int, _ count: Int) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        try? handle.seek(toOffset: UInt64(offset))
        return [UInt8]((try? handle.read(upToCount: min(count, size - offset))) ?? Data())
    }

    /// The little-endian unsigned value of `width` bytes at `offset` of `bytes`; nil past the
    /// end or above `Int.max`.
    static func value(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int? {
        guard offset >= 0, offset + width <= bytes.count else { return nil }
        let v = bytes[offset..<offset + width].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return v <= UInt64(Int.max) ? Int(v) : nil
    }

    /// The offsets of `pattern` (not empty) in `bytes`, ascending.
    /// Candidates are found with `memchr` (the C library's vectorised byte search) on the
    /// pattern's first byte, then compared whole.
    static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = pattern.first, bytes.count >= pattern.count else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            let last = b.count - pattern.count
            var i = 0
            while i <= last, let hit = memchr(base + i, Int32(first), last - i + 1) {
                let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if pattern.indices.allSatisfy({ b[k + $0] == pattern[$0] }) { found.append(k) }
                i = k + 1
            }
        }
        return found
    }
}
