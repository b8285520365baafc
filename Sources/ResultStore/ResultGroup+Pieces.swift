/// Float64 datasets too large to hold twice, written and read a piece at a time. A dataset of
/// shape `leading + trailing` (C order) is cut along its leading dimensions: piece `k` is the
/// slab at leading index `k` (counted in C order), all of the trailing dimensions, so it is
/// values `k·m ..< (k+1)·m` of the flattened dataset, m the product of the trailing extents.
/// A sweep's component cube (points × recordings × components) is written and read one point
/// at a time this way.
extension ResultGroup {
    /// Writes a new float64 dataset `name` of `shape`, piece by piece (`trailing` dimensions
    /// per piece): `piece(k)` gives piece `k`'s values. One piece is in memory at a time.
    /// - Throws: `ResultStoreError` for a bad shape or a piece of the wrong length; `HDF5Error`
    ///   if `name` exists or a write fails (the dataset is then removed).
    public func write(to name: String, shape: [Int], trailing: Int, piece: (Int) throws -> [Double]) throws {
        var product = 1
        for extent in shape {
            let (next, overflow) = product.multipliedReportingOverflow(by: extent)
            guard !overflow, extent >= 0 else { throw ResultStoreError.invalidShape(name: childPath(name), shape: shape) }
            product = next
        }
        guard !shape.isEmpty, (0...shape.count).contains(trailing) else { throw ResultStoreError.invalidShape(name: childPath(name), shape: shape) }
        let dims = shape
        let (leading, size) = (Array(dims.dropLast(trailing)), dims.suffix(trailing).reduce(1, *))
        try run("write dataset", name) { h5 in
            let type = h5.nativeType(.double)
            let dataset = try h5.createDataset(id, name, type: type, dims: dims)
            defer { h5.closeObject(dataset) }
            do {
                for k in 0..<(size == 0 ? 0 : leading.reduce(1, *)) {
                    let values = try piece(k)
                    guard values.count == size else {
                        throw ResultStoreError.shapeMismatch(name: childPath(name), count: values.count, shape: Array(dims.suffix(trailing)))
                    }
                    let (start, count) = Self.slab(k, leading: leading, trailing: Array(dims.suffix(trailing)))
                    try values.withUnsafeBytes { try h5.writeDataset(dataset, memType: type, $0.baseAddress!, start: start, count: count) }
                }
            } catch {
                h5.deleteLink(id, name)
                throw error
            }
        }
    }

    /// Reads the numeric dataset `name` as float64 (integer data converted), piece by piece
    /// (`trailing` dimensions per piece): `piece(k, values)` receives each in turn, in a buffer
    /// reused for the next. Returns the dataset's shape.
    /// - Throws: `ResultStoreError` for non-numeric data, a rank below `trailing` or a dataset
    ///   larger than the file can hold; `HDF5Error` if missing; what `piece` throws.
    @discardableResult
    public func readDoubles(_ name: String, trailing: Int, piece: (Int, UnsafeBufferPointer<Double>) throws -> Void) throws -> [Int] {
        try readingNumeric(name, kind: .double, accepting: [.float, .integer]) { h5, dataset, shape, _ in
            guard shape.count >= trailing, trailing >= 0 else { throw ResultStoreError.invalidShape(name: childPath(name), shape: shape) }
            let (leading, inner) = (Array(shape.dropLast(trailing)), Array(shape.suffix(trailing)))
            let size = inner.reduce(1, *)
            guard size > 0 else { return shape }
            var buffer = [Double](repeating: 0, count: size)
            for k in 0..<leading.reduce(1, *) {
                let (start, count) = Self.slab(k, leading: leading, trailing: inner)
                try buffer.withUnsafeMutableBytes { try h5.readDataset(dataset, memType: h5.nativeType(.double), $0.baseAddress!, start: start, count: count) }
                try buffer.withUnsafeBufferPointer { try piece(k, $0) }
            }
            return shape
        }
    }

    /// The hyperslab of piece `k`: its leading index (C order) then zeros, and ones then the
    /// trailing extents.
    private static func slab(_ k: Int, leading: [Int], trailing: [Int]) -> (start: [Int], count: [Int]) {
        var index = [Int](repeating: 0, count: leading.count)
        var rest = k
        for d in leading.indices.reversed() {
            index[d] = rest % leading[d]
            rest /= leading[d]
        }
        return (index + trailing.map { _ in 0 }, leading.map { _ in 1 } + trailing)
    }
}
