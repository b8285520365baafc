/// Reads every group, dataset and attribute of a results file, discarding the values: what a
/// child process does to find out whether libhdf5 survives a file we did not write
/// (`spec.md#limits-results-files`).
public enum ResultFileWalk {
    /// Opens the file at `path` and reads everything in it.
    /// - Throws: what opening or reading throws (`HDF5Error`, `ResultStoreError`).
    public static func readEverything(atPath path: String) throws {
        try walk(ResultFile.open(atPath: path).root)
    }

    private static func walk(_ group: ResultGroup) throws {
        for name in try group.attributeNames() { try readAttribute(name, on: nil, of: group) }
        for name in try group.memberNames() {
            switch try group.memberKind(name) {
            case .group?:
                try walk(group.openGroup(name))
            case .dataset?:
                switch try group.datasetInfo(name).elementClass {
                case .float: _ = try group.readDoubles(name)
                case .integer: _ = try group.readInt64s(name)
                case .string: _ = try group.readStrings(name)
                case .other: break
                }
                for attribute in try group.attributeNames(on: name) { try readAttribute(attribute, on: name, of: group) }
            default:
                break
            }
        }
    }

    private static func readAttribute(_ name: String, on dataset: String?, of group: ResultGroup) throws {
        switch try group.attributeInfo(name, on: dataset)?.elementClass {
        case .float?: _ = try? group.attributeDouble(name, on: dataset)
        case .integer?: _ = try? group.attributeInt64(name, on: dataset)
        case .string?: _ = try? group.attributeString(name, on: dataset)
        default: break
        }
    }
}
