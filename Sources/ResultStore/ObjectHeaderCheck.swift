import Foundation

/// Walks the chunks of one object header (version 1, or version 2 `OHDR` with `OCHK`
/// continuations) before libhdf5 reads it: libhdf5 allocates a chunk's length as the header or
/// a continuation message states it, so a file of 100 KB can make it ask for 4 GB. Every chunk
/// must lie inside the file and be at most ``maximumChunkBytes`` long, and every message must
/// lie inside its chunk (Docs/result-store.md#superblock-check).
struct ObjectHeaderCheck {
    /// The file.
    let file: FileBytes
    private var size: Int { file.size }
    private func read(_ offset: Int, _ count: Int) -> [UInt8] { file.read(offset, count) }

    /// The most chunks one header may have (results files have one or two).
    static let maximumChunks = 1024
    /// The longest chunk read (results files' headers are a few kilobytes: large attributes
    /// and many links go to dense storage outside the header).
    static let maximumChunkBytes = 16 << 20
    /// The continuation message's type.
    static let continuation = 0x10

    /// One chunk: where its messages start, how many bytes they may take, and the header version.
    private struct Chunk {
        var start: Int, length: Int, v2: Bool
    }

    /// Nil when the header at `address` is well formed as far as its chunk bounds go, else why not.
    func problem(at address: UInt64) -> String? {
        guard address < UInt64(size) else { return "object header address \(address) is beyond the file's \(size) bytes" }
        let a = Int(address)
        let head = read(a, 64)
        var pending: [Chunk]
        if Self.has(head, 0, "OHDR") {
            guard head.count >= 6, head[4] == 2 else { return "object header version is not 2" }
            let flags = head[5]
            let cursor = 6 + (flags & 0x20 != 0 ? 16 : 0) + (flags & 0x10 != 0 ? 4 : 0)
            let width = 1 << Int(flags & 3)
            guard let length = FileBytes.value(head, cursor, width) else { return "object header cut short" }
            pending = [Chunk(start: a + cursor + width, length: length + 4, v2: true)]  // + the checksum
        } else {
            guard head.count >= 16, head[0] == 1, let length = FileBytes.value(head, 8, 4) else { return "object header is neither version 1 nor 2" }
            pending = [Chunk(start: a + 16, length: length, v2: false)]
        }
        var seen = 0
        while let chunk = pending.popLast() {
            seen += 1
            guard seen <= Self.maximumChunks else { return "more than \(Self.maximumChunks) object-header chunks" }
            guard chunk.length <= Self.maximumChunkBytes else { return "an object-header chunk of \(chunk.length) bytes (at most \(Self.maximumChunkBytes))" }
            guard chunk.start >= 0, chunk.length <= size, chunk.start <= size - chunk.length else {
                return "an object-header chunk of \(chunk.length) bytes at \(chunk.start) runs past the file's \(size) bytes"
            }
            switch continuations(in: read(chunk.start, chunk.length), v2: chunk.v2) {
            case .failure(let failure): return failure.reason
            case .success(let more): pending += more
            }
        }
        return nil
    }

    /// A reason, as an error value.
    private struct Failure: Error {
        let reason: String
    }

    /// The continuation chunks the messages of a chunk's bytes name.
    private func continuations(in bytes: [UInt8], v2: Bool) -> Result<[Chunk], Failure> {
        let end = bytes.count - (v2 ? 4 : 0)  // a v2 chunk ends in its checksum
        let headerSize = v2 ? 4 : 8  // a v2 chunk may end in a gap shorter than a message header
        var cursor = 0
        var found: [Chunk] = []
        while cursor + headerSize <= end {
            let type: Int, length: Int, dataStart: Int
            if v2 {
                type = Int(bytes[cursor])
                length = Int(bytes[cursor + 1]) | Int(bytes[cursor + 2]) << 8
                dataStart = cursor + 4 + (bytes[cursor + 3] & 0x04 != 0 ? 2 : 0)
            } else {
                type = Int(bytes[cursor]) | Int(bytes[cursor + 1]) << 8
                length = Int(bytes[cursor + 2]) | Int(bytes[cursor + 3]) << 8
                dataStart = cursor + 8
            }
            guard dataStart + length <= end else { return .failure(Failure(reason: "an object-header message runs past its chunk")) }
            if type == Self.continuation {
                guard length >= 16, let offset = FileBytes.value(bytes, dataStart, 8), let chunkLength = FileBytes.value(bytes, dataStart + 8, 8) else {
                    return .failure(Failure(reason: "a continuation message cut short"))
                }
                if v2 {
                    guard chunkLength >= 8, offset < size, Self.has(read(offset, 4), 0, "OCHK") else {
                        return .failure(Failure(reason: "a continuation chunk without its signature"))
                    }
                    found.append(Chunk(start: offset + 4, length: chunkLength - 4, v2: true))
                } else {
                    found.append(Chunk(start: offset, length: chunkLength, v2: false))
                }
            }
            cursor = dataStart + length
        }
        return .success(found)
    }

    private static func has(_ bytes: [UInt8], _ offset: Int, _ signature: String) -> Bool {
        let s = Array(signature.utf8)
        return offset >= 0 && offset + s.count <= bytes.count && Array(bytes[offset..<offset + s.count]) == s
    }
}
