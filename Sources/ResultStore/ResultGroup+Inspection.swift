/// Looking at what a group holds without reading values: what kind each member is, and the
/// element class and shape of a dataset or attribute (used to check a file against a layout).
extension ResultGroup {
    /// The kind of object a member of a group is.
    public enum MemberKind: Sendable, Equatable {
        /// A subgroup.
        case group
        /// A dataset.
        case dataset
        /// A named datatype or another kind of object.
        case other
    }

    /// The kind of the member called `name`, or nil when there is none.
    public func memberKind(_ name: String) throws -> MemberKind? {
        guard contains(name) else { return nil }
        return try run("inspect member", name) { try $0.objectKind(id, name) }
    }

    /// The element class and shape of the dataset `name`.
    /// - Throws: `HDF5Error` if there is no such dataset.
    public func datasetInfo(_ name: String) throws -> ResultObjectInfo {
        try run("inspect dataset", name) { h5 in
            let dataset = try h5.openDataset(id, name)
            defer { h5.closeObject(dataset) }
            let type = try h5.datasetType(dataset)
            defer { h5.closeType(type) }
            let space = try h5.datasetSpace(dataset)
            defer { h5.closeSpace(space) }
            return ResultObjectInfo(elementClass: .init(try h5.describeType(type)), shape: try h5.dimensions(ofSpace: space))
        }
    }

    /// The element class and shape of attribute `name` of this group, or of `dataset` when
    /// given; nil when there is no such attribute.
    /// - Throws: `HDF5Error` if `dataset` is given and missing.
    public func attributeInfo(_ name: String, on dataset: String? = nil) throws -> ResultObjectInfo? {
        try run("inspect attribute '\(name)'", dataset) { h5 in
            let target = try dataset.map { try h5.openDataset(id, $0) } ?? id
            defer { if dataset != nil { h5.closeObject(target) } }
            guard try h5.attributeExists(target, name) else { return nil }
            let attribute = try h5.openAttribute(target, name)
            defer { h5.closeAttribute(attribute) }
            let type = try h5.attributeType(attribute)
            defer { h5.closeType(type) }
            let space = try h5.attributeSpace(attribute)
            defer { h5.closeSpace(space) }
            return ResultObjectInfo(elementClass: .init(try h5.describeType(type)), shape: try h5.dimensions(ofSpace: space))
        }
    }
}
