#if canImport(Glibc)
internal import Glibc
#endif
import Foundation

/// A file refused before libhdf5 reads it, because its superblock points outside the file or
/// uses a layout results files never have (Docs/result-store.md#superblock-check).
public struct HDF5FileRejected: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's path.
    public var path: String
    /// What is wrong, in a few words.
    public var reason: String
    /// "PATH: cannot be read as HDF5 results: REASON".
    public var description: String { "\(path): cannot be read as HDF5 results: \(reason)" }
}

/// Checks the superblock of a file before it is handed to libhdf5, whose own reader trusts
/// the superblock's addresses and can allocate gigabytes for a 61-byte file.
enum SuperblockCheck {
    static let signature: [UInt8] = [0x89, 0x48, 0x44, 0x46, 0x0D, 0x0A, 0x1A, 0x0A]
    static let undefined = UInt64.max

    /// Throws ``HDF5FileRejected`` unless `path` is a regular file without an HDF5 signature
    /// anywhere libhdf5 looks (left to libhdf5's own error) or one starting with an HDF5
    /// superblock (version 0 to 3, 8-byte offsets and lengths, base address 0, no driver
    /// information block) whose end-of-file address and other addresses lie within the file,
    /// whose root group's object header has every chunk inside the file (``ObjectHeaderCheck``),
    /// and whose global heap collections hold their objects (``GlobalHeapCheck``).
    static func check(_ path: String) throws {
        func reject(_ reason: String) -> HDF5FileRejected { HDF5FileRejected(path: path, reason: reason) }
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // missing: libhdf5's own error names it
        guard status.st_mode & S_IFMT == S_IFREG else { throw reject("not a regular file") }
        let size = UInt64(status.st_size)
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 128)) ?? Data())
        guard head.count >= 8, Array(head[0..<8]) == signature else {
            // libhdf5 also looks for the superblock at 512, 1024, 2048, … (after a user block),
            // where this check would not see it: refuse those; a file without any signature is
            // left to libhdf5, whose error says it is not HDF5.
            var offset: UInt64 = 512
            while offset + 8 <= size {
                try? handle.seek(toOffset: offset)
                if let bytes = try? handle.read(upToCount: 8), [UInt8](bytes) == signature { throw reject("a user block before the superblock") }
                offset *= 2
            }
            return
        }
        guard head.count >= 48 else { throw reject("superblock cut short") }
        func u64(_ offset: Int) -> UInt64 {
            head[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        func within(_ address: UInt64, _ name: String) throws {
            guard address == undefined || address < size else { throw reject("\(name) address \(address) is beyond the file's \(size) bytes") }
        }
        let version = head[8]
        let addresses: Int
        switch version {
        case 0, 1:
            addresses = version == 0 ? 24 : 28
            guard head.count >= addresses + 48 else { throw reject("superblock cut short") }
            guard head[13] == 8, head[14] == 8 else { throw reject("offsets of \(head[13]) and lengths of \(head[14]) bytes (results files use 8)") }
            let leafK = UInt16(head[16]) | UInt16(head[17]) << 8, internalK = UInt16(head[18]) | UInt16(head[19]) << 8
            guard leafK > 0, internalK > 0 else { throw reject("a B-tree rank of 0") }
            guard u64(addresses + 24) == undefined else { throw reject("a driver information block (results files have none)") }
            try within(u64(addresses + 8), "free-space")
        case 2, 3:
            addresses = 12
            guard head[9] == 8, head[10] == 8 else { throw reject("offsets of \(head[9]) and lengths of \(head[10]) bytes (results files use 8)") }
            try within(u64(addresses + 8), "superblock extension")
            try within(u64(addresses + 24), "root group")
        default:
            throw reject("superblock version \(version)")
        }
        guard u64(addresses) == 0 else { throw reject("a base address other than 0") }
        let end = u64(addresses + 16)
        guard end != undefined, end <= size else { throw reject("end-of-file address \(end) is beyond the file's \(size) bytes") }
        // The root group's object header: in the root symbol-table entry (versions 0 and 1,
        // after its link-name offset), or the superblock's root address (versions 2 and 3).
        let root = version <= 1 ? u64(addresses + 40) : u64(addresses + 24)
        let bytes = FileBytes(size: Int(size), handle: handle)
        if let problem = ObjectHeaderCheck(file: bytes).problem(at: root) { throw reject("root group: \(problem)") }
        if let problem = GlobalHeapCheck(file: bytes).problem() { throw reject(problem) }
    }
}
