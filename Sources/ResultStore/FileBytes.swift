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

    /// Fills the front of `buffer` with the bytes at `offset` (as many as fit and the file
    /// holds) and returns how many it read: a scan of a whole file reuses one buffer instead
    /// of allocating and copying each window twice (`pread` on the open file).
    func read(_ offset: Int, into buffer: inout [UInt8]) -> Int {
        guard offset >= 0, offset < size else { return 0 }
        let want = min(buffer.count, size - offset)
        let fd = handle.fileDescriptor
        return buffer.withUnsafeMutableBytes { b in
            var done = 0
            while done < want {
                let n = pread(fd, b.baseAddress! + done, want - done, off_t(offset + done))
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            return done
        }
    }

    /// The little-endian unsigned value of `width` bytes at `offset` of `bytes`; nil past the
    /// end or above `Int.max`.
    static func value(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int? {
        guard offset >= 0, offset + width <= bytes.count else { return nil }
        let v = bytes[offset..<offset + width].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return v <= UInt64(Int.max) ? Int(v) : nil
    }

    /// The offsets of `pattern` (not empty) in `b`, ascending.
    /// Candidates are found with `memchr` (the C library's vectorised byte search) on the
    /// pattern's first byte, then compared whole.
    static func occurrences(of pattern: [UInt8], in b: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let first = pattern.first, b.count >= pattern.count, let base = b.baseAddress else { return [] }
        var found: [Int] = []
        let last = b.count - pattern.count
        var i = 0
        while i <= last, let hit = memchr(base + i, Int32(first), last - i + 1) {
            let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if pattern.indices.allSatisfy({ b[k + $0] == pattern[$0] }) { found.append(k) }
            i = k + 1
        }
        return found
    }
}
