// The only file that talks to the HDF5 C library. Every call happens inside
// `HDF5.locked`, which holds one process-wide mutex, silences HDF5's automatic
// error printing for the calling thread, and hands the body an `HDF5Session`.
// Session methods assume the lock is held; each checks its C result with
// `check`, which captures the HDF5 error stack immediately after the failure.
//
// Discipline: objects with a closing `deinit` (ResultFile, ResultGroup) are
// never released inside a locked body (the mutex is not re-entrant), so locked
// bodies return plain ids and values; Swift handle objects are built outside.
internal import CHDF5
import Synchronization

/// An HDF5 identifier (`hid_t`); never exposed publicly.
typealias HID = hid_t

/// The single lock serializing every HDF5 call in the process.
private let hdf5Lock = Mutex<Void>(())

/// Result of the one-time `H5open()`; Swift initializes globals lazily and exactly once.
private let libraryOpenStatus: herr_t = H5open()

/// What the caller was doing, used to label errors.
struct CallSite: Sendable {
    var operation: String
    var path: String
}

enum HDF5 {
    /// Runs `body` while holding the global HDF5 lock, with error printing silenced.
    static func locked<R: Sendable>(
        _ operation: String, _ path: String, _ body: (HDF5Session) throws -> R
    ) throws -> R {
        try hdf5Lock.withLock { _ throws -> R in
            let session = HDF5Session(site: CallSite(operation: operation, path: path))
            try session.check(libraryOpenStatus)
            // Silencing is per thread in thread-safe builds, so re-apply every time.
            try session.check(H5Eset_auto2(chdf5_e_default(), nil, nil))
            return try body(session)
        }
    }

    /// Best-effort variant for `deinit`: errors are discarded.
    static func lockedIgnoringErrors(_ body: (HDF5Session) throws -> Void) {
        _ = try? locked("close", "", body)
    }
}

/// Capability to call HDF5; only created inside `HDF5.locked`.
struct HDF5Session {
    let site: CallSite

    /// The single status-check helper: negative results become an `HDF5Error`.
    @discardableResult
    func check<T: BinaryInteger>(_ result: T) throws(HDF5Error) -> T {
        if result < 0 { throw captureError() }
        return result
    }

    private func captureError() -> HDF5Error {
        var error = HDF5Error(operation: site.operation, path: site.path, frames: [])
        let stack = H5Eget_current_stack()
        guard stack >= 0 else { return error }
        defer { _ = H5Eclose_stack(stack) }
        let box = FrameBox()
        _ = H5Ewalk2(stack, H5E_WALK_DOWNWARD, { _, entry, context in
            guard let entry, let context else { return 0 }
            let box = Unmanaged<FrameBox>.fromOpaque(context).takeUnretainedValue()
            let e = entry.pointee
            box.frames.append(HDF5Error.Frame(
                function: e.func_name.map { String(cString: $0) } ?? "?",
                description: e.desc.map { String(cString: $0) } ?? "",
                major: errorMessage(e.maj_num),
                minor: errorMessage(e.min_num)))
            return 0
        }, Unmanaged.passUnretained(box).toOpaque())
        error.frames = box.frames
        return error
    }

    // MARK: Files

    /// Creates (exclusively) a file whose open objects all close with it.
    func createFile(_ path: String) throws -> HID {
        let fapl = try check(H5Pcreate(chdf5_p_file_access()))
        defer { _ = H5Pclose(fapl) }
        try check(H5Pset_fclose_degree(fapl, H5F_CLOSE_STRONG))
        return try check(H5Fcreate(path, chdf5_acc_excl(), chdf5_p_default(), fapl))
    }

    /// Opens a file for reading without HDF5's advisory lock: results files only ever appear
    /// complete (written under a temporary name, then renamed), so readers need no lock, and
    /// one could be refused while a child process spawned on another thread still holds a
    /// copy of a just-closed writer's descriptor (and with it the writer's lock).
    func openFileReadOnly(_ path: String) throws -> HID {
        let fapl = try check(H5Pcreate(chdf5_p_file_access()))
        defer { _ = H5Pclose(fapl) }
        try check(H5Pset_fclose_degree(fapl, H5F_CLOSE_STRONG))
        try check(H5Pset_file_locking(fapl, false, true))
        return try check(H5Fopen(path, chdf5_acc_rdonly(), fapl))
    }

