import Recording

/// How well the LiDAR points of two frames about a second apart land on each other in the
/// world (`spec.md#sensor-statistics`): a check of a recording's conventions on real data. The
/// high-confidence samples (confidence 2, depth ≤ a limit) of both frames are back-projected
/// through their poses and intrinsics; for each point of the first frame that the second
/// frame's camera sees (inside its image, within the depth limit: only surfaces both frames
/// see can land on each other) the distance to the nearest point of the second is found, and
/// the pair's figure is the 25th percentile (nearest rank) of those distances. Static surfaces seen twice give a few centimetres; a
/// wrong axis, a transposed pose or a mirrored map gives tens of centimetres.
public enum FramePairAlignment {
    /// Distances are exact up to this many metres (two cells of the search grid); farther
    /// nearest neighbours count as infinitely far.
    public static let reach = 0.2
    /// The search grid's cell, metres.
    static let cell = 0.1

    /// The world points of `map`'s samples of confidence 2 with a depth in (0, `maximumDepth`],
    /// every `stride`-th row and column, seen from `frame`.
    public static func worldPoints(_ map: LidarMap, frame: Frame, maximumDepth: Double, stride: Int = 1) -> [SIMD3<Double>] {
        var points: [SIMD3<Double>] = []
        let step = max(1, stride)
        for r in Swift.stride(from: 0, to: map.rows, by: step) {
            for c in Swift.stride(from: 0, to: map.columns, by: step) {
                let k = r * map.columns + c
                let depth = Double(map.depth[k])
                guard map.confidence[k] >= 2, depth > 0, depth <= maximumDepth else { continue }
                let pixel = map.pixel(row: r, column: c, width: frame.width, height: frame.height)
                points.append(MapGeometry.transform(frame.pose, MapGeometry.cameraPoint(pixel: pixel, depth: depth, intrinsics: frame.intrinsics)))
            }
        }
        return points
    }

    /// The `points` that `frame`'s camera sees: in front of it, inside its image, at a depth
    /// of at most `maximumDepth`.
    public static func seen(_ points: [SIMD3<Double>], by frame: Frame, maximumDepth: Double) -> [SIMD3<Double>] {
        points.filter { point in
            guard let seen = MapGeometry.project(MapGeometry.inverseTransform(frame.pose, point), intrinsics: frame.intrinsics) else { return false }
            return seen.depth <= maximumDepth && seen.pixel.x >= 0 && seen.pixel.y >= 0
                && seen.pixel.x < Double(frame.width) && seen.pixel.y < Double(frame.height)
        }
    }

    /// The nearest-rank `p`-quantile of the distances from each of `points` to the nearest of
    /// `targets` (exact up to ``reach``; beyond it, infinity); NaN when either set is empty.
    public static func nearestDistanceQuantile(_ p: Double, from points: [SIMD3<Double>], to targets: [SIMD3<Double>]) -> Double {
        guard !points.isEmpty, !targets.isEmpty else { return .nan }
        let grid = Grid(targets)
        var distances = points.map { grid.nearestDistance(to: $0) }
        distances.sort()
        let k = max(1, min(distances.count, Int((p * Double(distances.count)).rounded(.up))))
        return distances[k - 1]
    }

    /// Points bucketed in cubic cells of ``cell`` metres: the points sorted by cell (kept as
    /// three coordinate arrays, which keeps the search fast in unoptimised builds too), and per
    /// occupied cell (sorted) where its points start.
    struct Grid {
        var x: [Double] = [], y: [Double] = [], z: [Double] = []
        var keys: [Int] = []
        var starts: [Int] = []

        init(_ points: [SIMD3<Double>]) {
            let keyed = points.map { p in (Self.key(Self.index(p.x), Self.index(p.y), Self.index(p.z)), p) }.sorted { $0.0 < $1.0 }
            for (k, entry) in keyed.enumerated() {
                if keys.last != entry.0 {
                    keys.append(entry.0)
                    starts.append(k)
                }
                x.append(entry.1.x)
                y.append(entry.1.y)
                z.append(entry.1.z)
            }
            starts.append(keyed.count)
        }

        static func index(_ coordinate: Double) -> Int { Int((coordinate / cell).rounded(.down)) }

        static func key(_ i: Int, _ j: Int, _ k: Int) -> Int {
            let bias = 1 << 20, mask = (1 << 21) - 1
            return ((i + bias) & mask) << 42 | ((j + bias) & mask) << 21 | ((k + bias) & mask)
        }

        /// The points of the cell with `key` (an empty range when none).
        func members(_ key: Int) -> Range<Int> {
            var (low, high) = (0, keys.count)
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key ? starts[low]..<starts[low + 1] : 0..<0
        }

        /// The distance to the nearest point: searched in the 3 × 3 × 3 cells around `p`, which
        /// settles any distance up to one cell, then in the 5 × 5 × 5 cells (up to two).
        func nearestDistance(to p: SIMD3<Double>) -> Double {
            let (px, py, pz) = (p.x, p.y, p.z)
            let (ci, cj, ck) = (Self.index(px), Self.index(py), Self.index(pz))
            var best = Double.infinity
            for radius in 1...2 {
                for di in -radius...radius {
                    for dj in -radius...radius {
                        for dk in -radius...radius where radius == 1 || max(abs(di), abs(dj), abs(dk)) == radius {
                            for m in members(Self.key(ci + di, cj + dj, ck + dk)) {
                                let (dx, dy, dz) = (x[m] - px, y[m] - py, z[m] - pz)
                                best = min(best, dx * dx + dy * dy + dz * dz)
                            }
                        }
                    }
                }
                let distance = best.squareRoot()
                if distance <= Double(radius) * cell { return distance }
            }
            return .infinity
        }
    }
}
