/// A dense matrix of doubles stored column-major, the layout LAPACK expects.
///
/// Meant for small problems (3×3 covariances, rotations); operations are plain loops.
public struct Matrix: Equatable, Sendable, CustomStringConvertible {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// Elements in column-major order: element (i, j) is `elements[i + j * rows]`.
    public private(set) var elements: [Double]

    /// A matrix from column-major `elements`.
    public init(rows: Int, columns: Int, columnMajor elements: [Double]) {
        precondition(rows >= 0 && columns >= 0 && elements.count == rows * columns, "element count must be rows × columns")
        self.rows = rows
        self.columns = columns
        self.elements = elements
    }

    /// A matrix from its rows, each of the same length.
    public init(rows rowValues: [[Double]]) {
        let columnCount = rowValues.first?.count ?? 0
        precondition(rowValues.allSatisfy { $0.count == columnCount }, "rows must have equal length")
        var values = [Double](repeating: 0, count: rowValues.count * columnCount)
        for (i, row) in rowValues.enumerated() {
            for (j, value) in row.enumerated() { values[i + j * rowValues.count] = value }
        }
        self.init(rows: rowValues.count, columns: columnCount, columnMajor: values)
    }

    /// The `rows × columns` zero matrix.
    public static func zeros(rows: Int, columns: Int) -> Matrix {
        Matrix(rows: rows, columns: columns, columnMajor: [Double](repeating: 0, count: rows * columns))
    }

    /// The `n × n` identity.
    public static func identity(_ n: Int) -> Matrix {
        var result = zeros(rows: n, columns: n)
        for i in 0..<n { result[i, i] = 1 }
        return result
    }

    /// Element at row `i`, column `j` (0-based).
    public subscript(i: Int, j: Int) -> Double {
        get { elements[i + j * rows] }
        set { elements[i + j * rows] = newValue }
    }

    /// The transpose.
    public var transposed: Matrix {
        var result = Matrix.zeros(rows: columns, columns: rows)
        for i in 0..<rows { for j in 0..<columns { result[j, i] = self[i, j] } }
        return result
    }

    /// Sum of the diagonal.
    public var trace: Double {
        (0..<min(rows, columns)).reduce(0) { $0 + self[$1, $1] }
    }

    /// The rows as arrays (for printing and serialising).
    public var rowArrays: [[Double]] {
        (0..<rows).map { i in (0..<columns).map { j in self[i, j] } }
    }

    /// The determinant of a square matrix, by Gaussian elimination with partial pivoting.
    public var determinant: Double {
        precondition(rows == columns, "determinant needs a square matrix")
        var a = self
        var result = 1.0
        for k in 0..<rows {
            let pivot = (k..<rows).max { abs(a[$0, k]) < abs(a[$1, k]) }!
            if a[pivot, k] == 0 { return 0 }
            if pivot != k {
                for j in 0..<columns { (a[k, j], a[pivot, j]) = (a[pivot, j], a[k, j]) }
                result = -result
            }
            result *= a[k, k]
            for i in (k + 1)..<rows {
                let factor = a[i, k] / a[k, k]
                for j in k..<columns { a[i, j] -= factor * a[k, j] }
            }
        }
        return result
    }

    /// Matrix product.
    public static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
        precondition(lhs.columns == rhs.rows, "inner dimensions must agree")
        var result = Matrix.zeros(rows: lhs.rows, columns: rhs.columns)
        for j in 0..<rhs.columns {
            for k in 0..<lhs.columns {
                let factor = rhs[k, j]
                for i in 0..<lhs.rows { result[i, j] += lhs[i, k] * factor }
            }
        }
        return result
    }

    /// A 3×3 matrix applied to a vector.
    public static func * (lhs: Matrix, rhs: SIMD3<Double>) -> SIMD3<Double> {
        precondition(lhs.rows == 3 && lhs.columns == 3, "needs a 3×3 matrix")
        return SIMD3(lhs[0, 0], lhs[1, 0], lhs[2, 0]) * rhs.x
            + SIMD3(lhs[0, 1], lhs[1, 1], lhs[2, 1]) * rhs.y
            + SIMD3(lhs[0, 2], lhs[1, 2], lhs[2, 2]) * rhs.z
    }

    /// Element-wise scaling.
    public static func * (lhs: Double, rhs: Matrix) -> Matrix {
        Matrix(rows: rhs.rows, columns: rhs.columns, columnMajor: rhs.elements.map { lhs * $0 })
    }

    public var description: String {
        rowArrays.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "\n")
    }
}