    func closeFile(_ id: HID) throws { try check(H5Fclose(id)) }

    /// Closes a group or dataset id (best effort: used in `defer` and `deinit`).
    func closeObject(_ id: HID) { _ = H5Oclose(id) }

    /// Removes the link `name` (used to undo a dataset whose data could not be written).
    func deleteLink(_ loc: HID, _ name: String) { _ = H5Ldelete(loc, name, chdf5_p_default()) }

    // MARK: Links and groups

    func createGroup(_ loc: HID, _ name: String) throws -> HID {
        let lcpl = try linkCreationList()
        defer { _ = H5Pclose(lcpl) }
        let gcpl = try check(H5Pcreate(chdf5_p_group_create()))
        defer { _ = H5Pclose(gcpl) }
        try check(H5Pset_obj_track_times(gcpl, false))
        return try check(H5Gcreate2(loc, name, lcpl, gcpl, chdf5_p_default()))
    }

    func openGroup(_ loc: HID, _ name: String) throws -> HID {
        try check(H5Gopen2(loc, name, chdf5_p_default()))
    }

    func linkExists(_ loc: HID, _ name: String) throws -> Bool {
        try check(H5Lexists(loc, name, chdf5_p_default())) > 0
    }

    func linkNames(_ loc: HID) throws -> [String] {
        let box = NameBox()
        try check(H5Literate(loc, H5_INDEX_NAME, H5_ITER_INC, nil, { _, name, _, context in
            guard let name, let context else { return -1 }
            Unmanaged<NameBox>.fromOpaque(context).takeUnretainedValue().names.append(String(cString: name))
            return 0
        }, Unmanaged.passUnretained(box).toOpaque()))
        return box.names
    }

    /// Whether the object linked as `name` is a group, a dataset or something else.
    /// Read from the object's header without opening the object (`chdf5_object_type`).
    func objectKind(_ loc: HID, _ name: String) throws -> ResultGroup.MemberKind {
        var type: Int32 = -1
        try check(chdf5_object_type(loc, name, &type))
        switch type {
        case Int32(H5O_TYPE_GROUP.rawValue): return .group
        case Int32(H5O_TYPE_DATASET.rawValue): return .dataset
        default: return .other
        }
    }

    /// Whether the object `loc` has an attribute called `name`.
    func attributeExists(_ loc: HID, _ name: String) throws -> Bool {
        try check(H5Aexists(loc, name)) > 0
    }

    /// Link creation list marking names as UTF-8; caller closes it.
    private func linkCreationList() throws -> HID {
        let lcpl = try check(H5Pcreate(chdf5_p_link_create()))
        do { try check(H5Pset_char_encoding(lcpl, H5T_CSET_UTF8)) } catch { _ = H5Pclose(lcpl); throw error }
        return lcpl
    }

    // MARK: Datasets

    /// Creates a contiguous dataset with C-order `dims`; caller closes it.
    func createDataset(_ loc: HID, _ name: String, type: HID, dims: [Int]) throws -> HID {
        let space = try simpleSpace(dims)
        defer { _ = H5Sclose(space) }
        let lcpl = try linkCreationList()
        defer { _ = H5Pclose(lcpl) }
        let dcpl = try check(H5Pcreate(chdf5_p_dataset_create()))
        defer { _ = H5Pclose(dcpl) }
        try check(H5Pset_obj_track_times(dcpl, false))
        return try check(H5Dcreate2(loc, name, type, space, lcpl, dcpl, chdf5_p_default()))
    }

    func openDataset(_ loc: HID, _ name: String) throws -> HID {
        try check(H5Dopen2(loc, name, chdf5_p_default()))
    }

    /// Writes the whole dataset from `buffer` (one `H5Dwrite`).
    func writeDataset(_ dataset: HID, memType: HID, _ buffer: UnsafeRawPointer) throws {
        try check(H5Dwrite(dataset, memType, chdf5_s_all(), chdf5_s_all(), chdf5_p_default(), buffer))
    }

    func readDataset(_ dataset: HID, memType: HID, _ buffer: UnsafeMutableRawPointer) throws {
        try check(H5Dread(dataset, memType, chdf5_s_all(), chdf5_s_all(), chdf5_p_default(), buffer))
    }

