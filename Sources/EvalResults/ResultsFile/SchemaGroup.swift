import ResultStore

/// A group of a results file seen through the schema that declares it.
///
/// Writers create groups, write datasets and set attributes only as the schema declares
/// them (name, element type, rank); anything else throws a ``ResultsLayoutError``. Readers
/// open the file with ``open(_:layout:)``, which checks the whole file against the layout
/// first, and then read declared members only.
public struct SchemaGroup {
    /// The group in the file.
    public let group: ResultGroup
    /// Its declaration.
    public let schema: ResultsGroupSchema

    /// Wraps `group`, declared by `schema`.
    public init(_ group: ResultGroup, _ schema: ResultsGroupSchema) {
        self.group = group
        self.schema = schema
    }

    /// Opens the results file at `path` for reading: checks it against `layout` (required
    /// members, types, ranks, shared lengths) and returns its root.
    public static func open(_ path: String, layout: ResultsLayout) throws -> SchemaGroup {
        try SchemaGroup(ResultFile.open(atPath: path).root, layout: layout)
    }

    /// `group` (a file's root, or the group holding a nested layout) checked against `layout`.
    public init(_ group: ResultGroup, layout: ResultsLayout) throws {
        var checker = ResultsLayoutChecker(layout, strict: false)
        try checker.check(group)
        self.init(group, layout.root)
    }

    /// Checks a file being written against `layout`, strictly (nothing undeclared, nothing
    /// required missing), before it is committed.
    public static func checkWritten(_ root: ResultGroup, layout: ResultsLayout) throws {
        var checker = ResultsLayoutChecker(layout, strict: true)
        try checker.check(root)
    }

    // MARK: Groups

    /// Creates the subgroup `name`, which the schema must declare.
    public func createGroup(_ name: String) throws -> SchemaGroup {
        SchemaGroup(try group.createGroup(name), try declaredGroup(name))
    }

    /// Opens the subgroup `name`, which the schema must declare.
    public func openGroup(_ name: String) throws -> SchemaGroup {
        let declared = try declaredGroup(name)
        guard try group.memberKind(name) == .group else { throw mismatch(name, "group is missing") }
        return SchemaGroup(try group.openGroup(name), declared)
    }

    /// The names of the subgroups that instantiate the schema's placeholder group, sorted.
    public func placeholderGroupNames() throws -> [String] {
        try group.memberNames().filter { name in
            try group.memberKind(name) == .group && schema.group(named: name)?.name.isPlaceholder == true
        }
    }

    // MARK: Datasets

    /// Writes a float64 dataset (`shape` as in ``ResultGroup/write(_:to:shape:)-(Double)``).
    public func write(_ values: [Double], to name: String, shape: [Int]? = nil) throws {
        try checkDataset(name, .float64, rank: shape?.count ?? 1)
        try group.write(values, to: name, shape: shape)
    }

    /// Writes a float64 dataset piece by piece (``ResultGroup/write(to:shape:trailing:piece:)``).
    public func write(to name: String, shape: [Int], trailing: Int, piece: (Int) throws -> [Double]) throws {
        try checkDataset(name, .float64, rank: shape.count)
        try group.write(to: name, shape: shape, trailing: trailing, piece: piece)
    }

    /// Reads a float64 dataset piece by piece (``ResultGroup/readDoubles(_:trailing:piece:)``);
    /// returns its shape.
    @discardableResult
    public func readDoubles(_ name: String, trailing: Int, piece: (Int, UnsafeBufferPointer<Double>) throws -> Void) throws -> [Int] {
        try checkDataset(name, .float64, rank: nil)
        return try group.readDoubles(name, trailing: trailing, piece: piece)
    }

    /// Writes an int64 dataset.
    public func write(_ values: [Int64], to name: String, shape: [Int]? = nil) throws {
        try checkDataset(name, .int64, rank: shape?.count ?? 1)
        try group.write(values, to: name, shape: shape)
    }

    /// Writes a 1-D string dataset.
    public func write(_ values: [String], to name: String) throws {
        try checkDataset(name, .string, rank: 1)
        try group.write(values, to: name)
    }

