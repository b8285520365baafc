import Foundation
import EvalNumerics
import Recording

/// Samples a detection's depth grid from the true scene: ray-cast true depth, LiDAR with
/// noise, silhouette mixing and confidence (`LidarModel`), the subject mask with its boundary
/// errors and leaks (`SegmentationModel`), and the depth network's relative inverse depth
/// (`DepthNetworkModel`).
public struct DepthGridSampler: Sendable {
    /// The camera.
    public var camera: PinholeCamera
    /// LiDAR model.
    public var lidar: LidarModel
    /// Segmentation (subject mask) model.
    public var segmentation: SegmentationModel
    /// Grid rows and columns.
    public var gridSize: Int
    /// Each object's silhouette inside its box (`SilhouetteTemplates.assigned`); an object
    /// without one fills its box. Used only when `segmentation.silhouettes` is on.
    public var silhouettes: [Int64: Silhouette]

    /// Creates a sampler.
    public init(
        camera: PinholeCamera, lidar: LidarModel, segmentation: SegmentationModel = SegmentationModel(), gridSize: Int,
        silhouettes: [Int64: Silhouette] = [:]
    ) {
        self.camera = camera
        self.lidar = lidar
        self.segmentation = segmentation
        self.gridSize = gridSize
        self.silhouettes = silhouettes
    }

    /// The grid of detection `id` with `box`, caused by `source` (nil: a false positive,
    /// whose subject is whatever its centre sample hits); the network reads its residual
    /// field through `patch`.
    public func grid(
        detection id: Int64, box: PixelBox, source: Int64?, scene: Scene, time: Double, pose: RigidPose,
        network: DepthNetworkFrame, patch: ResidualPatch, random: inout SplitMix64
    ) -> DepthGrid {
        let n = max(1, gridSize)
        let pixels = (0..<(n * n)).map { Self.samplePixel(index: $0, size: n, box: box) }
        let caster = RayCaster(scene: scene, time: time, origin: pose.position)
        let directions = pixels.map { pose.worldPoint(fromCamera: camera.ray(u: $0.x, v: $0.y)) - pose.position }
        let solidHits = directions.map { caster.cast(direction: $0) }
        let subject = source ?? solidHits[(n / 2) * n + n / 2].object
        let hits = silhouetteHits(solidHits, directions: directions, subject: subject, caster: caster, size: n, random: &random)
        let error = MaskError(model: segmentation, random: &random)
        let keys = (0..<(n * n)).map { _ in random.nextUnit() }
        let selected = error.applied(to: hits.map { $0.object != nil && $0.object == subject }, size: n, keys: keys)
        var lidarDepth = [Float](repeating: .nan, count: n * n)
        var confidence = [UInt8](repeating: 0, count: n * n)
        var inverse = [Float](repeating: .nan, count: n * n)
        var mask = [UInt8](repeating: 0, count: n * n)
        let corner = SIMD2(box.x, box.y)
        let depths = hits.map(\.depth)
        for index in 0..<(n * n) {
            let depth = depths[index]
            let neighbour = Self.mostDifferentNeighbour(of: index, rows: n, columns: n, in: depths)
            let silhouette = abs(neighbour - depth) > lidar.silhouetteStep
            mask[index] = (silhouette && random.chance(segmentation.boundaryFlipProbability)) != selected[index] ? 1 : 0
            (lidarDepth[index], confidence[index]) = lidarSample(
                depth: depth, neighbour: neighbour, silhouette: silhouette, pitch: (box.width + box.height) / Double(2 * n), random: &random)
            let residual = network.residual(at: patch.sourcePixel(u: pixels[index].x, v: pixels[index].y, corner: corner))
            inverse[index] = Float(network.inverseDepth(depth: depth, residual: residual))
        }
        return DepthGrid(
            detection: id, rows: n, columns: n, u: pixels.map { Float($0.x) }, v: pixels.map { Float($0.y) },
            lidarDepth: lidarDepth, lidarConfidence: confidence, relativeInverseDepth: inverse, inMask: mask,
            groundTruthDepth: hits.map { Float($0.depth) })
    }

    /// `hits` with the subject's silhouette cut out (`SegmentationModel.silhouettes`): where the
    /// subject's template shows background, the sample sees what lies behind the object — the
    /// nearer of the scene behind it and the subject's surface plus a depth jump drawn once per
    /// grid from real boundaries (`BinnedDistribution.backgroundJump`).
    func silhouetteHits(
        _ hits: [RayHit], directions: [SIMD3<Double>], subject: Int64?, caster: RayCaster, size: Int, random: inout SplitMix64
    ) -> [RayHit] {
        guard segmentation.silhouettes, let subject, let template = silhouettes[subject] else { return hits }
        let jump = BinnedDistribution.backgroundJump.draw(&random)
        return hits.indices.map { index in
            let hit = hits[index]
            guard hit.object == subject, !template.covers(row: index / size, column: index % size, size: size) else { return hit }
            let behind = caster.cast(direction: directions[index], excluding: subject)
            return behind.depth <= hit.depth + jump ? behind : RayHit(depth: hit.depth + jump, object: nil)
        }
    }

