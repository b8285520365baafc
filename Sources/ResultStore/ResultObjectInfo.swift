/// What a dataset or attribute holds, learnt without reading its values: the class of its
/// elements and its shape (C order; `[]` for a scalar attribute).
public struct ResultObjectInfo: Sendable, Equatable {
    /// The class of a stored element.
    public enum ElementClass: String, Sendable, Equatable {
        /// Floating point of any width.
        case float
        /// Integer of any width or sign.
        case integer
        /// Text, fixed or variable length, UTF-8 or ASCII.
        case string
        /// Anything else (compound, enum, opaque…).
        case other
    }

    /// The class of the elements.
    public var elementClass: ElementClass
    /// The extent of each dimension, slowest-varying first.
    public var shape: [Int]

    /// Creates a description.
    public init(elementClass: ElementClass, shape: [Int]) {
        self.elementClass = elementClass
        self.shape = shape
    }

    /// Number of dimensions (0 for a scalar).
    public var rank: Int { shape.count }
}

extension ResultObjectInfo.ElementClass {
    init(_ stored: StoredType) {
        switch stored {
        case .float: self = .float
        case .integer: self = .integer
        case .string: self = .string
        case .other: self = .other
        }
    }
}
