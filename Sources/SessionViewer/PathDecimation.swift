/// Thins the camera path for drawing: Ramer–Douglas–Peucker on the plan's (x, z), so every
/// dropped sample lies within the tolerance of the drawn polyline. The first and last samples
/// are always kept; samples keep their order.
public enum PathDecimation {
    /// The default tolerance, metres: 2 cm, under a pixel at the plan's usual scale.
    public static let defaultTolerance = 0.02

    /// The samples of `path` to draw, at most `tolerance` metres from the full path on the plan.
    public static func thin(_ path: [PathSample], tolerance: Double = defaultTolerance) -> [PathSample] {
        guard path.count > 2 else { return path }
        var keep = [Bool](repeating: false, count: path.count)
        keep[0] = true
        keep[path.count - 1] = true
        var stack = [(0, path.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first, distance = -1.0
            for k in (first + 1)..<last {
                let d = offset(path[k].position, from: path[first].position, to: path[last].position)
                if d > distance { distance = d; farthest = k }
            }
            if distance > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return path.indices.filter { keep[$0] }.map { path[$0] }
    }

    /// Distance on the plan (x, z) from `p` to the segment from `a` to `b`.
    static func offset(_ p: SIMD3<Double>, from a: SIMD3<Double>, to b: SIMD3<Double>) -> Double {
        let ab = SIMD2(b.x - a.x, b.z - a.z), ap = SIMD2(p.x - a.x, p.z - a.z)
        let length2 = (ab * ab).sum()
        let s = length2 > 0 ? min(max((ap * ab).sum() / length2, 0), 1) : 0
        let d = ap - s * ab
        return (d * d).sum().squareRoot()
    }
}
