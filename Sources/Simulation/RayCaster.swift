/// What a ray from the camera hits first: its depth and the object (nil for furniture,
/// walls, floor and ceiling).
public struct RayHit: Equatable, Sendable {
    /// Ray parameter of the hit; with a ray scaled to camera z = −1 this is the depth.
    public var depth: Double
    /// The object hit, or nil for furniture and the room's surfaces.
    public var object: Int64?
}

/// Casts rays from one camera centre into a scene at one time.
struct RayCaster {
    /// The solid boxes present (furniture and objects).
    let solids: [(box: Box3, object: Int64?)]
    /// The room the camera stands in (its faces are walls, floor and ceiling).
    let room: Box3?
    /// The ray origin.
    let origin: SIMD3<Double>

    /// Prepares casts from `origin` into `scene` at `time`.
    init(scene: Scene, time: Double, origin: SIMD3<Double>) {
        solids = scene.solids(at: time)
        room = scene.rooms.first { $0.interior.contains(origin) }?.interior ?? scene.rooms.first?.interior
        self.origin = origin
    }

    /// The first hit along `direction` (not necessarily unit; the depth is in its units).
    func cast(direction: SIMD3<Double>) -> RayHit {
        var best = RayHit(depth: room?.exit(origin: origin, direction: direction) ?? .infinity, object: nil)
        for solid in solids {
            if let entry = solid.box.entry(origin: origin, direction: direction), entry < best.depth {
                best = RayHit(depth: entry, object: solid.object)
            }
    }
        return best
    }
}
