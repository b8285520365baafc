/// A group that a results-file schema declares: its attributes, datasets and subgroups, and
/// the extents whose lengths its datasets share.
public struct ResultsGroupSchema: Sendable, Equatable {
    /// The extent every column of a table has (``table(_:required:about:attributes:columns:)``).
    public static let rows = "rows"

    /// The group's name, or a placeholder for a family of groups.
    public var name: ResultsName
    /// Whether every file has it (placeholders stand for zero or more).
    public var required: Bool
    /// What it holds.
    public var about: String
    /// The extents scoped to each instance of this group: datasets anywhere below it that
    /// name one of them agree on its length within the instance.
    public var extents: [String]
    /// Attributes on the group.
    public var attributes: [ResultsAttributeSchema]
    /// Its datasets.
    public var datasets: [ResultsDatasetSchema]
    /// Its subgroups.
    public var groups: [ResultsGroupSchema]
    /// The layout tag when the group is a layout of its own (the `/fusion` group of a run).
    public var layout: String?

    /// Declares a group.
    public init(
        _ name: ResultsName, required: Bool = true, about: String = "", extents: [String] = [],
        attributes: [ResultsAttributeSchema] = [], datasets: [ResultsDatasetSchema] = [], groups: [ResultsGroupSchema] = [],
        layout: String? = nil
    ) {
        self.name = name
        self.required = required
        self.about = about
        self.extents = extents
        self.attributes = attributes
        self.datasets = datasets
        self.groups = groups
        self.layout = layout
    }

    /// Declares a table: a group whose `columns` (see ``ResultsDatasetSchema/column(_:_:attributes:about:)``)
    /// are 1-D and of one length, the extent `rows`.
    public static func table(
        _ name: ResultsName, required: Bool = true, about: String = "", attributes: [ResultsAttributeSchema] = [],
        columns: [ResultsDatasetSchema]
    ) -> Self {
        ResultsGroupSchema(name, required: required, about: about, extents: [rows], attributes: attributes, datasets: columns)
    }

    /// The declared subgroup that a member called `name` is: the literal one, else the placeholder.
    public func group(named name: String) -> ResultsGroupSchema? {
        groups.first { $0.name == .literal(name) } ?? groups.first { $0.name.isPlaceholder && !declaresLiteral(name) }
    }

    /// The declared dataset that a member called `name` is: the literal one, else the placeholder.
    public func dataset(named name: String) -> ResultsDatasetSchema? {
        datasets.first { $0.name == .literal(name) } ?? datasets.first { $0.name.isPlaceholder && !declaresLiteral(name) }
    }

    /// The declared attribute called `name`.
    public func attribute(named name: String) -> ResultsAttributeSchema? {
        attributes.first { $0.name == name }
    }

    /// Whether `name` is declared literally, as a dataset or a group.
    private func declaresLiteral(_ name: String) -> Bool {
        datasets.contains { $0.name == .literal(name) } || groups.contains { $0.name == .literal(name) }
    }
}
