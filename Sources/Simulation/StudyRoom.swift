/// The study of `twins-moved` and `absence`: a desk at the far wall, a side table, a
/// bookshelf on the right and a cabinet at the left wall.
///
/// Room coordinates: floor at y = 0; the camera starts at z = 0.5 looking down −z.
enum StudyRoom {
    static let room = Room(
        name: "study", interior: Box3(center: SIMD3(0, 1.3, -2), extent: SIMD3(6, 2.6, 6)),
        furniture: [desk, sideTable, bookshelf, cabinet])
    static let desk = Furniture(name: "desk", x: -1.2, z: -4.4, size: SIMD3(1.4, 0.75, 0.7))
    static let sideTable = Furniture(name: "side table", x: 1.5, z: -4.3, size: SIMD3(0.9, 0.45, 0.6))
    static let bookshelf = Furniture(name: "bookshelf", x: 2.7, z: -1.0, size: SIMD3(0.5, 1.0, 1.2))
    static let cabinet = Furniture(name: "cabinet", x: -2.75, z: -1.6, size: SIMD3(0.5, 1.1, 1.0))

    static let bottleA = desk.spot(for: .bottle, dx: -0.4)
    static let moveTime = 18.0

    /// Objects both study scenarios share (ids 3–7).
    static var furnishings: [SceneObject] {
        [
            SceneObject(id: 3, kind: .laptop, description: "laptop on the desk", at: desk.spot(for: .laptop, dz: -0.15)),
            SceneObject(id: 4, kind: .cup, description: "cup on the desk", at: desk.spot(for: .cup, dx: 0.58, dz: 0.2)),
            SceneObject(id: 5, kind: .book, description: "book on the bookshelf", at: bookshelf.spot(for: .book, dz: -0.3)),
            SceneObject(id: 6, kind: .mug, description: "mug on the side table", at: sideTable.spot(for: .mug, dx: -0.2)),
            SceneObject(id: 7, kind: .chair, description: "chair at the desk", at: SIMD3(-1.0, 0.45, -3.5)),
        ]
    }

    /// Two look-alike green bottles a drawn separation apart; B moves a drawn distance
    /// (spec.md#sim-layout). The camera maps the desk, looks away, walks up to B's old spot,
    /// then finds B at its new one.
    static func twinsMoved(layout model: LayoutModel, streams: RandomStreams) -> Scene {
        var layout = ScenarioLayout(
            model: model, room: room, streams: streams, scene: 2, taken: [bottleA] + furnishings.compactMap { $0.placements.first?.position })
        let separation = layout.twinSeparation()
        let bottleB = layout.spot(for: .bottle, at: separation, from: bottleA)
        let move = layout.moveDistance()
        let bottleMoved = layout.spot(for: .bottle, at: move, from: bottleB)
        let bottles = [
            SceneObject(id: 1, kind: .bottle, twinGroup: 1, description: "green bottle A, stays on the desk", at: bottleA),
            SceneObject(id: 2, kind: .bottle, twinGroup: 1, description: "green bottle B, moved a drawn distance", placements: [
                ObjectPlacement(from: 0, to: moveTime, position: bottleB),
                ObjectPlacement(from: moveTime, to: nil, position: bottleMoved),
            ]),
        ]
        let deskTop = SIMD3(-1.2, 0.8, -4.4)
        let path = CameraPath(keyframes: [
            key(0, eye(0, 0.5), SIMD3(0, 1.1, -3)),
            key(5, eye(-0.8, -2.9), deskTop),
            key(9, eye(-1.1, -3.1), deskTop + SIMD3(0.5, 0, 0)),
            key(12, eye(0.6, -3.0), SIMD3(1.5, 0.5, -4.3)),
            key(16, eye(0.8, 0.4), SIMD3(0.8, 1.3, 3)),
            key(20, eye(0.6, 0.5), SIMD3(-1, 1.3, 3)),
            key(22, eye(0.2, 0.5), SIMD3(-3, 1.2, 0)),
            key(24, eye(0, 0.4), deskTop),
            // Guided to bottle B: the user walks up to its old (stale) spot.
            key(29, ScenarioLayout.standpoint(in: room, for: bottleB, distance: 0.7, height: 1.2), bottleB),
            key(32, eye(-0.5, -2.8), SIMD3(2.7, 1.1, -1.0)),
            key(36, ScenarioLayout.standpoint(in: room, for: bottleMoved, distance: 1.6), bottleMoved),
            key(40, ScenarioLayout.standpoint(in: room, for: bottleMoved, distance: 1.0), bottleMoved),
        ])
        let metres = { (value: Double) in String(format: "%.2f", value) }
        return Scene(
            name: "twins-moved",
            summary: "two look-alike bottles \(metres(separation)) m apart; bottle B moved \(metres(move)) m at \(moveTime) s",
            rooms: [room], objects: bottles + furnishings, path: path, lighting: .normal,
            captureProtocol: "map the room, look away, re-approach the old spot, guide to the new one",
            guidance: [GuidanceSpan(from: 24, to: 29, object: 1), GuidanceSpan(from: 29, to: 40, object: 2)])
    }