    /// Reads a float64 dataset with its shape.
    public func doubleArray(_ name: String) throws -> ResultArray<Double> {
        try checkDataset(name, .float64, rank: nil)
        return try group.readDoubles(name)
    }

    /// Reads a float64 (or, for a `number` column, int64) dataset's values.
    public func doubles(_ name: String) throws -> [Double] { try doubleArray(name).values }

    /// Reads an int64 dataset's values.
    public func int64s(_ name: String) throws -> [Int64] {
        try checkDataset(name, .int64, rank: nil)
        return try group.readInt64s(name).values
    }

    /// Reads a string dataset.
    public func strings(_ name: String) throws -> [String] {
        try checkDataset(name, .string, rank: nil)
        return try group.readStrings(name)
    }

    // MARK: Attributes

    /// Sets a string attribute on the group, or on its dataset `dataset`.
    public func setAttribute(_ name: String, on dataset: String? = nil, _ value: String) throws {
        try checkAttribute(name, .string, on: dataset)
        if let dataset { try group.setAttribute(name, on: dataset, value) } else { try group.setAttribute(name, value) }
    }

    /// Sets a float64 attribute on the group.
    public func setAttribute(_ name: String, _ value: Double) throws {
        try checkAttribute(name, .float64, on: nil)
        try group.setAttribute(name, value)
    }

    /// Sets an int64 attribute on the group.
    public func setAttribute(_ name: String, _ value: Int64) throws {
        try checkAttribute(name, .int64, on: nil)
        try group.setAttribute(name, value)
    }

    /// Reads a string attribute of the group.
    public func attributeString(_ name: String) throws -> String {
        try checkAttribute(name, .string, on: nil)
        return try group.attributeString(name)
    }

    /// Reads a float64 attribute of the group.
    public func attributeDouble(_ name: String) throws -> Double {
        try checkAttribute(name, .float64, on: nil)
        return try group.attributeDouble(name)
    }

    /// Reads an int64 attribute of the group.
    public func attributeInt64(_ name: String) throws -> Int64 {
        try checkAttribute(name, .int64, on: nil)
        return try group.attributeInt64(name)
    }

    /// Whether the group has the attribute `name` (for optional attributes).
    public func hasAttribute(_ name: String) throws -> Bool {
        try checkAttribute(name, nil, on: nil)
        return try group.attributeInfo(name) != nil
    }

    // MARK: Declarations

    private func declaredGroup(_ name: String) throws -> ResultsGroupSchema {
        guard let declared = schema.group(named: name) else { throw mismatch(name, "the schema declares no group of this name") }
        return declared
    }

    /// Checks that the schema declares dataset `name` with a compatible element type and,
    /// when writing, the rank being written.
    private func checkDataset(_ name: String, _ element: ResultsElement, rank: Int?) throws {
        guard let declared = schema.dataset(named: name) else { throw mismatch(name, "the schema declares no dataset of this name") }
        let compatible = declared.element == element || declared.element == .number && element != .string
        guard compatible else { throw mismatch(name, "the schema declares \(declared.element.rawValue) data, not \(element.rawValue)") }
        if let rank {
            let declaredRank = declared.rank
            guard declaredRank.variable ? rank >= declaredRank.minimum : rank == declaredRank.minimum else {
                throw mismatch(name, "the schema declares the shape \(declared.shapeText), not rank \(rank)")
            }
        }
    }

    private func checkAttribute(_ name: String, _ element: ResultsElement?, on dataset: String?) throws {
        let attributes = if let dataset { schema.dataset(named: dataset)?.attributes ?? [] } else { schema.attributes }
        guard let declared = attributes.first(where: { $0.name == name }) else { throw mismatch((dataset ?? "") + "@" + name, "the schema declares no attribute of this name") }
        guard element == nil || declared.element == element else {
            throw mismatch((dataset ?? "") + "@" + name, "the schema declares \(declared.element.rawValue), not \(element!.rawValue)")
        }
    }

    private func mismatch(_ name: String, _ message: String) -> ResultsLayoutError {
        let path = group.objectPath == "/" ? "/" + name : group.objectPath + "/" + name
        return ResultsLayoutError(file: group.file.path, object: path, message: message)
    }
}
