import Foundation
import EvalNumerics
import Recording

/// Samples a detection's depth grid from the true scene: ray-cast true depth, LiDAR with
/// noise, edge bleed and confidence (`LidarModel`), the subject mask, and the depth
/// network's relative inverse depth (`DepthNetworkModel`).
public struct DepthGridSampler: Sendable {
    /// The camera.
    public var camera: PinholeCamera
    /// LiDAR model.
    public var lidar: LidarModel
    /// Grid rows and columns.
    public var gridSize: Int

    /// Creates a sampler.
    public init(camera: PinholeCamera, lidar: LidarModel, gridSize: Int) {
        self.camera = camera
        self.lidar = lidar
        self.gridSize = gridSize
    }

    /// The grid of detection `id` with `box`, caused by `source` (nil: a false positive,
    /// whose subject is whatever its centre sample hits).
    public func grid(
        detection id: Int64, box: PixelBox, source: Int64?, scene: Scene, time: Double, pose: RigidPose,
        network: DepthNetworkFrame, random: inout SplitMix64
    ) -> DepthGrid {
        let n = max(1, gridSize)
        let pixels = (0..<(n * n)).map { Self.samplePixel(index: $0, size: n, box: box) }
        let caster = RayCaster(scene: scene, time: time, origin: pose.position)
        let hits = pixels.map { caster.cast(direction: pose.worldPoint(fromCamera: camera.ray(u: $0.x, v: $0.y)) - pose.position) }
        let subject = source ?? hits[(n / 2) * n + n / 2].object
        var lidarDepth = [Float](repeating: .nan, count: n * n)
        var confidence = [UInt8](repeating: 0, count: n * n)
        var inverse = [Float](repeating: .nan, count: n * n)
        var mask = [UInt8](repeating: 0, count: n * n)
        for index in 0..<(n * n) {
            let depth = hits[index].depth
            let neighbour = Self.mostDifferent(from: depth, among: Self.neighbours(of: index, size: n).map { hits[$0].depth })
            let silhouette = abs(neighbour - depth) > lidar.silhouetteStep
            let inside = hits[index].object != nil && hits[index].object == subject
            mask[index] = (silhouette && random.chance(lidar.maskBoundaryFlipProbability)) != inside ? 1 : 0
            (lidarDepth[index], confidence[index]) = lidarSample(depth: depth, neighbour: neighbour, silhouette: silhouette, random: &random)
            inverse[index] = Float(network.inverseDepth(depth: depth, u: pixels[index].x / Double(camera.width),
                                                        v: pixels[index].y / Double(camera.height), random: &random))
        }
        return DepthGrid(
            detection: id, rows: n, columns: n, u: pixels.map { Float($0.x) }, v: pixels.map { Float($0.y) },
            lidarDepth: lidarDepth, lidarConfidence: confidence, relativeInverseDepth: inverse, inMask: mask,
            groundTruthDepth: hits.map { Float($0.depth) })
    }

    /// One LiDAR reading of a surface at `depth` (neighbour surface at `neighbour`).
    func lidarSample(depth: Double, neighbour: Double, silhouette: Bool, random: inout SplitMix64) -> (Float, UInt8) {
        let (near, far) = (lidar.validRange.first ?? 0.1, lidar.validRange.last ?? 8)
        guard depth.isFinite, depth >= near, depth <= far else { return (.nan, 0) }
        let noise = (lidar.noiseBase + lidar.noisePerSquareMetre * depth * depth) * random.gaussian()
        if silhouette && random.chance(lidar.edgeBleedProbability) {
            let mixed = depth + (neighbour - depth) * random.uniform(0.3, 1)
            return (Float(mixed + noise), random.chance(0.5) ? 1 : 0)
        }
        let level: UInt8 = depth <= lidar.highConfidenceDepth ? 2 : depth <= lidar.mediumConfidenceDepth ? 1 : 0
        return (Float(depth + noise), silhouette ? min(level, 1) : level)
    }

    /// The centre of grid cell `index` (row-major, row 0 at the top) of `box`.
    static func samplePixel(index: Int, size: Int, box: PixelBox) -> SIMD2<Double> {
        let column = (Double(index % size) + 0.5) / Double(size)
        let row = (Double(index / size) + 0.5) / Double(size)
        return SIMD2(box.x + column * box.width, box.y + row * box.height)
    }

    /// The value of `candidates` farthest from `depth` (`depth` itself when there are none).
    static func mostDifferent(from depth: Double, among candidates: [Double]) -> Double {
        var best = depth
        for candidate in candidates where abs(candidate - depth) > abs(best - depth) {
            best = candidate
        }
        return best
    }