    /// Removals, an occluding person, and a remote only ever seen from beyond its range.
    static func absence() -> Scene {
        let removed = [
            SceneObject(id: 1, kind: .bottle, description: "bottle on the desk, removed at 15 s", placements: [
                ObjectPlacement(from: 0, to: 15, position: bottleA),
            ]),
            SceneObject(id: 2, kind: .cellPhone, description: "phone on the side table, removed at 16 s", placements: [
                ObjectPlacement(from: 0, to: 16, position: sideTable.spot(for: .cellPhone, dx: 0.2)),
            ]),
            SceneObject(id: 8, kind: .remote, description: "remote on the cabinet, only seen from beyond 3 m",
                        at: cabinet.spot(for: .remote, dz: 0.2)),
            SceneObject(id: 9, kind: .backpack, description: "backpack on the floor, hidden behind a standing person from 20 s",
                        at: SIMD3(0.6, 0.225, -4.6)),
            SceneObject(id: 10, kind: .person, description: "person who walks in and stands in front of the backpack", placements: [
                ObjectPlacement(from: 0, to: 20, position: SIMD3(2.6, 0.85, 0.6)),
                ObjectPlacement(from: 20, to: nil, position: SIMD3(0.5, 0.85, -3.6)),
            ]),
        ]
        let deskTop = SIMD3(-1.2, 0.8, -4.4)
        let path = CameraPath(keyframes: [
            key(0, eye(0.5, 0.5), SIMD3(0.5, 1.1, -3)),
            key(5, eye(0.2, -2.6), deskTop),
            key(9, eye(0.6, -2.9), SIMD3(1.5, 0.5, -4.3)),
            key(12, eye(0.8, -2.6), SIMD3(0.6, 0.2, -4.6)),
            key(15, eye(1.5, 0.4), SIMD3(1.5, 1.3, 3)),
            key(20, eye(1.5, 0.5), SIMD3(-1, 1.3, 3)),
            key(23, eye(1.4, 0.4), SIMD3(-2.75, 1.1, -1.4)),
            key(26, eye(1.0, -0.2), SIMD3(0.6, 0.3, -4.6)),
            key(31, eye(0.4, -2.5), deskTop),
            key(35, eye(0.8, -2.7), SIMD3(1.5, 0.5, -4.3)),
            key(40, eye(1.2, -0.6), SIMD3(-2.75, 1.1, -1.4)),
        ])
        return Scene(
            name: "absence",
            summary: "bottle and phone removed at 15-16 s; a person stands in front of the backpack from 20 s; "
                + "the remote on the cabinet is only seen from beyond 3 m",
            rooms: [room], objects: removed + furnishings, path: path, lighting: .normal,
            captureProtocol: "map the room, look away, sweep the old spots, guide to the backpack and the bottle",
            guidance: [GuidanceSpan(from: 26, to: 31, object: 9), GuidanceSpan(from: 31, to: 35, object: 1)])
    }
}
