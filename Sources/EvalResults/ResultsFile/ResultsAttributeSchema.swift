/// An attribute that a results-file schema declares on a group or dataset.
public struct ResultsAttributeSchema: Sendable, Equatable {
    /// The attribute's name.
    public var name: String
    /// Its element type (a scalar).
    public var element: ResultsElement
    /// Whether every file has it.
    public var required: Bool
    /// The one value it must have (the `layout` tag), if fixed.
    public var value: String?
    /// What it holds.
    public var about: String

    /// Declares an attribute.
    public init(_ name: String, _ element: ResultsElement, required: Bool = true, value: String? = nil, about: String = "") {
        self.name = name
        self.element = element
        self.required = required
        self.value = value
        self.about = about
    }
}