    /// Indices of the 4-neighbours of `index` on an `size`×`size` grid.
    static func neighbours(of index: Int, size: Int) -> [Int] {
        neighbours(of: index, rows: size, columns: size)
    }

    /// Indices of the 4-neighbours of `index` on a `rows`×`columns` grid (row-major).
    static func neighbours(of index: Int, rows: Int, columns: Int) -> [Int] {
        let (row, column) = (index / columns, index % columns)
        return [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
            .filter { $0.0 >= 0 && $0.0 < rows && $0.1 >= 0 && $0.1 < columns }.map { $0.0 * columns + $0.1 }
    }

    /// The fast (364-px) network pass over `grid` (a grid of the full pass, with its true
    /// depths): the same frame's affine and distortion, the fast variant's noise level
    /// `model.effectiveNoise` for `.fast`, drawn independently of the full pass's noise — so
    /// the two passes differ as the app measured (r ≈ 0.98, ≈ 3.5 % mean absolute difference; spec.md#sim-fast-pass).
    public func fastPass(of grid: DepthGrid, network: DepthNetworkFrame, model: DepthNetworkModel, random: inout SplitMix64) -> [Float] {
        var fast = model
        fast.variant = .fast
        var frame = network
        frame.noise = fast.effectiveNoise
        let truth = grid.groundTruthDepth ?? Array(repeating: .nan, count: grid.u.count)
        return grid.u.indices.map { k in
            Float(frame.inverseDepth(depth: Double(truth[k]), u: Double(grid.u[k]) / Double(camera.width),
                                     v: Double(grid.v[k]) / Double(camera.height), random: &random))
        }
    }

    /// A coarse LiDAR map of the whole image of `frame`, seen from `pose` at `time`: the
    /// same noise, edge-bleed and confidence model as the grids, on `rows` × `columns`
    /// samples at the pixel centres `LidarMap.pixel(row:column:width:height:)` names.
    public func lidarMap(
        frame: Int64, rows: Int, columns: Int, scene: Scene, time: Double, pose: RigidPose, random: inout SplitMix64
    ) -> LidarMap {
        var map = LidarMap(frame: frame, rows: rows, columns: columns, depth: [], confidence: [])
        let caster = RayCaster(scene: scene, time: time, origin: pose.position)
        let depths = (0..<(rows * columns)).map { index -> Double in
            let pixel = map.pixel(row: index / columns, column: index % columns, width: camera.width, height: camera.height)
            return caster.cast(direction: pose.worldPoint(fromCamera: camera.ray(u: pixel.x, v: pixel.y)) - pose.position).depth
        }
        for index in depths.indices {
            let depth = depths[index]
            let neighbour = Self.mostDifferent(from: depth, among: Self.neighbours(of: index, rows: rows, columns: columns).map { depths[$0] })
            let (value, level) = lidarSample(depth: depth, neighbour: neighbour, silhouette: abs(neighbour - depth) > lidar.silhouetteStep, random: &random)
            map.depth.append(value)
            map.confidence.append(level)
        }
        return map
    }
}

/// The depth network's draws for one frame: affine scale and shift and a smooth distortion.
public struct DepthNetworkFrame: Equatable, Sendable {
    /// Per-frame scale s.
    public var scale: Double
    /// Per-frame shift t.
    public var shift: Double
    /// Distortion amplitude.
    public var amplitude: Double
    /// Distortion spatial frequencies (cycles per image) and phases.
    public var frequencies: SIMD2<Double>
    /// Distortion phases, radians.
    public var phases: SIMD2<Double>
    /// Relative per-sample noise.
    public var noise: Double

    /// Draws a frame's parameters from `model`.
    public init(model: DepthNetworkModel, random: inout SplitMix64) {
        scale = random.uniform(model.scaleRange.first ?? 1, model.scaleRange.last ?? 1)
        shift = random.uniform(model.shiftRange.first ?? 0, model.shiftRange.last ?? 0)
        amplitude = model.distortionAmplitude
        frequencies = SIMD2(random.uniform(0.3, 1.2), random.uniform(0.3, 1.2))
        phases = SIMD2(random.uniform(0, 2 * .pi), random.uniform(0, 2 * .pi))
        noise = model.effectiveNoise
    }

    /// The network's output at normalised image position (`u`, `v`) ∈ [0, 1]² for a
    /// surface at `depth` metres.
    public func inverseDepth(depth: Double, u: Double, v: Double, random: inout SplitMix64) -> Double {
        let distortion = amplitude * sin(2 * .pi * frequencies.x * u + phases.x) * cos(2 * .pi * frequencies.y * v + phases.y)
        let truth = scale / depth
        return truth * (1 + distortion) + shift + noise * truth * random.gaussian()
    }
}
