import Foundation

/// Reads a text file in fixed-size blocks, so that the whole file is never held in memory.
enum BlockFileReader {
    /// Calls `body` with the bytes read so far that it has not yet consumed, once per block
    /// and a last time with `final` true; `body` returns how many leading bytes it consumed
    /// (typically up to the last complete line). Errors name `path`.
    static func read(
        path: String, blockSize: Int, _ body: (_ bytes: [UInt8], _ final: Bool) throws(InputError) -> Int
    ) throws(InputError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw InputError(file: path, message: exists ? "cannot be read" : "no such file")
        }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        while true {
            let block: Data?
            do {
                block = try handle.read(upToCount: blockSize)
            } catch {
                throw InputError(file: path, message: "cannot be read: \(error.localizedDescription)")
            }
            guard let block, !block.isEmpty else { break }
            pending.append(contentsOf: block)
            pending.removeFirst(try body(pending, false))
        }
        _ = try body(pending, true)
    }
}
