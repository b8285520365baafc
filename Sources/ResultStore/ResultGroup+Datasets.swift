/// Dataset writing and reading. Datasets are stored contiguously, written with
/// a single `H5Dwrite`, with C-order (row-major) dimensions.
extension ResultGroup {
    /// Writes `values` as a new float64 dataset `name`.
    /// - Parameter shape: C-order (row-major) dimensions; `nil` for 1-D. The product
    ///   must equal `values.count`.
    /// - Throws: `ResultStoreError` for a bad shape; `HDF5Error` if `name` exists.
    public func write(_ values: [Double], to name: String, shape: [Int]? = nil) throws {
        try writeNumeric(values, kind: .double, to: name, shape: shape)
    }

    /// Writes `values` as a new int64 dataset `name`.
    /// - Parameter shape: C-order (row-major) dimensions; `nil` for 1-D. The product
    ///   must equal `values.count`.
    /// - Throws: `ResultStoreError` for a bad shape; `HDF5Error` if `name` exists.
    public func write(_ values: [Int64], to name: String, shape: [Int]? = nil) throws {
        try writeNumeric(values, kind: .int64, to: name, shape: shape)
    }

    /// Writes `values` as a new 1-D dataset `name` of variable-length UTF-8 strings.
    /// - Throws: `ResultStoreError.embeddedNUL` if a string contains NUL;
    ///   `HDF5Error` if `name` exists.
    public func write(_ values: [String], to name: String) throws {
        let packed = try PackedCStrings(values, name: childPath(name))
        try run("write dataset", name) { h5 in
            let type = try h5.variableStringType()
            defer { h5.closeType(type) }
            let dataset = try h5.createDataset(id, name, type: type, dims: [values.count])
            defer { h5.closeObject(dataset) }
            guard !values.isEmpty else { return }
            do {
                try packed.withPointerArray { try h5.writeDataset(dataset, memType: type, $0) }
            } catch {
                h5.deleteLink(id, name)
                throw error
            }
        }
    }

    /// Reads a numeric dataset as float64 (integer data is converted).
    /// - Throws: `ResultStoreError.typeMismatch` for non-numeric data; `HDF5Error` if missing.
    public func readDoubles(_ name: String) throws -> ResultArray<Double> {
        try readNumeric(name, kind: .double, accepting: [.float, .integer], as: Double.self)
    }

    /// Reads an integer dataset as int64.
    /// - Throws: `ResultStoreError.typeMismatch` for non-integer data; `HDF5Error` if missing.
    public func readInt64s(_ name: String) throws -> ResultArray<Int64> {
        try readNumeric(name, kind: .int64, accepting: [.integer], as: Int64.self)
    }

    /// Reads a string dataset (any rank, flattened in C order).
    /// - Throws: `ResultStoreError.typeMismatch` for non-string data; `HDF5Error` if missing.
    public func readStrings(_ name: String) throws -> [String] {
        try run("read dataset", name) { h5 in
            let dataset = try h5.openDataset(id, name)
            defer { h5.closeObject(dataset) }
            let type = try h5.datasetType(dataset)
            defer { h5.closeType(type) }
            let space = try h5.datasetSpace(dataset)
            defer { h5.closeSpace(space) }
            let count = try file.checkedCount(
                h5.dimensions(ofSpace: space), name: childPath(name), elementBytes: h5.storedSize(type), filtered: h5.isFiltered(dataset))
            return try h5.readStrings(
                count: count, stored: try h5.describeType(type), space: space, name: childPath(name)
            ) { memType, buffer in
                try h5.readDataset(dataset, memType: memType, buffer)
            }
        }
    }

    private func writeNumeric<T: BitwiseCopyable>(
        _ values: [T], kind: NumericKind, to name: String, shape: [Int]?
    ) throws {
        let dims = try ResultArray<Int>.validatedShape(shape, count: values.count, name: childPath(name))
        try run("write dataset", name) { h5 in
            let type = h5.nativeType(kind)
            let dataset = try h5.createDataset(id, name, type: type, dims: dims)
            defer { h5.closeObject(dataset) }
            guard !values.isEmpty else { return }
            do {
                try values.withUnsafeBytes { try h5.writeDataset(dataset, memType: type, $0.baseAddress!) }
            } catch {
                h5.deleteLink(id, name)
                throw error
            }
        }
    }

    private func readNumeric<T: BitwiseCopyable & Sendable & Equatable>(
        _ name: String, kind: NumericKind, accepting accepted: [StoredType], as _: T.Type
    ) throws -> ResultArray<T> {
        try readingNumeric(name, kind: kind, accepting: accepted) { h5, dataset, shape, count in
            let values = try [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                if count > 0 {
                    try h5.readDataset(dataset, memType: h5.nativeType(kind), UnsafeMutableRawPointer(buffer.baseAddress!))
                }
                initialized = count
            }
            return ResultArray(values: values, shape: shape)
        }
    }

    /// Opens the numeric dataset `name`, checks its element type against `accepted` and its
    /// size against the file's, and runs `body` with the dataset, its shape and element count.
    func readingNumeric<R: Sendable>(
        _ name: String, kind: NumericKind, accepting accepted: [StoredType],
        _ body: (HDF5Session, HID, _ shape: [Int], _ count: Int) throws -> R
    ) throws -> R {
        try run("read dataset", name) { h5 in
            let dataset = try h5.openDataset(id, name)
            defer { h5.closeObject(dataset) }
            let type = try h5.datasetType(dataset)
            defer { h5.closeType(type) }
            let stored = try h5.describeType(type)
            guard accepted.contains(stored) else {
                throw ResultStoreError.typeMismatch(
                    name: childPath(name), expected: kind == .double ? "numeric" : "integer", found: stored.name)
            }
            let space = try h5.datasetSpace(dataset)
            defer { h5.closeSpace(space) }
            let shape = try h5.dimensions(ofSpace: space)
            let count = try file.checkedCount(shape, name: childPath(name), elementBytes: h5.storedSize(type), filtered: h5.isFiltered(dataset))
            return try body(h5, dataset, shape, count)
        }
    }
}
