/// A group in a results file: holds datasets, subgroups and attributes.
///
/// Obtained from `ResultFile.root` or `createGroup`/`openGroup`. A group keeps
/// its file alive; it becomes unusable once the file is committed.
public final class ResultGroup {
    /// The file this group belongs to.
    public let file: ResultFile
    /// The HDF5 path of this group, e.g. `/` or `/metrics/run1`.
    public let objectPath: String
    let id: HID
    private let ownsID: Bool

    init(file: ResultFile, id: HID, ownsID: Bool, objectPath: String) {
        self.file = file
        self.id = id
        self.ownsID = ownsID
        self.objectPath = objectPath
    }

    /// Closes the group (unless the file, which closes its objects, already has).
    deinit {
        if ownsID && file.isOpen {
            let id = self.id
            HDF5.lockedIgnoringErrors { $0.closeObject(id) }
        }
    }

    /// HDF5 path of a direct member of this group.
    func childPath(_ name: String) -> String {
        objectPath == "/" ? "/\(name)" : "\(objectPath)/\(name)"
    }

    /// Runs HDF5 calls for `operation` on member `name` (or the group itself).
    func run<R: Sendable>(
        _ operation: String, _ name: String? = nil, _ body: (HDF5Session) throws -> R
    ) throws -> R {
        guard file.isOpen else { throw ResultStoreError.fileClosed(path: file.path) }
        let object = name.map(childPath) ?? objectPath
        return try HDF5.locked(operation, "\(file.path):\(object)", body)
    }

    /// Creates a subgroup called `name`.
    /// - Throws: `HDF5Error` if a member with that name already exists.
    public func createGroup(_ name: String) throws -> ResultGroup {
        let child = try run("create group", name) { try $0.createGroup(id, name) }
        return ResultGroup(file: file, id: child, ownsID: true, objectPath: childPath(name))
    }

    /// Opens the existing subgroup called `name`.
    /// - Throws: `HDF5Error` if there is no such group.
    public func openGroup(_ name: String) throws -> ResultGroup {
        let child = try run("open group", name) { try $0.openGroup(id, name) }
        return ResultGroup(file: file, id: child, ownsID: true, objectPath: childPath(name))
    }

    /// Names of the links (datasets and groups) in this group, sorted.
    public func memberNames() throws -> [String] {
        try run("list members") { try $0.linkNames(id) }.sorted()
    }

    /// Whether this group has a member (dataset or group) called `name`.
    public func contains(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        return (try? run("check member", name) { try $0.linkExists(id, name) }) ?? false
    }
}
