/// The bound on depth-grid and LiDAR-map sizes, and the check that every per-cell array of a
/// grid read from a file has rows × cols values (`spec.md#limits-grids`).
public enum GridShape {
    /// The most rows or columns a depth grid or LiDAR map may have (ARKit's scene depth is
    /// 256 × 192; the app's grids are 16 × 16).
    public static let maximumSide = 4_096

    /// Why `rows` × `columns` with arrays of `lengths` is not a usable grid, or nil.
    public static func problem(rows: Int, columns: Int, lengths: [(name: String, count: Int)]) -> (column: String, message: String)? {
        guard (1...maximumSide).contains(rows) else { return ("rows", "\(rows) is outside 1...\(maximumSide)") }
        guard (1...maximumSide).contains(columns) else { return ("cols", "\(columns) is outside 1...\(maximumSide)") }
        let expected = rows * columns
        for (name, count) in lengths where count != expected {
            return (name, "has \(count) values, expected rows × cols = \(rows) × \(columns) = \(expected)")
        }
        return nil
    }
}

extension DepthGrid {
    /// Why the grid's arrays do not agree with its size, or nil (see ``GridShape``).
    public var shapeProblem: (column: String, message: String)? {
        GridShape.problem(rows: rows, columns: columns, lengths: arrayLengths)
    }
}

extension LidarMap {
    /// Why the map's arrays do not agree with its size, or nil (see ``GridShape``).
    public var shapeProblem: (column: String, message: String)? {
        GridShape.problem(rows: rows, columns: columns, lengths: [("depth", depth.count), ("confidence", confidence.count)])
    }
}
