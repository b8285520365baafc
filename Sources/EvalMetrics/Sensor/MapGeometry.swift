import Recording

/// The geometry the sensor statistics need: pixels of map samples to world points and back,
/// maps point-sampled to a coarser grid, and depth discontinuities.
public enum MapGeometry {
    /// The camera-frame point (x right, y up, looking down −z) seen at `pixel` of the upright
    /// image at depth `depth` metres along −z.
    @inlinable
    public static func cameraPoint(pixel: SIMD2<Double>, depth: Double, intrinsics k: CameraIntrinsics) -> SIMD3<Double> {
        SIMD3((pixel.x - k.cx) / k.fx * depth, -(pixel.y - k.cy) / k.fy * depth, -depth)
    }

    /// `M · p` for a rigid `M`.
    @inlinable
    public static func transform(_ m: Transform4x4, _ p: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(m[0, 0] * p.x + m[0, 1] * p.y + m[0, 2] * p.z + m[0, 3],
              m[1, 0] * p.x + m[1, 1] * p.y + m[1, 2] * p.z + m[1, 3],
              m[2, 0] * p.x + m[2, 1] * p.y + m[2, 2] * p.z + m[2, 3])
    }

    /// `M⁻¹ · p` for a rigid `M` (rotation transposed).
    @inlinable
    public static func inverseTransform(_ m: Transform4x4, _ p: SIMD3<Double>) -> SIMD3<Double> {
        let d = p - SIMD3(m[0, 3], m[1, 3], m[2, 3])
        return SIMD3(m[0, 0] * d.x + m[1, 0] * d.y + m[2, 0] * d.z,
                     m[0, 1] * d.x + m[1, 1] * d.y + m[2, 1] * d.z,
                     m[0, 2] * d.x + m[1, 2] * d.y + m[2, 2] * d.z)
    }

    /// The pixel of the upright image where the camera-frame point `p` lands (nil behind the
    /// camera or nearer than 5 cm), with its depth along −z.
    @inlinable
    public static func project(_ p: SIMD3<Double>, intrinsics k: CameraIntrinsics) -> (pixel: SIMD2<Double>, depth: Double)? {
        let depth = -p.z
        guard depth > 0.05 else { return nil }
        return (SIMD2(k.cx + k.fx * p.x / depth, k.cy - k.fy * p.y / depth), depth)
    }

    /// `map` sampled at the centres of a `rows` × `columns` grid over the same image, each new
    /// sample the old sample nearest that centre (as ``LidarMap/depth(at:width:height:minimumConfidence:)``
    /// picks it): no averaging, as the simulator samples its coarse maps from the scene.
    public static func pointSampled(_ map: LidarMap, rows: Int, columns: Int) -> LidarMap {
        var sampled = LidarMap(frame: map.frame, rows: rows, columns: columns, depth: [], confidence: [])
        sampled.depth.reserveCapacity(rows * columns)
        sampled.confidence.reserveCapacity(rows * columns)
        for r in 0..<rows {
            let row = min(Int((Double(r) + 0.5) * Double(map.rows) / Double(rows)), map.rows - 1)
            for c in 0..<columns {
                let column = min(Int((Double(c) + 0.5) * Double(map.columns) / Double(columns)), map.columns - 1)
                sampled.depth.append(map.depth[row * map.columns + column])
                sampled.confidence.append(map.confidence[row * map.columns + column])
            }
        }
        return sampled
    }

    /// Per sample, whether it lies at a depth discontinuity: its depth is finite and a
    /// 4-neighbour's finite depth differs from it by more than `step` metres (the simulator's
    /// silhouette rule, here on the measured depths).
    public static func discontinuities(_ map: LidarMap, step: Double) -> [Bool] {
        let (rows, columns) = (map.rows, map.columns)
        return map.depth.indices.map { k in
            let d = map.depth[k]
            guard d.isFinite else { return false }
            let (r, c) = (k / columns, k % columns)
            func differs(_ j: Int) -> Bool { let e = map.depth[j]; return e.isFinite && Double(abs(e - d)) > step }
            return (r > 0 && differs(k - columns)) || (r + 1 < rows && differs(k + columns))
                || (c > 0 && differs(k - 1)) || (c + 1 < columns && differs(k + 1))
        }
    }

    /// Per sample, the 4-neighbour (city-block) distance in samples to the nearest flagged
    /// sample; nil everywhere when none is flagged.
    public static func distances(to flags: [Bool], rows: Int, columns: Int) -> [Int]? {
        var distance = [Int](repeating: Int.max, count: flags.count)
        var queue: [Int] = []
        queue.reserveCapacity(flags.count)
        for k in flags.indices where flags[k] {
            distance[k] = 0
            queue.append(k)
        }
        guard !queue.isEmpty else { return nil }
        var head = 0
        while head < queue.count {
            let k = queue[head]
            head += 1
            let (r, c) = (k / columns, k % columns)
            for (ok, j) in [(r > 0, k - columns), (r + 1 < rows, k + columns), (c > 0, k - 1), (c + 1 < columns, k + 1)]
            where ok && distance[j] == Int.max {
                distance[j] = distance[k] + 1
                queue.append(j)
            }
        }
        return distance
    }
}