    /// One LiDAR reading of a surface at `depth` (most different neighbour surface at
    /// `neighbour`, samples `pitch` pixels apart): at a silhouette, a mix of the two surfaces
    /// with a measured fraction; its confidence as `LidarModel.measuredConfidence` says. With
    /// measured confidence a silhouette sample's distance to the edge is drawn first
    /// (`LidarConfidence.edgeDistance`) and only a sample inside the real sensor's edge band mixes.
    func lidarSample(depth: Double, neighbour: Double, silhouette: Bool, pitch: Double, random: inout SplitMix64) -> (Float, UInt8) {
        let (near, far) = (lidar.validRange.first ?? 0.05, lidar.validRange.last ?? 5)
        guard depth.isFinite, depth >= near, depth <= far else { return (.nan, 0) }
        let table = LidarConfidence.measured
        let edgeDistance = silhouette && lidar.measuredConfidence ? table.edgeDistance(pitchPixels: pitch, random: &random) : nil
        let noise = (lidar.noiseBase + lidar.noisePerSquareMetre * depth * depth) * random.gaussian()
        var reading = depth
        if silhouette, lidar.measuredEdgeMixing, neighbour.isFinite, edgeDistance.map({ $0 <= LidarConfidence.mixingBand }) ?? true {
            let (front, back) = (min(depth, neighbour), max(depth, neighbour))
            reading = front + (back - front) * EdgeMixing.measured.draw(&random)
        }
        guard !lidar.measuredConfidence else {
            return (Float(reading + noise), table.level(depth: reading + noise, edgeDistance: edgeDistance, random: &random))
        }
        let level: UInt8 = depth <= lidar.highConfidenceDepth ? 2 : depth <= lidar.mediumConfidenceDepth ? 1 : 0
        return (Float(reading + noise), silhouette ? min(level, 1) : level)
    }

    /// The centre of grid cell `index` (row-major, row 0 at the top) of `box`.
    static func samplePixel(index: Int, size: Int, box: PixelBox) -> SIMD2<Double> {
        let column = (Double(index % size) + 0.5) / Double(size)
        let row = (Double(index / size) + 0.5) / Double(size)
        return SIMD2(box.x + column * box.width, box.y + row * box.height)
    }

    /// Of the 4-neighbours of `index` on a `rows` × `columns` grid (row-major), visited above,
    /// below, left, right, the first whose value lies farthest from `values[index]`; that
    /// value itself when no neighbour differs from it (or there is none).
    static func mostDifferentNeighbour(of index: Int, rows: Int, columns: Int, in values: [Double]) -> Double {
        let depth = values[index]
        var best = depth
        forEachNeighbour(of: index, rows: rows, columns: columns) { k in
            if abs(values[k] - depth) > abs(best - depth) { best = values[k] }
        }
        return best
    }

    /// Calls `body` with the index of each 4-neighbour of `index` on a `rows` × `columns` grid
    /// (row-major), in the order above, below, left, right, without building a list.
    @inline(__always)
    static func forEachNeighbour(of index: Int, rows: Int, columns: Int, _ body: (Int) -> Void) {
        let (row, column) = (index / columns, index % columns)
        if row > 0 { body(index - columns) }
        if row + 1 < rows { body(index + columns) }
        if column > 0 { body(index - 1) }
        if column + 1 < columns { body(index + 1) }
    }

    /// The fast (364-px) network pass over `grid` of `box` (a grid of the full pass, with its
    /// true depths): the same frame's affine, the full pass's residual patch or an independent
    /// one (`fastPatch`, `DepthNetworkModel.fastPassResidual`), plus what the real prediction
    /// loses at 364/518 of its resolution (spec.md#sim-fast-pass).
    public func fastPass(of grid: DepthGrid, box: PixelBox, network: DepthNetworkFrame, patch: ResidualPatch, fastPatch: ResidualPatch) -> [Float] {
        let truth = grid.groundTruthDepth ?? Array(repeating: .nan, count: grid.u.count)
        let corner = SIMD2(box.x, box.y)
        return grid.u.indices.map { k in
            let u = Double(grid.u[k]), v = Double(grid.v[k])
            let residual = network.fastResidual(
                at: patch.sourcePixel(u: u, v: v, corner: corner), independent: fastPatch.sourcePixel(u: u, v: v, corner: corner))
            return Float(network.inverseDepth(depth: Double(truth[k]), residual: residual))
        }
    }

