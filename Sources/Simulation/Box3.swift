/// An axis-aligned box in world coordinates (metres): an object's extent, a piece of
/// furniture, or a room's interior.
///
/// Objects are modelled as upright, axis-aligned boxes; that is all the simulator needs
/// for projection, occlusion and depth.
public struct Box3: Equatable, Sendable, Codable {
    /// Centre of the box.
    public var center: SIMD3<Double>
    /// Full size along x, y and z (width, height, depth).
    public var extent: SIMD3<Double>

    /// Creates a box from its centre and full size.
    public init(center: SIMD3<Double>, extent: SIMD3<Double>) {
        self.center = center
        self.extent = extent
    }

    /// The corner with the smallest coordinates.
    public var minimum: SIMD3<Double> { center - extent / 2 }
    /// The corner with the largest coordinates.
    public var maximum: SIMD3<Double> { center + extent / 2 }

    /// The eight corners.
    public var corners: [SIMD3<Double>] {
        let (low, high) = (minimum, maximum)
        return (0..<8).map { bits in
            SIMD3(bits & 1 == 0 ? low.x : high.x, bits & 2 == 0 ? low.y : high.y, bits & 4 == 0 ? low.z : high.z)
        }
    }

    /// The point on the middle of the top face (where things stand).
    public var topCenter: SIMD3<Double> { SIMD3(center.x, maximum.y, center.z) }

    /// The ray parameter where `origin + t·direction` enters the box from outside, when it
    /// does so at some t > 0 (slab method); nil when the ray misses or starts inside.
    public func entry(origin: SIMD3<Double>, direction: SIMD3<Double>) -> Double? {
        // The three slabs written out (the casting hot path); each narrows [near, far].
        // `near` only grows and `far` only shrinks, so once near > far or far ≤ 0 the answer
        // is nil whatever the remaining slabs give: those slabs are skipped.
        var near = -Double.infinity
        var far = Double.infinity
        guard Self.clip(&near, &far, origin.x, direction.x, minimum.x, maximum.x),
              Self.clip(&near, &far, origin.y, direction.y, minimum.y, maximum.y),
              Self.clip(&near, &far, origin.z, direction.z, minimum.z, maximum.z)
        else { return nil }
        return near <= far && near > 0 ? near : nil
    }

    /// Narrows the ray interval [`near`, `far`] to one slab [`low`, `high`] of an axis along
    /// which the ray starts at `o` and moves by `d`; false when a ray parallel to the slab
    /// lies outside it, or when the interval left can no longer hold an entry at t > 0.
    @inline(__always)
    private static func clip(_ near: inout Double, _ far: inout Double, _ o: Double, _ d: Double, _ low: Double, _ high: Double) -> Bool {
        if d == 0 { return !(o < low || o > high) }
        let first = (low - o) / d
        let second = (high - o) / d
        near = max(near, min(first, second))
        far = min(far, max(first, second))
        return !(near > far || far <= 0)
    }

    /// The ray parameter where `origin + t·direction`, starting inside the box, leaves it
    /// (the wall, floor or ceiling a camera inside a room sees).
    public func exit(origin: SIMD3<Double>, direction: SIMD3<Double>) -> Double? {
        // The three axes written out (every LiDAR sample casts to the room's faces).
        var far = Double.infinity
        if direction.x != 0 { far = min(far, ((direction.x > 0 ? maximum.x : minimum.x) - origin.x) / direction.x) }
        if direction.y != 0 { far = min(far, ((direction.y > 0 ? maximum.y : minimum.y) - origin.y) / direction.y) }
        if direction.z != 0 { far = min(far, ((direction.z > 0 ? maximum.z : minimum.z) - origin.z) / direction.z) }
        return far.isFinite && far > 0 ? far : nil
    }

    /// True when `point` lies inside the box or on its surface.
    public func contains(_ point: SIMD3<Double>) -> Bool {
        all(point .>= minimum) && all(point .<= maximum)
    }
}
