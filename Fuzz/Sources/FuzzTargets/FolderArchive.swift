import Foundation

/// A folder packed into one fuzz input, so the folder readers can be fuzzed: entries of
/// [name length: 1 byte][name][data length: 3 bytes, big-endian][data], one after another.
/// Names are kept to letters, digits, `_`, `-`, `.` and at most one `/` (one level of
/// sub-folders, as Stray's `depth/` and `confidence/`); an entry with another name, or cut off,
/// ends the folder.
enum FolderArchive {
    /// The packed bytes of `files` (name → contents).
    static func pack(_ files: [(name: String, data: Data)]) -> Data {
        var out = Data()
        for (name, data) in files {
            let bytes = Array(name.utf8)
            precondition(bytes.count < 256 && data.count < 1 << 24, "entry too large for the archive")
            out.append(UInt8(bytes.count))
            out.append(contentsOf: bytes)
            out.append(contentsOf: [UInt8(data.count >> 16), UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)])
            out.append(data)
        }
        return out
    }

    /// The packed folder `folder` (its files and those of its sub-folders, sorted), keeping the
    /// files `keep` accepts.
    static func pack(folder: String, keep: (String) -> Bool = { _ in true }) throws -> Data {
        let fm = FileManager.default
        var files: [(String, Data)] = []
        for name in try fm.subpathsOfDirectory(atPath: folder).sorted() where keep(name) {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files.append((name, fm.contents(atPath: folder + "/" + name) ?? Data()))
        }
        return pack(files)
    }

    /// Writes the entries of `data` into `folder`, emptied first.
    static func unpack(_ data: Data, into folder: String) {
        let fm = FileManager.default
        try? fm.removeItem(atPath: folder)
        try? fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bytes = [UInt8](data)
        var k = 0
        while k < bytes.count {
            let length = Int(bytes[k])
            guard k + 1 + length + 3 <= bytes.count else { return }
            let name = String(decoding: bytes[(k + 1)..<(k + 1 + length)], as: UTF8.self)
            let sizeAt = k + 1 + length
            let size = Int(bytes[sizeAt]) << 16 | Int(bytes[sizeAt + 1]) << 8 | Int(bytes[sizeAt + 2])
            let start = sizeAt + 3
            guard start + size <= bytes.count, isSafe(name) else { return }
            if let slash = name.firstIndex(of: "/") {
                try? fm.createDirectory(atPath: folder + "/" + name[..<slash], withIntermediateDirectories: true)
            }
            _ = fm.createFile(atPath: folder + "/" + name, contents: Data(bytes[start..<(start + size)]))
            k = start + size
        }
    }

    /// Whether `name` is a plain file name, or one sub-folder and a file name.
    static func isSafe(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
        }
    }
}
