import ResultStore

/// One layout of a results file (or of a group inside one), as the schema declares it.
public struct ResultsLayout: Sendable, Equatable {
    /// The tag written to the `layout` attribute, e.g. `run/1`.
    public var tag: String
    /// The file (or group) it describes, e.g. `results.h5` written by `spatial-eval run`.
    public var title: String
    /// The root group (the file's `/`, or the group that holds a nested layout).
    public var root: ResultsGroupSchema

    /// Declares a layout.
    public init(tag: String, title: String, root: ResultsGroupSchema) {
        self.tag = tag
        self.title = title
        self.root = root
    }
}

extension ResultsLayout {
    /// The `layout` attribute of the root of the HDF5 file at `path`; nil when the file cannot
    /// be opened as HDF5 or has none.
    public static func tag(of path: String) -> String? {
        guard let file = try? ResultFile.open(atPath: path) else { return nil }
        return try? file.root.attributeString("layout")
    }
}
