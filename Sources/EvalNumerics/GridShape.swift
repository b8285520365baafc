/// The shape of a regular grid of points stored flat in C order (the last dimension varies
/// fastest), with the index arithmetic every grid sweep needs.
public struct GridShape: Sendable, Equatable, Codable {
    /// Values per dimension, slowest first.
    public var sizes: [Int]

    /// A grid with `sizes` values per dimension.
    public init(_ sizes: [Int]) { self.sizes = sizes }

    /// Number of points (the product of the sizes).
    public var count: Int { sizes.reduce(1, *) }

    /// The per-dimension indices of point `flat`.
    public func indices(_ flat: Int) -> [Int] {
        var rest = flat
        var out = [Int](repeating: 0, count: sizes.count)
        for d in sizes.indices.reversed() {
            out[d] = rest % sizes[d]
            rest /= sizes[d]
        }
        return out
    }

    /// The flat index of per-dimension `indices`.
    public func flat(_ indices: [Int]) -> Int { zip(indices, sizes).reduce(0) { $0 * $1.1 + $1.0 } }

    /// The points one step away from `indices` along one dimension, lower step first, in
    /// dimension order; dimensions with a single value have none.
    public func neighbours(_ indices: [Int]) -> [[Int]] {
        var out: [[Int]] = []
        for d in sizes.indices {
            for step in [-1, 1] {
                let v = indices[d] + step
                if v >= 0 && v < sizes[d] {
                    var n = indices
                    n[d] = v
                    out.append(n)
                }
            }
        }
        return out
    }
}
