/// One object or person of a scene and where it is over time.
public struct SceneObject: Equatable, Sendable {
    /// Identifier (the ground-truth object id).
    public var id: Int64
    /// What it is.
    public var kind: ObjectKind
    /// Look-alike group: objects sharing it are twins of one class; nil for none.
    public var twinGroup: Int64?
    /// Free-text description, e.g. `green bottle on the desk`.
    public var description: String
    /// Where it is over time, in time order, non-overlapping; a gap means absent.
    public var placements: [ObjectPlacement]

    /// Creates an object from its placements.
    public init(id: Int64, kind: ObjectKind, twinGroup: Int64? = nil, description: String, placements: [ObjectPlacement]) {
        self.id = id
        self.kind = kind
        self.twinGroup = twinGroup
        self.description = description
        self.placements = placements
    }

    /// Creates an object that stays at `position` for the whole capture.
    public init(id: Int64, kind: ObjectKind, twinGroup: Int64? = nil, description: String, at position: SIMD3<Double>) {
        self.init(
            id: id, kind: kind, twinGroup: twinGroup, description: description,
            placements: [ObjectPlacement(from: 0, to: nil, position: position)])
    }

    /// A person walking from `start` to `end` (floor points; the centre is raised by half
    /// their height) between times `begin` and `finish`, standing still before and after,
    /// written as one placement per `step` seconds while walking.
    public static func walkingPerson(
        id: Int64, description: String, start: SIMD3<Double>, end: SIMD3<Double>,
        begin: Double, finish: Double, step: Double = 0.5
    ) -> SceneObject {
        let lift = SIMD3(0, ObjectKind.person.extent.y / 2, 0)
        let steps = max(1, Int(((finish - begin) / step).rounded(.up)))
        var placements = [ObjectPlacement(from: 0, to: begin, position: start + lift)]
        for index in 0..<steps {
            let fraction = (Double(index) + 0.5) / Double(steps)
            let from = begin + Double(index) * (finish - begin) / Double(steps)
            let to = begin + Double(index + 1) * (finish - begin) / Double(steps)
            placements.append(ObjectPlacement(from: from, to: to, position: start + (end - start) * fraction + lift))
        }
        placements.append(ObjectPlacement(from: finish, to: nil, position: end + lift))
        return SceneObject(id: id, kind: .person, description: description, placements: placements)
    }

    /// The centre of the object at `time`, or nil when it is absent.
    public func position(at time: Double) -> SIMD3<Double>? {
        placements.first { $0.from <= time && ($0.to.map { time < $0 } ?? true) }?.position
    }

    /// The object's box at `time`, or nil when it is absent.
    public func box(at time: Double) -> Box3? {
        position(at: time).map { Box3(center: $0, extent: kind.extent) }
    }

    /// The object moved by `offset`.
    public func translated(by offset: SIMD3<Double>) -> SceneObject {
        var moved = self
        moved.placements = placements.map { ObjectPlacement(from: $0.from, to: $0.to, position: $0.position + offset) }
        return moved
    }

    /// The object with its placement times multiplied by `factor`.
    public func rescaled(by factor: Double) -> SceneObject {
        var scaled = self
        scaled.placements = placements.map { ObjectPlacement(from: $0.from * factor, to: $0.to.map { $0 * factor }, position: $0.position) }
        return scaled
    }
}

/// An interval during which an object stood at one position.
public struct ObjectPlacement: Equatable, Sendable {
    /// Start, seconds (inclusive).
    public var from: Double
    /// End, seconds (exclusive); nil = until the end.
    public var to: Double?
    /// Centre of the object, world metres.
    public var position: SIMD3<Double>

    /// Creates a placement.
    public init(from: Double, to: Double?, position: SIMD3<Double>) {
        self.from = from
        self.to = to
        self.position = position
    }
}
