import Foundation
import EvalNumerics

/// Where the scenarios' free placements come from: twin separations and move distances are
/// drawn per seed, log-uniformly over ranges that span every threshold under test (the merge
/// and lock-on radii, the 1 m veto, the arrival radii), never set to a chosen value
/// (spec.md#sim-layout).
public struct LayoutModel: Equatable, Sendable, Codable {
    /// Range, metres, of the distance between the two objects of a twin pair (log-uniform).
    public var twinSeparationRange: [Double] = [0.1, 3]
    /// Range, metres, of how far a moved object moves (log-uniform).
    public var moveDistanceRange: [Double] = [0.1, 3]

    /// The default layout model.
    public init() {}

    /// A log-uniform draw from `range` (its first and last values).
    static func logUniform(_ range: [Double], random: inout SplitMix64) -> Double {
        let (low, high) = (max(range.first ?? 0.1, 1e-6), max(range.last ?? 3, 1e-6))
        return exp(random.uniform(log(low), log(high)))
    }
}

/// The drawn placements of one scene: the layout stream and the positions already taken.
struct ScenarioLayout {
    /// The model.
    let model: LayoutModel
    /// The room whose surfaces (furniture tops, floor) receive placements.
    let room: Room
    /// The layout stream.
    var random: SplitMix64
    /// Positions already taken (room coordinates).
    var taken: [SIMD3<Double>]

    /// Starts a layout of `room` for one seed; `scene` numbers the scene so that scenes of one
    /// seed draw independently.
    init(model: LayoutModel, room: Room, streams: RandomStreams, scene: UInt64, taken: [SIMD3<Double>] = []) {
        self.model = model
        self.room = room
        self.random = streams.generator(.layout, scene)
        self.taken = taken
    }

    /// A drawn twin separation, metres.
    mutating func twinSeparation() -> Double { LayoutModel.logUniform(model.twinSeparationRange, random: &random) }

    /// A drawn move distance, metres.
    mutating func moveDistance() -> Double { LayoutModel.logUniform(model.moveDistanceRange, random: &random) }

    /// The centre of an object of `kind` standing on a furniture top or the floor of the room,
    /// exactly `distance` metres (3-D) from `origin`, clear of the positions taken; the first of
    /// 64 drawn directions that fits, trying furniture tops before the floor. It is taken.
    mutating func spot(for kind: ObjectKind, at distance: Double, from origin: SIMD3<Double>) -> SIMD3<Double> {
        let halfHeight = kind.extent.y / 2
        let supports = room.furniture.map { (height: $0.box.maximum.y, furniture: Optional($0)) } + [(height: 0, furniture: nil)]
        var fallback: SIMD3<Double>?
        for _ in 0..<64 {
            let angle = random.uniform(0, 2 * .pi)
            for support in supports {
                let y = support.height + halfHeight
                let rise = y - origin.y
                guard distance * distance > rise * rise else { continue }
                let reach = (distance * distance - rise * rise).squareRoot()
                let candidate = SIMD3(origin.x + reach * cos(angle), y, origin.z + reach * sin(angle))
                if support.furniture == nil, fallback == nil { fallback = clampedToFloor(candidate) }
                guard fits(candidate, kind: kind, on: support.furniture) else { continue }
                taken.append(candidate)
                return candidate
            }
        }
        let chosen = fallback ?? SIMD3(origin.x, halfHeight, origin.z)
        taken.append(chosen)
        return chosen
    }

    /// Whether `point` is a free spot for `kind` on `furniture` (nil: the floor).
    func fits(_ point: SIMD3<Double>, kind: ObjectKind, on furniture: Furniture?) -> Bool {
        let margin = max(kind.extent.x, kind.extent.z) / 2
        let clear = taken.allSatisfy { other in
            let d = SIMD2(other.x - point.x, other.z - point.z)
            return (d * d).sum().squareRoot() >= 0.12 || abs(other.y - point.y) > 0.3
        }
        guard clear else { return false }
        if let furniture {
            let box = furniture.box
            return abs(point.x - box.center.x) <= box.extent.x / 2 - margin - 0.02
                && abs(point.z - box.center.z) <= box.extent.z / 2 - margin - 0.02
        }
        let interior = room.interior
        let inside = abs(point.x - interior.center.x) <= interior.extent.x / 2 - 0.3
            && abs(point.z - interior.center.z) <= interior.extent.z / 2 - 0.3
        let underFurniture = room.furniture.contains { piece in
            abs(point.x - piece.box.center.x) <= piece.box.extent.x / 2 + 0.15 + margin
                && abs(point.z - piece.box.center.z) <= piece.box.extent.z / 2 + 0.15 + margin
        }
        return inside && !underFurniture
    }

    /// `point` moved inside the room's floor (0.3 m from the walls).
    func clampedToFloor(_ point: SIMD3<Double>) -> SIMD3<Double> {
        let interior = room.interior
        let half = interior.extent / 2 - 0.3
        return SIMD3(
            min(max(point.x, interior.center.x - half.x), interior.center.x + half.x), point.y,
            min(max(point.z, interior.center.z - half.z), interior.center.z + half.z))
    }

    /// A camera centre at eye height `height` standing `distance` metres (horizontally) from
    /// `target` toward the centre of `room`: where a user stands to look at it.
    static func standpoint(in room: Room, for target: SIMD3<Double>, distance: Double, height: Double = eyeHeight) -> SIMD3<Double> {
        var toward = SIMD2(room.interior.center.x - target.x, room.interior.center.z - target.z)
        let norm = (toward * toward).sum().squareRoot()
        toward = norm > 1e-9 ? toward / norm : SIMD2(0, 1)
        return SIMD3(target.x + toward.x * distance, height, target.z + toward.y * distance)
    }
}