    /// Writes the hyperslab `start`/`count` of the dataset (C order) from `buffer`, which holds
    /// exactly the product of `count` elements of `memType`.
    func writeDataset(_ dataset: HID, memType: HID, _ buffer: UnsafeRawPointer, start: [Int], count: [Int]) throws {
        try withHyperslab(dataset, start: start, count: count) { memory, file in
            try check(H5Dwrite(dataset, memType, memory, file, chdf5_p_default(), buffer))
        }
    }

    /// Reads the hyperslab `start`/`count` of the dataset (C order) into `buffer`, which has
    /// room for exactly the product of `count` elements of `memType`.
    func readDataset(_ dataset: HID, memType: HID, _ buffer: UnsafeMutableRawPointer, start: [Int], count: [Int]) throws {
        try withHyperslab(dataset, start: start, count: count) { memory, file in
            try check(H5Dread(dataset, memType, memory, file, chdf5_p_default(), buffer))
        }
    }

    /// Runs `body` with a one-dimensional memory space of the hyperslab's element count and the
    /// dataset's file space with the hyperslab selected.
    private func withHyperslab(_ dataset: HID, start: [Int], count: [Int], _ body: (HID, HID) throws -> Void) throws {
        let file = try datasetSpace(dataset)
        defer { closeSpace(file) }
        let (first, extent) = (start.map { hsize_t($0) }, count.map { hsize_t($0) })
        try check(H5Sselect_hyperslab(file, H5S_SELECT_SET, first, nil, extent, nil))
        let memory = try simpleSpace([count.reduce(1, *)])
        defer { closeSpace(memory) }
        try body(memory, file)
    }

    /// Dataset's file datatype; caller closes it with `closeType`.
    func datasetType(_ dataset: HID) throws -> HID { try check(H5Dget_type(dataset)) }

    /// Dataset's dataspace; caller closes it with `closeSpace`.
    func datasetSpace(_ dataset: HID) throws -> HID { try check(H5Dget_space(dataset)) }

    /// Whether the dataset's data passes through filters (compression) on disk, which lets
    /// it take fewer bytes in the file than in memory.
    func isFiltered(_ dataset: HID) throws -> Bool {
        let plist = try check(H5Dget_create_plist(dataset))
        defer { _ = H5Pclose(plist) }
        return try check(H5Pget_nfilters(plist)) > 0
    }

    /// Bytes per stored element of `type` (at least 1).
    func storedSize(_ type: HID) -> Int { max(1, H5Tget_size(type)) }

    // MARK: Attributes

    /// Creates a scalar attribute, replacing an existing one of the same name; caller closes it.
    func createScalarAttribute(_ loc: HID, _ name: String, type: HID) throws -> HID {
        if try check(H5Aexists(loc, name)) > 0 { try check(H5Adelete(loc, name)) }
        let space = try check(H5Screate(H5S_SCALAR))
        defer { _ = H5Sclose(space) }
        let acpl = try check(H5Pcreate(chdf5_p_attribute_create()))
        defer { _ = H5Pclose(acpl) }
        try check(H5Pset_char_encoding(acpl, H5T_CSET_UTF8))
        return try check(H5Acreate2(loc, name, type, space, acpl, chdf5_p_default()))
    }

    func openAttribute(_ loc: HID, _ name: String) throws -> HID {
        try check(H5Aopen(loc, name, chdf5_p_default()))
    }

    func closeAttribute(_ id: HID) { _ = H5Aclose(id) }

    func writeAttribute(_ attribute: HID, memType: HID, _ buffer: UnsafeRawPointer) throws {
        try check(H5Awrite(attribute, memType, buffer))
    }

    func readAttribute(_ attribute: HID, memType: HID, _ buffer: UnsafeMutableRawPointer) throws {
        try check(H5Aread(attribute, memType, buffer))
    }

    func attributeType(_ attribute: HID) throws -> HID { try check(H5Aget_type(attribute)) }

    func attributeSpace(_ attribute: HID) throws -> HID { try check(H5Aget_space(attribute)) }

