#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An HDF5 results file, either being written (atomically) or opened read-only.
///
/// A written file lives under a temporary sibling name until `commit()` closes
/// it and renames it into place, so the final path only ever holds a complete
/// file. Groups obtained from the file keep it alive.
public final class ResultFile {
    /// The final path of the file (for a file being written, where `commit()` puts it).
    public let path: String
    /// Path of the temporary file holding the data until `commit()`; `nil` when read-only.
    let temporaryPath: String?
    let id: HID
    /// Whether the HDF5 file is still open (false after `commit()`).
    private(set) var isOpen = true
    private var committed = false
    /// The size in bytes of a file opened read-only (`Int.max` for a file being written): a
    /// dataset read from it is bounded by it, so a damaged extent cannot size an allocation
    /// (`spec.md#limits-results-files`).
    let fileBytes: Int

    private init(path: String, temporaryPath: String?, id: HID) {
        self.path = path
        self.temporaryPath = temporaryPath
        self.id = id
        if temporaryPath == nil {
            var status = stat()
            fileBytes = stat(path, &status) == 0 ? Int(status.st_size) : 0
        } else {
            fileBytes = .max
        }
    }

    /// The most elements a dataset of `elementBytes`-byte elements may declare: an unfiltered
    /// dataset stores every element in the file, so at most the file's size over the element
    /// size; a filtered (compressed) one at most 1,100 elements per byte of file (deflate
    /// expands about a thousandfold at most); never more than 2^34.
    func elementLimit(elementBytes: Int, filtered: Bool) -> Int {
        guard fileBytes != .max else { return .max }
        let limit = filtered ? fileBytes.multipliedReportingOverflow(by: 1_100).partialValue : fileBytes / max(1, elementBytes)
        return min(limit, 1 << 34)
    }

    /// The number of elements of `shape`, checked against ``elementLimit(elementBytes:filtered:)``
    /// without overflow.
    /// - Throws: `ResultStoreError.tooLarge` naming `name`.
    func checkedCount(_ shape: [Int], name: String, elementBytes: Int, filtered: Bool) throws -> Int {
        let limit = elementLimit(elementBytes: elementBytes, filtered: filtered)
        var count = 1
        for extent in shape {
            let (product, overflow) = count.multipliedReportingOverflow(by: extent)
            guard !overflow, extent >= 0, product <= limit else {
                throw ResultStoreError.tooLarge(name: name, shape: shape, limit: limit)
            }
            count = product
        }
        return count
    }

    /// Creates a new results file.
    ///
    /// Data goes to a temporary sibling `"<name>.tmp-<pid>-<random>"`; `commit()`
    /// closes it and renames it into place atomically, replacing any existing file.
    /// If the object is released without `commit()` (for example because an error
    /// was thrown), the temporary file is deleted: no partial output is ever left
    /// under the final name.
    /// - Throws: `HDF5Error` if the temporary file cannot be created.
    public static func create(atPath path: String) throws -> ResultFile {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary = "\(path).tmp-\(getpid())-\(random)"
        let id = try HDF5.locked("create file", temporary) { try $0.createFile(temporary) }
        return ResultFile(path: path, temporaryPath: temporary, id: id)
    }

    /// Opens an existing results file read-only.
    /// - Throws: `HDF5Error` naming `path` if it is missing or not an HDF5 file.
    ///   `HDF5FileRejected` when its superblock points outside the file (checked before libhdf5 reads it).
    public static func open(atPath path: String) throws -> ResultFile {
        try SuperblockCheck.check(path)
        let id = try HDF5.locked("open file", path) { try $0.openFileReadOnly(path) }
        return ResultFile(path: path, temporaryPath: nil, id: id)
    }

    /// The root group `/`.
    public var root: ResultGroup {
        ResultGroup(file: self, id: id, ownsID: false, objectPath: "/")
    }

    /// Whether this file was opened read-only.
    public var isReadOnly: Bool { temporaryPath == nil }

    /// Closes the file, flushes it to disk and renames it to `path`.
    ///
    /// Groups still referencing the file become unusable (their operations throw
    /// `ResultStoreError.fileClosed`). On failure the temporary file is removed.
    /// - Throws: `ResultStoreError.notWritable` for read-only files,
    ///   `ResultStoreError.fileClosed` if already committed, `HDF5Error` if closing
    ///   fails, `ResultStoreError.fileSystem` if syncing or renaming fails.
    public func commit() throws {
        guard let temporary = temporaryPath else { throw ResultStoreError.notWritable(path: path) }
        guard isOpen else { throw ResultStoreError.fileClosed(path: path) }
        isOpen = false
        do {
            try HDF5.locked("close file", temporary) { try $0.closeFile(id) }
            try Self.sync(temporary)
            if rename(temporary, path) != 0 {
                throw ResultStoreError.fileSystem(operation: "rename to \(path)", path: temporary, errno: errno)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        committed = true
    }

    /// Forces the file's data to stable storage before it is renamed.
    private static func sync(_ path: String) throws {
        #if canImport(Glibc)
        let fd = Glibc.open(path, O_RDONLY)
        #else
        let fd = Darwin.open(path, O_RDONLY)
        #endif
        guard fd >= 0 else { throw ResultStoreError.fileSystem(operation: "open for sync", path: path, errno: errno) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw ResultStoreError.fileSystem(operation: "fsync", path: path, errno: errno) }
    }

    /// Closes the file if still open and deletes an uncommitted temporary file.
    deinit {
        if isOpen {
            let id = self.id
            HDF5.lockedIgnoringErrors { try $0.closeFile(id) }
        }
        if let temporary = temporaryPath, !committed {
            unlink(temporary)
        }
    }
}
