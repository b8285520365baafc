/// A simulated world: rooms with furniture, the objects in them over time, a camera path
/// and the lighting.
///
/// Scenes are built in room coordinates (floor at y = 0); the simulator shifts everything
/// so the world origin is where the camera starts, as in an ARKit session.
public struct Scene: Equatable, Sendable {
    /// The scenario's name.
    public var name: String
    /// One-line description for the recording's notes.
    public var summary: String
    /// The rooms; cameras and objects are inside one of them.
    public var rooms: [Room]
    /// The objects (and persons), with where they are over time.
    public var objects: [SceneObject]
    /// The camera's true path.
    public var path: CameraPath
    /// The lighting.
    public var lighting: Lighting
    /// The capture protocol followed, as written to the recording's meta.
    public var captureProtocol: String
    /// The protocol's "guide me to object X" spans (written to `guidance_requests`).
    public var guidance: [GuidanceSpan]

    /// Creates a scene from its parts.
    public init(
        name: String, summary: String, rooms: [Room], objects: [SceneObject], path: CameraPath,
        lighting: Lighting, captureProtocol: String, guidance: [GuidanceSpan] = []
    ) {
        self.name = name
        self.summary = summary
        self.rooms = rooms
        self.objects = objects
        self.path = path
        self.lighting = lighting
        self.captureProtocol = captureProtocol
        self.guidance = guidance
    }

    /// The same scene moved by `offset` (rooms, furniture, placements and camera path).
    public func translated(by offset: SIMD3<Double>) -> Scene {
        var moved = self
        moved.rooms = rooms.map { $0.translated(by: offset) }
        moved.objects = objects.map { $0.translated(by: offset) }
        moved.path = path.translated(by: offset)
        return moved
    }

    /// The room whose interior holds `point` (the first room when none does, nil without rooms).
    public func room(containing point: SIMD3<Double>) -> Room? {
        rooms.first { $0.interior.contains(point) } ?? rooms.first
    }

    /// The solid boxes present at `time`: furniture, then objects, each with the object id
    /// it belongs to (nil for furniture).
    public func solids(at time: Double) -> [(box: Box3, object: Int64?)] {
        rooms.flatMap { $0.furniture.map { (box: $0.box, object: Int64?.none) } }
            + objects.compactMap { object in object.box(at: time).map { (box: $0, object: Int64?.some(object.id)) } }
    }
}

/// Ordinary indoor light or a dim room.
public enum Lighting: String, Equatable, Sendable, Codable {
    /// Ordinary indoor lighting (every measurement of the app, spec.md#evidence-limits).
    case normal
    /// A dim room: the detector's recall and range drop (`DetectorModel`).
    case low
}

/// A room: its interior box (walls, floor and ceiling are its faces) and furniture.
public struct Room: Equatable, Sendable {
    /// The room's name (written to meta).
    public var name: String
    /// The interior: the camera and every object are inside it.
    public var interior: Box3
    /// Furniture: desks, tables, shelves, sofas (solid boxes, never detected).
    public var furniture: [Furniture]

    /// Creates a room.
    public init(name: String, interior: Box3, furniture: [Furniture]) {
        self.name = name
        self.interior = interior
        self.furniture = furniture
    }

    /// The room moved by `offset`.
    public func translated(by offset: SIMD3<Double>) -> Room {
        Room(
            name: name, interior: Box3(center: interior.center + offset, extent: interior.extent),
            furniture: furniture.map { Furniture(name: $0.name, box: Box3(center: $0.box.center + offset, extent: $0.box.extent)) })
    }
}

/// A piece of furniture: a solid box whose top is a surface things stand on.
public struct Furniture: Equatable, Sendable {
    /// What it is (`desk`, `shelf`, …).
    public var name: String
    /// Its solid box.
    public var box: Box3

    /// Creates furniture standing on the floor (y = 0) at (`x`, `z`) with the given size.
    public init(name: String, x: Double, z: Double, size: SIMD3<Double>) {
        self.init(name: name, box: Box3(center: SIMD3(x, size.y / 2, z), extent: size))
    }

    /// Creates furniture from its box.
    public init(name: String, box: Box3) {
        self.name = name
        self.box = box
    }

