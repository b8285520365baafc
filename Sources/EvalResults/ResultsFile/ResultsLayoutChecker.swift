import ResultStore

/// Checks a results file against a ``ResultsLayout``: every required group, dataset and
/// attribute is there, every member has the declared kind, element type and rank, the
/// `layout` tag has its value, and datasets that share an extent (the columns of one table)
/// agree on its length. Errors are ``ResultsLayoutError``s naming the file and the object.
///
/// Writers check strictly before committing (a member the schema does not declare is an
/// error); readers check before reading and pass over undeclared members.
public struct ResultsLayoutChecker {
    /// The layout to check against.
    public let layout: ResultsLayout
    /// Whether members the schema does not declare are errors.
    public let strict: Bool

    /// The extents bound in one instance of a group that declares them.
    private struct Scope {
        public var names: Set<String>
        public var bound: [String: (lengths: [Int], by: String)] = [:]
    }

    private var scopes: [Scope] = []
    /// The path of the file being checked.
    private var file = ""

    /// A checker for `layout`.
    public init(_ layout: ResultsLayout, strict: Bool) {
        self.layout = layout
        self.strict = strict
    }

    /// Checks `group` (the file's root, or the group holding a nested layout).
    public mutating func check(_ group: ResultGroup) throws {
        scopes = []
        file = group.file.path
        try check(group, layout.root)
    }

    private mutating func check(_ group: ResultGroup, _ schema: ResultsGroupSchema) throws {
        scopes.append(Scope(names: Set(schema.extents)))
        defer { scopes.removeLast() }
        let path = group.objectPath
        for attribute in schema.attributes { try check(attribute, of: group, on: nil, object: path == "/" ? "/" : path + "/") }
        var seen: Set<String> = []
        for declared in schema.datasets {
            guard case .literal(let name) = declared.name else { continue }
            seen.insert(name)
            try checkMember(name, of: group, dataset: declared, required: declared.required)
        }
        for declared in schema.groups {
            guard case .literal(let name) = declared.name else { continue }
            seen.insert(name)
            guard let kind = try group.memberKind(name) else {
                if declared.required { throw error(child(path, name), "required group is missing") }
                continue
            }
            guard kind == .group else { throw error(child(path, name), "is a \(kind), the schema declares a group") }
            try check(try group.openGroup(name), declared)
        }
        for name in try group.memberNames() where !seen.contains(name) {
            let kind = try group.memberKind(name)
            if kind == .group, let declared = schema.groups.first(where: \.name.isPlaceholder) {
                try check(try group.openGroup(name), declared)
            } else if kind == .dataset, let declared = schema.datasets.first(where: \.name.isPlaceholder) {
                try checkMember(name, of: group, dataset: declared, required: true)
            } else if strict {
                throw error(child(path, name), "is not in layout \(layout.tag)")
            }
        }
    }

    private mutating func checkMember(_ name: String, of group: ResultGroup, dataset declared: ResultsDatasetSchema, required: Bool) throws {
        let path = child(group.objectPath, name)
        guard let kind = try group.memberKind(name) else {
            if required { throw error(path, "required dataset is missing") }
            return
        }
        guard kind == .dataset else { throw error(path, "is a \(kind), the schema declares a dataset") }
        let info = try group.datasetInfo(name)
        guard declared.element.accepts(info.elementClass) else {
            throw error(path, "holds \(info.elementClass.rawValue) data, the schema declares \(declared.element.rawValue)")
        }
        let rank = declared.rank
        guard rank.variable ? info.rank >= rank.minimum : info.rank == rank.minimum else {
            throw error(path, "has rank \(info.rank) (shape \(info.shape)), the schema declares \(declared.shapeText)")
        }
        var axis = 0
        for dimension in declared.dimensions {
            let count = if case .extents = dimension { info.rank - rank.minimum + 1 } else { 1 }
            let lengths = Array(info.shape[axis..<axis + count])
            axis += count
            switch dimension {
            case .fixed(let length) where lengths != [length]:
                throw error(path, "has shape \(info.shape), the schema declares \(declared.shapeText)")
            case .extent(let extent), .extents(let extent):
                try bind(extent, to: lengths, by: path, shape: info.shape)
            default: break
            }
        }
        for attribute in declared.attributes { try check(attribute, of: group, on: name, object: path) }
    }

    /// Ties `extent` to `lengths` in the innermost scope declaring it, or checks the tie.
    private mutating func bind(_ extent: String, to lengths: [Int], by path: String, shape: [Int]) throws {
        guard let index = scopes.lastIndex(where: { $0.names.contains(extent) }) else {
            throw error(path, "the schema of layout \(layout.tag) declares no extent '\(extent)' above it")
        }
        guard let (bound, other) = scopes[index].bound[extent] else {
            scopes[index].bound[extent] = (lengths, path)
            return
        }
        guard bound == lengths else {
            let what = extent == ResultsGroupSchema.rows ? "columns of one table" : "datasets sharing the extent '\(extent)'"
            throw error(path, "has \(Self.describe(lengths)) along '\(extent)' but \(other) has \(Self.describe(bound)): \(what) must have one length")
        }
    }

    private func check(_ declared: ResultsAttributeSchema, of group: ResultGroup, on dataset: String?, object: String) throws {
        let path = object + "@" + declared.name
        guard let info = try group.attributeInfo(declared.name, on: dataset) else {
            if declared.required { throw error(path, "required attribute is missing") }
            return
        }
        guard info.rank == 0 || info.shape == [1] else { throw error(path, "is not a scalar (shape \(info.shape))") }
        guard declared.element.accepts(info.elementClass) else {
            throw error(path, "holds \(info.elementClass.rawValue) data, the schema declares \(declared.element.rawValue)")
        }
        if let value = declared.value {
            let found = try group.attributeString(declared.name, on: dataset)
            guard found == value else { throw error(path, "is '\(found)', not '\(value)'") }
        }
    }

    private func error(_ object: String, _ message: String) -> ResultsLayoutError {
        ResultsLayoutError(file: file, object: object, message: message)
    }

    private func child(_ path: String, _ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

    private static func describe(_ lengths: [Int]) -> String {
        lengths.count == 1 ? "length \(lengths[0])" : "lengths \(lengths)"
    }
}
