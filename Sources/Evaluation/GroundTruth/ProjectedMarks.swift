import Recording
import Replay

/// Ground-truth boxes projected from marks (spec.md#projected-marks): where tracking needs
/// per-frame boxes and a recording has only the placements its marks gave, each placed
/// object's 3-D box (its placement's centre, its extent, upright and axis-aligned) is
/// projected through the frame's recorded pose and intrinsics, lined up with what the camera
/// saw (`ProjectionAlignment`), and its visibility is read from the recorded LiDAR maps.
///
/// - A box is made when every corner is at least ``nearPlane`` in front of the camera, the
///   centre is within ``maximumDistance``, and the box, shifted by the frame's alignment and
///   clipped to the image, keeps at least ``minimumSide`` pixels on each side.
/// - Visibility: the LiDAR map of the frame, or of the nearest frame with a map within
///   ``mapWindow`` seconds (the object projected through that frame's camera and shifted by
///   its alignment), is read at the samples inside the box. A sample with a return of at least
///   medium confidence is evidence; it hides the object when it lies clearly in front: nearer
///   than the box's nearest corner by more than ``occlusionMargin`` plus the marks' error
///   bound. Visibility is the share of the full (unclipped) box inside the image times the
///   share of evidence that does not hide the object, as a labelled box's visibility counts
///   both. A box with evidence and none of it unhidden (behind a wall, a door, furniture) is
///   left out; a box with no evidence (no map near in time, a box between the map's samples, no
///   returns beyond the sensor's range) counts as unhidden.
public enum ProjectedMarks {
    /// Every box corner must be this far in front of the camera, metres.
    public static let nearPlane = 0.1
    /// Objects further than this from the camera are not boxed, metres.
    public static let maximumDistance = 15.0
    /// The shortest side of a clipped box, pixels.
    public static let minimumSide = 2.0
    /// How far in time a LiDAR map may be from the frame it judges, seconds.
    public static let mapWindow = 0.25
    /// How much nearer than the object a LiDAR return must be to hide it, metres (before the
    /// marks' error bound is added).
    public static let occlusionMargin = 0.10
    /// The least LiDAR confidence that counts as evidence (1, medium).
    public static let evidenceConfidence: UInt8 = 1

    /// The projected boxes of `recording`'s placed objects on every frame, frames in order and
    /// objects in id order; ids count from 1. `errorBound` widens the occlusion margin.
    public static func boxes(_ recording: Recording, errorBound: Double = 0) -> [GroundTruthBox] {
        let frames = recording.frames.sorted { $0.index < $1.index }
        let projections = project(recording, frames: frames)
        let labels = Dictionary(recording.groundTruthObjects.map { ($0.id, $0.label) }, uniquingKeysWith: { a, _ in a })
        let shifts = ProjectionAlignment.shifts(
            recording, projections: projections.mapValues { $0.map { ProjectionAlignment.Projection(object: $0.object, box: $0.box) } },
            labels: labels)
        let maps = MapLookup(recording, frames: frames)
        var result: [GroundTruthBox] = []
        for frame in frames {
            let mapped = maps.nearest(to: frame)
            let evidence = mapped.map { projections[$0.frame.index] ?? [] } ?? []
            for seen in projections[frame.index] ?? [] {
                guard let box = clip(seen.box, shift: shifts[frame.index], frame: frame) else { continue }
                let full = seen.box.width * seen.box.height
                var visibility = full > 0 ? min(1, box.width * box.height / full) : 1
                if let (map, mapFrame) = mapped, let there = evidence.first(where: { $0.object == seen.object }),
                   let mapBox = clip(there.box, shift: shifts[mapFrame.index], frame: mapFrame),
                   let share = visibleShare(of: mapBox, nearest: there.nearestDepth, in: map, frame: mapFrame,
                                            margin: occlusionMargin + errorBound) {
                    guard share > 0 else { continue }
                    visibility *= share
                }
                result.append(GroundTruthBox(id: Int64(result.count + 1), frame: frame.index, object: seen.object, box: box, visibility: visibility))
            }
        }
        return result
    }

    /// An object's full (unclipped, unshifted) image box on one frame and the depth of its nearest corner.
    struct Seen {
        var object: Int64
        var box: PixelBox
        var nearestDepth: Double
    }