    func attributeNames(_ loc: HID) throws -> [String] {
        let box = NameBox()
        try check(H5Aiterate2(loc, H5_INDEX_NAME, H5_ITER_INC, nil, { _, name, _, context in
            guard let name, let context else { return -1 }
            Unmanaged<NameBox>.fromOpaque(context).takeUnretainedValue().names.append(String(cString: name))
            return 0
        }, Unmanaged.passUnretained(box).toOpaque()))
        return box.names
    }

    // MARK: Dataspaces

    func simpleSpace(_ dims: [Int]) throws -> HID {
        let hdims = dims.map { hsize_t($0) }
        return try check(H5Screate_simple(Int32(hdims.count), hdims, nil))
    }

    /// C-order dimensions of a simple (or scalar, giving `[]`) dataspace.
    func dimensions(ofSpace space: HID) throws -> [Int] {
        let rank = Int(try check(H5Sget_simple_extent_ndims(space)))
        var dims = [hsize_t](repeating: 0, count: rank)
        if rank > 0 { try check(H5Sget_simple_extent_dims(space, &dims, nil)) }
        return dims.map { Int(clamping: $0) }  // an extent past Int.max (a damaged file) stays countable
    }

    func closeSpace(_ id: HID) { _ = H5Sclose(id) }

    // MARK: Datatypes

    /// Predefined native memory type for an element kind (never closed).
    func nativeType(_ kind: NumericKind) -> HID {
        switch kind {
        case .double: chdf5_native_double()
        case .int64: chdf5_native_int64()
        }
    }

    /// New variable-length string type with the given charset; caller closes it.
    func variableStringType(utf8: Bool = true) throws -> HID {
        try stringType(size: chdf5_variable_size(), utf8: utf8)
    }

    /// New NUL-terminated fixed-length string type of `size` bytes; caller closes it.
    func fixedStringType(size: Int, utf8: Bool) throws -> HID {
        try stringType(size: size, utf8: utf8)
    }

    private func stringType(size: Int, utf8: Bool) throws -> HID {
        let type = try check(H5Tcopy(chdf5_c_s1()))
        do {
            try check(H5Tset_size(type, size))
            try check(H5Tset_cset(type, utf8 ? H5T_CSET_UTF8 : H5T_CSET_ASCII))
            try check(H5Tset_strpad(type, H5T_STR_NULLTERM))
        } catch {
            _ = H5Tclose(type)
            throw error
        }
        return type
    }

    /// Describes a stored datatype for type checks before reading.
    func describeType(_ type: HID) throws -> StoredType {
        let typeClass = H5Tget_class(type)
        try check(typeClass.rawValue)
        switch typeClass {
        case H5T_FLOAT: return .float
        case H5T_INTEGER: return .integer
        case H5T_STRING:
            let variable = try check(H5Tis_variable_str(type)) > 0
            let cset = H5Tget_cset(type)
            try check(cset.rawValue)
            var size = 0
            if !variable {
                size = H5Tget_size(type)
                if size == 0 { throw captureError() }
            }
            return .string(variableLength: variable, utf8: cset == H5T_CSET_UTF8, size: size)
        default: return .other
        }
    }

    func closeType(_ id: HID) { _ = H5Tclose(id) }

    /// Frees the strings HDF5 allocated while reading variable-length data.
    func reclaimVariableLength(type: HID, space: HID, _ buffer: UnsafeMutableRawPointer) throws {
        try check(H5Dvlen_reclaim(type, space, chdf5_p_default(), buffer))
    }
}

/// Element kinds stored by `ResultGroup`'s numeric datasets and attributes.
enum NumericKind { case double, int64 }

/// A coarse view of a stored datatype.
enum StoredType: Equatable {
    case float, integer, other
    case string(variableLength: Bool, utf8: Bool, size: Int)

    var name: String {
        switch self {
        case .float: "float"
        case .integer: "integer"
        case .other: "non-numeric, non-string"
        case .string(let variable, _, _): variable ? "variable-length string" : "fixed-length string"
        }
    }
}

private final class FrameBox { var frames: [HDF5Error.Frame] = [] }
private final class NameBox { var names: [String] = [] }

/// Text of an HDF5 major/minor error message id.
private func errorMessage(_ id: HID) -> String {
    var type = H5E_MAJOR
    let length = H5Eget_msg(id, &type, nil, 0)
    guard length > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: length + 1)
    _ = H5Eget_msg(id, &type, &buffer, buffer.count)
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