    /// Samples per tile of a LiDAR map (rows, columns) whose rays share one culled caster.
    static let lidarTile = (rows: 8, columns: 6)

    /// A coarse LiDAR map of the whole image of `frame`, seen from `pose` at `time`: the
    /// same noise, edge-bleed and confidence model as the grids, on `rows` × `columns`
    /// samples at the pixel centres `LidarMap.pixel(row:column:width:height:)` names.
    public func lidarMap(
        frame: Int64, rows: Int, columns: Int, scene: Scene, time: Double, pose: RigidPose, random: inout SplitMix64
    ) -> LidarMap {
        var map = LidarMap(frame: frame, rows: rows, columns: columns, depth: [], confidence: [])
        let direction = { (row: Int, column: Int) -> SIMD3<Double> in
            let pixel = map.pixel(row: row, column: column, width: camera.width, height: camera.height)
            return pose.worldPoint(fromCamera: camera.ray(u: pixel.x, v: pixel.y)) - pose.position
        }
        let (last, right) = (max(rows - 1, 0), max(columns - 1, 0))
        let caster = RayCaster(
            scene: scene, time: time, origin: pose.position,
            pyramidEdges: [direction(0, 0), direction(0, right), direction(last, right), direction(last, 0)])
        // Each tile of samples casts only at the solids that can lie inside the pyramid of its
        // corner samples' rays: a pinhole's sample rays inside a tile are convex combinations
        // of its corner rays, so the tile's caster returns what the frame's returns, sooner.
        var depths = [Double](repeating: 0, count: rows * columns)
        for tileRow in stride(from: 0, to: rows, by: Self.lidarTile.rows) {
            for tileColumn in stride(from: 0, to: columns, by: Self.lidarTile.columns) {
                let (bottom, edge) = (min(tileRow + Self.lidarTile.rows, rows) - 1, min(tileColumn + Self.lidarTile.columns, columns) - 1)
                let tile = caster.restricted(to: [direction(tileRow, tileColumn), direction(tileRow, edge), direction(bottom, edge),
                                                  direction(bottom, tileColumn)])
                for row in tileRow...bottom {
                    for column in tileColumn...edge { depths[row * columns + column] = tile.cast(direction: direction(row, column)).depth }
                }
            }
        }
        map.depth.reserveCapacity(depths.count)
        map.confidence.reserveCapacity(depths.count)
        for index in depths.indices {
            let depth = depths[index]
            let neighbour = Self.mostDifferentNeighbour(of: index, rows: rows, columns: columns, in: depths)
            let (value, level) = lidarSample(
                depth: depth, neighbour: neighbour, silhouette: abs(neighbour - depth) > lidar.silhouetteStep,
                pitch: Double(camera.width) / Double(max(columns, 1)), random: &random)
            map.depth.append(value)
            map.confidence.append(level)
        }
        return map
    }
}

/// The depth network's draws for one frame (affine scale and shift) and its residual model.
public struct DepthNetworkFrame: Sendable {
    /// Per-frame scale s.
    public var scale: Double
    /// Per-frame shift t.
    public var shift: Double
    /// The model.
    public var model: DepthNetworkModel
    /// The residual field read.
    public var field: DepthResidualField

    /// Draws a frame's parameters from `model`.
    public init(model: DepthNetworkModel, field: DepthResidualField = .measured, random: inout SplitMix64) {
        scale = random.uniform(model.scaleRange.first ?? 1, model.scaleRange.last ?? 1)
        shift = random.uniform(model.shiftRange.first ?? 0, model.shiftRange.last ?? 0)
        self.model = model
        self.field = field
    }

    /// A patch of the residual field for a grid over `box` of a camera with focal `focal` px.
    public func patch(for box: PixelBox, focal: Double, random: inout SplitMix64) -> ResidualPatch {
        ResidualPatch(box: box, field: field, scale: model.residualFieldFocalPixels / focal, random: &random)
    }

    /// The configured variant's relative residual at source pixel `point` (the fast variant
    /// as `fastResidual` with the same place standing in for the independent patch).
    public func residual(at point: SIMD2<Double>) -> Double {
        model.variant == .full ? field.value(field.residual, at: point) : fastResidual(at: point, independent: point)
    }

    /// The fast pass's relative residual: the full pass's at `point` (shared) or the field at
    /// `independent`, plus the resolution loss at `point`.
    public func fastResidual(at point: SIMD2<Double>, independent: SIMD2<Double>) -> Double {
        let own = model.fastPassResidual == .shared ? field.value(field.residual, at: point) : field.value(field.residual, at: independent)
        return own + field.value(field.resolutionLoss, at: point)
    }

    /// The network's output for a surface at `depth` metres with relative residual `residual`.
    public func inverseDepth(depth: Double, residual: Double) -> Double {
        scale / depth * (1 + model.residualScale * residual) + shift
    }
}
