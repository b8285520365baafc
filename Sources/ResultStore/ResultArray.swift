/// A dataset read back from a results file: its values in C (row-major) order and its shape.
///
/// For a 1-D dataset `shape == [values.count]`; for an `r × c` matrix
/// `shape == [r, c]` and element `(i, j)` is `values[i * c + j]`.
public struct ResultArray<Element>: Equatable where Element: Equatable {
    /// The elements, flattened in C (row-major) order.
    public var values: [Element]
    /// The extent of each dimension, slowest-varying first.
    public var shape: [Int]

    /// Creates an array from flattened values and a shape whose product is `values.count`.
    public init(values: [Element], shape: [Int]) {
        self.values = values
        self.shape = shape
    }

    /// Creates a 1-D array.
    public init(_ values: [Element]) {
        self.init(values: values, shape: [values.count])
    }

    /// Number of dimensions.
    public var rank: Int { shape.count }
}

extension ResultArray: Sendable where Element: Sendable {}

extension ResultArray {
    /// Checks that `shape` (default: 1-D) is valid and holds exactly `count` values.
    static func validatedShape(_ shape: [Int]?, count: Int, name: String) throws -> [Int] {
        guard let shape else { return [count] }
        guard !shape.isEmpty, shape.allSatisfy({ $0 >= 0 }) else {
            throw ResultStoreError.invalidShape(name: name, shape: shape)
        }
        var product = 1
        for extent in shape {
            let (next, overflow) = product.multipliedReportingOverflow(by: extent)
            guard !overflow else { throw ResultStoreError.shapeMismatch(name: name, count: count, shape: shape) }
            product = next
        }
        guard product == count else {
            throw ResultStoreError.shapeMismatch(name: name, count: count, shape: shape)
        }
        return shape
    }
}
