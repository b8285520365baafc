/// A dataset that a results-file schema declares: its name, element type and dimensions.
public struct ResultsDatasetSchema: Sendable, Equatable {
    /// The dataset's name, or a placeholder for a family of datasets.
    public var name: ResultsName
    /// Its element type.
    public var element: ResultsElement
    /// Its dimensions, slowest-varying first (the rank, unless one is ``ResultsDimension/extents(_:)``).
    public var dimensions: [ResultsDimension]
    /// Whether every file has it (placeholders stand for zero or more).
    public var required: Bool
    /// Attributes on the dataset.
    public var attributes: [ResultsAttributeSchema]
    /// What it holds.
    public var about: String

    /// Declares a dataset.
    public init(
        _ name: ResultsName, _ element: ResultsElement, _ dimensions: [ResultsDimension], required: Bool = true,
        attributes: [ResultsAttributeSchema] = [], about: String = ""
    ) {
        self.name = name
        self.element = element
        self.dimensions = dimensions
        self.required = required
        self.attributes = attributes
        self.about = about
    }

    /// Declares the column `name` of a table: 1-D, `rows` long.
    public static func column(_ name: String, _ element: ResultsElement, attributes: [ResultsAttributeSchema] = [], about: String = "") -> Self {
        ResultsDatasetSchema(.literal(name), element, [.extent(ResultsGroupSchema.rows)], attributes: attributes, about: about)
    }

    /// The fewest dimensions a conforming dataset has, and whether it may have more.
    public var rank: (minimum: Int, variable: Bool) {
        let runs = dimensions.filter { if case .extents = $0 { true } else { false } }.count
        return (dimensions.count, runs > 0)
    }

    /// `[rows]`, `[points, axes]`, `[cube…, recordings, components]`.
    public var shapeText: String { "[" + dimensions.map(\.text).joined(separator: ", ") + "]" }
}
