import Foundation

/// Reads a text file in fixed-size blocks, so that the whole file is never held in memory.
enum BlockFileReader {
    /// Calls `body` with the bytes read so far that it has not yet consumed, once per block
    /// and a last time with `final` true; `body` returns how many leading bytes it consumed
    /// (typically up to the last complete line). Errors name `path`.
    static func read(
        path: String, blockSize: Int, _ body: (_ bytes: [UInt8], _ final: Bool) throws(InputError) -> Int
    ) throws(InputError) {
        try TextFile.checkRegularFile(path, kind: "a text file", maximumBytes: Int.max)
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InputError(file: path, message: "cannot be read") }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        var first = true
        while true {
            let block: Data?
            do {
                block = try handle.read(upToCount: blockSize)
            } catch {
                throw InputError(file: path, message: "cannot be read: \(error.localizedDescription)")
            }
            guard let block, !block.isEmpty else { break }
            pending.append(contentsOf: block)
            if first, pending.count >= 3 || block.count < blockSize {
                first = false
                if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }  // UTF-8 byte order mark
            }
            pending.removeFirst(try body(pending, false))
        }
        _ = try body(pending, true)
    }
}