    /// The centre of an object of `kind` standing on the top surface, offset by (`dx`, `dz`)
    /// from the top's centre.
    public func spot(for kind: ObjectKind, dx: Double = 0, dz: Double = 0) -> SIMD3<Double> {
        box.topCenter + SIMD3(dx, kind.extent.y / 2, dz)
    }
}

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
    /// The corners of `solids` as the pyramid test reads them, worked out once per caster
    /// rather than once per pyramid it is restricted to.
    private let corners: SolidCorners

    /// Prepares casts from `origin` into `scene` at `time`.
    init(scene: Scene, time: Double, origin: SIMD3<Double>) {
        let solids = scene.solids(at: time)
        self.init(solids: solids, room: scene.room(containing: origin)?.interior, origin: origin,
                  corners: SolidCorners(solids.map(\.box), origin: origin))
    }

    /// Prepares casts from `origin` along directions inside the pyramid whose edges are
    /// `edges` (four directions in order around it): the solids wholly outside the pyramid,
    /// which no such ray can enter, are left out, so every cast inside it returns what the
    /// unrestricted caster returns, sooner.
    init(scene: Scene, time: Double, origin: SIMD3<Double>, pyramidEdges edges: [SIMD3<Double>]) {
        self = RayCaster(scene: scene, time: time, origin: origin).restricted(to: edges)
    }

    /// This caster with the solids left out that lie wholly outside the pyramid whose edges are
    /// `edges` (from the same origin): every cast inside that pyramid returns what this one does.
    func restricted(to edges: [SIMD3<Double>]) -> RayCaster {
        let planes = FrustumPlanes(origin: origin, edges: edges)
        let kept = solids.indices.filter { planes.mayIntersect(corners, solid: $0) }
        return RayCaster(solids: kept.map { solids[$0] }, room: room, origin: origin, corners: corners.subset(kept))
    }

    private init(solids: [(box: Box3, object: Int64?)], room: Box3?, origin: SIMD3<Double>, corners: SolidCorners) {
        self.solids = solids
        self.room = room
        self.origin = origin
        self.corners = corners
    }

    /// The first hit along `direction` (not necessarily unit; the depth is in its units),
    /// passing through the object `excluded` (what lies behind a silhouette).
    func cast(direction: SIMD3<Double>, excluding excluded: Int64? = nil) -> RayHit {
        var best = RayHit(depth: room?.exit(origin: origin, direction: direction) ?? .infinity, object: nil)
        for solid in solids where excluded == nil || solid.object != excluded {
            if let entry = solid.box.entry(origin: origin, direction: direction), entry < best.depth {
                best = RayHit(depth: entry, object: solid.object)
            }
        }
        return best
    }
}

/// The eight corners of each of a list of boxes relative to a camera centre, with their
/// lengths: the inputs of ``FrustumPlanes``'s test, computed by the same expressions it would
/// use on the boxes themselves, so a test on them gives the same answer.
struct SolidCorners {
    /// Corner minus origin, eight per box (``Box3/corners`` order).
    let offsets: [SIMD3<Double>]
    /// The length of each offset.
    let lengths: [Double]

    /// The corners of `boxes` relative to `origin`.
    init(_ boxes: [Box3], origin: SIMD3<Double>) {
        let offsets = boxes.flatMap { $0.corners.map { $0 - origin } }
        self.init(offsets: offsets, lengths: offsets.map { ($0 * $0).sum().squareRoot() })
    }

    private init(offsets: [SIMD3<Double>], lengths: [Double]) {
        self.offsets = offsets
        self.lengths = lengths
    }

    /// The corners of the boxes at `indices`, in that order.
    func subset(_ indices: [Int]) -> SolidCorners {
        let picked = indices.flatMap { 8 * $0..<8 * $0 + 8 }
        return SolidCorners(offsets: picked.map { offsets[$0] }, lengths: picked.map { lengths[$0] })
    }
}

/// The side planes of a pyramid with its apex at a camera centre: a conservative test of
/// whether a box can meet any ray inside it.
struct FrustumPlanes {
    /// The apex.
    let origin: SIMD3<Double>
    /// Inward normals of the side planes (nil when the edges do not span a pyramid).
    let normals: [SIMD3<Double>]?
    /// The length of each normal.
    private let normalLengths: [Double]

    /// The planes through `origin` and consecutive `edges` (four directions in order around
    /// the pyramid), oriented towards the edges' mean direction.
    init(origin: SIMD3<Double>, edges: [SIMD3<Double>]) {
        self.origin = origin
        guard edges.count >= 3 else { normals = nil; normalLengths = []; return }
        let inside = edges.reduce(SIMD3<Double>.zero, +)
        var normals: [SIMD3<Double>] = []
        for k in edges.indices {
            let (a, b) = (edges[k], edges[(k + 1) % edges.count])
            var normal = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
            if (normal * inside).sum() < 0 { normal = -normal }
            normals.append(normal)
        }
        // Not a convex pyramid (an edge repeated, edges in one plane or out of order): no culling.
        let convex = normals.indices.allSatisfy { k in
            edges.indices.filter { $0 != k && $0 != (k + 1) % edges.count }.allSatisfy { (normals[k] * edges[$0]).sum() > 0 }
        }
        self.normals = convex ? normals : nil
        normalLengths = convex ? normals.map { ($0 * $0).sum().squareRoot() } : []
    }

    /// False only when `box` lies wholly outside one side plane, by more than a rounding
    /// margin: then no ray inside the pyramid can meet it.
    func mayIntersect(_ box: Box3) -> Bool {
        mayIntersect(SolidCorners([box], origin: origin), solid: 0)
    }

    /// ``mayIntersect(_:)`` of box `solid` of `corners` (taken relative to this apex).
    func mayIntersect(_ corners: SolidCorners, solid: Int) -> Bool {
        guard let normals else { return true }
        let range = 8 * solid..<8 * solid + 8
        for (normal, length) in zip(normals, normalLengths) {
            if range.allSatisfy({ (corners.offsets[$0] * normal).sum() < -1e-9 * length * corners.lengths[$0] }) { return false }
        }
        return true
    }
}

/// A span of the capture during which the user asks to be guided to one object.
public struct GuidanceSpan: Equatable, Sendable {
    /// Start, seconds (inclusive).
    public var from: Double
    /// End, seconds (inclusive).
    public var to: Double
    /// The object asked for.
    public var object: Int64

    /// Creates a span from its parts.
    public init(from: Double, to: Double, object: Int64) {
        self.from = from
        self.to = to
        self.object = object
    }

    /// The same span with its times multiplied by `factor`.
    public func rescaled(by factor: Double) -> GuidanceSpan {
        GuidanceSpan(from: from * factor, to: to * factor, object: object)
    }
}