    /// The full projections of the placed objects on every frame, objects in id order.
    static func project(_ recording: Recording, frames: [Frame]) -> [Int64: [Seen]] {
        let extent = Dictionary(recording.groundTruthObjects.map { ($0.id, $0.extent) }, uniquingKeysWith: { a, _ in a })
        let placements = recording.groundTruthPlacements.sorted { ($0.object, $0.from) < ($1.object, $1.from) }
        var result: [Int64: [Seen]] = [:]
        for frame in frames {
            let camera = FrameCamera(frame)
            result[frame.index] = placements.compactMap { placement in
                guard placement.from <= frame.time, frame.time < (placement.to ?? .infinity), let size = extent[placement.object]
                else { return nil }
                return project(object: placement.object, centre: placement.position, extent: size, camera: camera)
            }
        }
        return result
    }

    /// The projection of the upright box at `centre` with `extent`, nil when a corner is
    /// behind the near plane or the object is too far.
    static func project(object: Int64, centre: SIMD3<Double>, extent: SIMD3<Double>, camera: FrameCamera) -> Seen? {
        let offset = centre - camera.position
        guard (offset * offset).sum() <= maximumDistance * maximumDistance else { return nil }
        var low = SIMD2(Double.infinity, .infinity), high = -low, nearest = Double.infinity
        let half = extent / 2, k = camera.intrinsics
        for bits in 0..<8 {
            let corner = centre + SIMD3(bits & 1 == 0 ? -half.x : half.x, bits & 2 == 0 ? -half.y : half.y, bits & 4 == 0 ? -half.z : half.z)
            let p = camera.cameraPoint(corner)
            let depth = -p.z
            guard depth >= nearPlane else { return nil }
            let pixel = SIMD2(k.cx + k.fx * p.x / depth, k.cy - k.fy * p.y / depth)
            low = pointwiseMin(low, pixel)
            high = pointwiseMax(high, pixel)
            nearest = min(nearest, depth)
        }
        return Seen(object: object, box: PixelBox(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y), nearestDepth: nearest)
    }

    /// `box` shifted and clipped to `frame`'s image, nil when less than ``minimumSide`` is left.
    static func clip(_ box: PixelBox, shift: SIMD2<Double>?, frame: Frame) -> PixelBox? {
        let s = shift ?? .zero
        let left = max(box.x + s.x, 0), top = max(box.y + s.y, 0)
        let right = min(box.x + s.x + box.width, Double(frame.width)), bottom = min(box.y + s.y + box.height, Double(frame.height))
        guard right - left >= minimumSide, bottom - top >= minimumSide else { return nil }
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The share of the map's evidence inside `box` that does not hide an object whose nearest
    /// corner is at `nearest` metres; nil without evidence.
    static func visibleShare(of box: PixelBox, nearest: Double, in map: LidarMap, frame: Frame, margin: Double) -> Double? {
        var evidence = 0, hiding = 0
        for row in 0..<map.rows {
            for column in 0..<map.columns {
                let pixel = map.pixel(row: row, column: column, width: frame.width, height: frame.height)
                guard pixel.x >= box.x, pixel.x <= box.x + box.width, pixel.y >= box.y, pixel.y <= box.y + box.height else { continue }
                let k = row * map.columns + column
                let depth = Double(map.depth[k])
                guard depth.isFinite, depth > 0, map.confidence[k] >= evidenceConfidence else { continue }
                evidence += 1
                if depth < nearest - margin { hiding += 1 }
            }
        }
        return evidence > 0 ? 1 - Double(hiding) / Double(evidence) : nil
    }

    /// The LiDAR map nearest in time to a frame, within ``mapWindow``.
    struct MapLookup {
        let mapped: [(map: LidarMap, frame: Frame)]

        init(_ recording: Recording, frames: [Frame]) {
            let byIndex = Dictionary(frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
            mapped = recording.lidarMaps.compactMap { map in byIndex[map.frame].map { (map, $0) } }.sorted { $0.frame.time < $1.frame.time }
        }

        func nearest(to frame: Frame) -> (map: LidarMap, frame: Frame)? {
            var lower = 0, upper = mapped.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if mapped[middle].frame.time < frame.time { lower = middle + 1 } else { upper = middle }
            }
            let candidates = [lower - 1, lower].filter { mapped.indices.contains($0) }
            guard let best = candidates.min(by: { abs(mapped[$0].frame.time - frame.time) < abs(mapped[$1].frame.time - frame.time) }),
                  abs(mapped[best].frame.time - frame.time) <= mapWindow else { return nil }
            return mapped[best]
        }
    }
}
