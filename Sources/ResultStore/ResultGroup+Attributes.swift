/// Scalar attributes on this group or on one of its datasets. Setting an
/// attribute that already exists replaces it. Strings are variable-length UTF-8.
extension ResultGroup {
    /// Sets a string attribute on this group.
    public func setAttribute(_ name: String, _ value: String) throws {
        try setStringAttribute(name, value, on: nil)
    }

    /// Sets a float64 attribute on this group.
    public func setAttribute(_ name: String, _ value: Double) throws {
        try setScalarAttribute(name, value, kind: .double, on: nil)
    }

    /// Sets an int64 attribute on this group.
    public func setAttribute(_ name: String, _ value: Int64) throws {
        try setScalarAttribute(name, value, kind: .int64, on: nil)
    }

    /// Sets a string attribute on the dataset `dataset` of this group (e.g. units, column legend).
    public func setAttribute(_ name: String, on dataset: String, _ value: String) throws {
        try setStringAttribute(name, value, on: dataset)
    }

    /// Sets a float64 attribute on the dataset `dataset` of this group.
    public func setAttribute(_ name: String, on dataset: String, _ value: Double) throws {
        try setScalarAttribute(name, value, kind: .double, on: dataset)
    }

    /// Sets an int64 attribute on the dataset `dataset` of this group.
    public func setAttribute(_ name: String, on dataset: String, _ value: Int64) throws {
        try setScalarAttribute(name, value, kind: .int64, on: dataset)
    }

    /// Reads a string attribute of this group, or of `dataset` when given.
    /// - Throws: `HDF5Error` if missing; `ResultStoreError` if not a scalar string.
    public func attributeString(_ name: String, on dataset: String? = nil) throws -> String {
        try run("read attribute '\(name)'", dataset) { h5 in
            try withAttribute(h5, name, on: dataset) { attribute, stored in
                let space = try h5.attributeSpace(attribute)
                defer { h5.closeSpace(space) }
                let strings = try h5.readStrings(count: 1, stored: stored, space: space, name: name) {
                    try h5.readAttribute(attribute, memType: $0, $1)
                }
                return strings[0]
            }
        }
    }

    /// Reads a numeric attribute of this group, or of `dataset` when given, as float64.
    /// - Throws: `HDF5Error` if missing; `ResultStoreError` if not a numeric scalar.
    public func attributeDouble(_ name: String, on dataset: String? = nil) throws -> Double {
        try readScalarAttribute(name, on: dataset, kind: .double, accepting: [.float, .integer], initial: 0.0)
    }

    /// Reads an integer attribute of this group, or of `dataset` when given, as int64.
    /// - Throws: `HDF5Error` if missing; `ResultStoreError` if not an integer scalar.
    public func attributeInt64(_ name: String, on dataset: String? = nil) throws -> Int64 {
        try readScalarAttribute(name, on: dataset, kind: .int64, accepting: [.integer], initial: Int64(0))
    }

    /// Sorted names of the attributes of this group, or of `dataset` when given.
    public func attributeNames(on dataset: String? = nil) throws -> [String] {
        try run("list attributes", dataset) { h5 in
            try withTarget(h5, dataset) { try h5.attributeNames($0) }
        }.sorted()
    }

    // MARK: Helpers (run inside a locked section)

    /// Calls `body` with this group's id, or with the opened dataset's id.
    private func withTarget<R>(_ h5: HDF5Session, _ dataset: String?, _ body: (HID) throws -> R) throws -> R {
        guard let dataset else { return try body(id) }
        let target = try h5.openDataset(id, dataset)
        defer { h5.closeObject(target) }
        return try body(target)
    }

    /// Opens attribute `name` and checks it is a scalar before calling `body`.
    private func withAttribute<R>(
        _ h5: HDF5Session, _ name: String, on dataset: String?, _ body: (HID, StoredType) throws -> R
    ) throws -> R {
        try withTarget(h5, dataset) { target in
            let attribute = try h5.openAttribute(target, name)
            defer { h5.closeAttribute(attribute) }
            let space = try h5.attributeSpace(attribute)
            defer { h5.closeSpace(space) }
            guard try h5.dimensions(ofSpace: space).allSatisfy({ $0 == 1 }) else {
                throw ResultStoreError.notScalar(name: name)
            }
            let type = try h5.attributeType(attribute)
            defer { h5.closeType(type) }
            return try body(attribute, try h5.describeType(type))
        }
    }

    private func setStringAttribute(_ name: String, _ value: String, on dataset: String?) throws {
        let packed = try PackedCStrings([value], name: name)
        try run("set attribute '\(name)'", dataset) { h5 in
            try withTarget(h5, dataset) { target in
                let type = try h5.variableStringType()
                defer { h5.closeType(type) }
                let attribute = try h5.createScalarAttribute(target, name, type: type)
                defer { h5.closeAttribute(attribute) }
                try packed.withPointerArray { try h5.writeAttribute(attribute, memType: type, $0) }
            }
        }
    }

    private func setScalarAttribute<T: BitwiseCopyable>(
        _ name: String, _ value: T, kind: NumericKind, on dataset: String?
    ) throws {
        try run("set attribute '\(name)'", dataset) { h5 in
            try withTarget(h5, dataset) { target in
                let type = h5.nativeType(kind)
                let attribute = try h5.createScalarAttribute(target, name, type: type)
                defer { h5.closeAttribute(attribute) }
                try withUnsafeBytes(of: value) { try h5.writeAttribute(attribute, memType: type, $0.baseAddress!) }
            }
        }
    }

    private func readScalarAttribute<T: BitwiseCopyable & Sendable>(
        _ name: String, on dataset: String?, kind: NumericKind, accepting accepted: [StoredType], initial: T
    ) throws -> T {
        try run("read attribute '\(name)'", dataset) { h5 in
            try withAttribute(h5, name, on: dataset) { attribute, stored in
                guard accepted.contains(stored) else {
                    throw ResultStoreError.typeMismatch(
                        name: name, expected: kind == .double ? "numeric" : "integer", found: stored.name)
                }
                var value = initial
                try withUnsafeMutableBytes(of: &value) {
                    try h5.readAttribute(attribute, memType: h5.nativeType(kind), $0.baseAddress!)
                }
                return value
            }
        }
    }
}
