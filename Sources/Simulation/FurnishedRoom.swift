/// The furnished living room of `walkaway-reapproach` and `low-light`.
///
/// Room coordinates: floor at y = 0, the camera starts near the back wall (z = 1.5)
/// looking down −z into the room; desk at the far wall, coffee table, shelf on the right,
/// sideboard on the left. The right twins' separations and the cup's move are drawn per seed
/// (`LayoutModel`, spec.md#sim-layout).
enum FurnishedRoom {
    static let room = Room(
        name: "living room", interior: Box3(center: SIMD3(0, 1.35, -2.5), extent: SIMD3(7, 2.7, 8)),
        furniture: [desk, coffeeTable, shelf, sideboard])
    static let desk = Furniture(name: "desk", x: -1.5, z: -5.6, size: SIMD3(1.6, 0.75, 0.8))
    static let coffeeTable = Furniture(name: "coffee table", x: 1.6, z: -3.6, size: SIMD3(1.0, 0.45, 0.6))
    static let shelf = Furniture(name: "shelf", x: 3.1, z: -1.5, size: SIMD3(0.4, 1.2, 1.2))
    static let sideboard = Furniture(name: "sideboard", x: -3.1, z: -2.5, size: SIMD3(0.4, 0.9, 1.4))

    /// The moved cup's first spot and the move and removal times (nominal seconds).
    static let cupBefore = desk.spot(for: .cup, dx: 0.55, dz: -0.15)
    static let moveTime = 37.0
    static let removeTime = 38.0
    /// The left twin bottle (the guided one) and the left twin remote.
    static let leftBottle = desk.spot(for: .bottle, dx: -0.7, dz: -0.1)
    static let leftRemote = coffeeTable.spot(for: .remote, dx: -0.3)

    /// The drawn placements of one seed (spec.md#sim-layout).
    struct Draws {
        var rightBottle: SIMD3<Double>
        var rightRemote: SIMD3<Double>
        var cupAfter: SIMD3<Double>
        var bottleSeparation: Double
        var remoteSeparation: Double
        var cupMove: Double
    }

    /// Draws the right twins' separations and the cup's move for `streams`' seed.
    static func draws(_ model: LayoutModel, streams: RandomStreams) -> Draws {
        let fixed = objects(Draws(rightBottle: .zero, rightRemote: .zero, cupAfter: .zero, bottleSeparation: 0, remoteSeparation: 0, cupMove: 0))
            .filter { ![5, 9].contains($0.id) && $0.kind != .person }.compactMap { $0.placements.first?.position }
        var layout = ScenarioLayout(model: model, room: room, streams: streams, scene: 1, taken: fixed)
        let bottleSeparation = layout.twinSeparation()
        let rightBottle = layout.spot(for: .bottle, at: bottleSeparation, from: leftBottle)
        let remoteSeparation = layout.twinSeparation()
        let rightRemote = layout.spot(for: .remote, at: remoteSeparation, from: leftRemote)
        let cupMove = layout.moveDistance()
        let cupAfter = layout.spot(for: .cup, at: cupMove, from: cupBefore)
        return Draws(rightBottle: rightBottle, rightRemote: rightRemote, cupAfter: cupAfter,
                     bottleSeparation: bottleSeparation, remoteSeparation: remoteSeparation, cupMove: cupMove)
    }

    static func walkawayReapproach(lighting: Lighting, layout: LayoutModel, streams: RandomStreams) -> Scene {
        let drawn = draws(layout, streams: streams)
        let metres = { (value: Double) in String(format: "%.2f", value) }
        return Scene(
            name: lighting == .normal ? "walkaway-reapproach" : "low-light",
            summary: "one furnished room, 20 objects and a person, twin bottles \(metres(drawn.bottleSeparation)) m apart and twin remotes "
                + "\(metres(drawn.remoteSeparation)) m apart; cup moved \(metres(drawn.cupMove)) m at \(moveTime) s and phone removed at "
                + "\(removeTime) s while the camera is away",
            rooms: [room], objects: objects(drawn), path: path(cupAfter: drawn.cupAfter), lighting: lighting,
            captureProtocol: "map the room, walk away, re-approach, guide to the left bottle, the phone and the cup",
            guidance: [GuidanceSpan(from: 44, to: 51, object: 4), GuidanceSpan(from: 51, to: 53, object: 7),
                       GuidanceSpan(from: 53, to: 60, object: 6)])
    }

    static func objects(_ drawn: Draws) -> [SceneObject] {
        [
            SceneObject(id: 1, kind: .monitor, description: "monitor on the desk", at: desk.spot(for: .monitor, dz: -0.25)),
            SceneObject(id: 2, kind: .keyboard, description: "keyboard on the desk", at: desk.spot(for: .keyboard, dz: 0.15)),
            SceneObject(id: 3, kind: .mouse, description: "mouse on the desk", at: desk.spot(for: .mouse, dx: 0.35, dz: 0.15)),
            SceneObject(id: 4, kind: .bottle, twinGroup: 1, description: "green bottle, left on the desk", at: leftBottle),
            SceneObject(id: 5, kind: .bottle, twinGroup: 1, description: "green bottle, its twin at a drawn separation",
                        at: drawn.rightBottle),
            SceneObject(id: 6, kind: .cup, description: "white cup, moved a drawn distance", placements: [
                ObjectPlacement(from: 0, to: moveTime, position: cupBefore),
                ObjectPlacement(from: moveTime, to: nil, position: drawn.cupAfter),
            ]),
            SceneObject(id: 7, kind: .cellPhone, description: "phone on the desk, removed", placements: [
                ObjectPlacement(from: 0, to: removeTime, position: desk.spot(for: .cellPhone, dx: 0.6, dz: 0.25)),
            ]),
            SceneObject(id: 8, kind: .remote, twinGroup: 2, description: "black remote, left on the coffee table", at: leftRemote),
            SceneObject(id: 9, kind: .remote, twinGroup: 2, description: "black remote, its twin at a drawn separation",
                        at: drawn.rightRemote),
            SceneObject(id: 10, kind: .laptop, description: "laptop on the coffee table", at: coffeeTable.spot(for: .laptop, dx: 0.3)),
            SceneObject(id: 11, kind: .bowl, description: "bowl on the coffee table", at: coffeeTable.spot(for: .bowl, dx: -0.35, dz: 0.2)),
            SceneObject(id: 12, kind: .book, description: "red book on the shelf", at: shelf.spot(for: .book, dz: -0.35)),
            SceneObject(id: 13, kind: .book, description: "blue book on the shelf", at: shelf.spot(for: .book, dz: -0.15)),
            SceneObject(id: 14, kind: .vase, description: "vase on the shelf", at: shelf.spot(for: .vase, dz: 0.15)),
            SceneObject(id: 15, kind: .pottedPlant, description: "plant on the shelf", at: shelf.spot(for: .pottedPlant, dz: 0.42)),
            SceneObject(id: 16, kind: .mug, description: "mug on the sideboard", at: sideboard.spot(for: .mug, dz: -0.4)),
            SceneObject(id: 17, kind: .clock, description: "clock on the sideboard", at: sideboard.spot(for: .clock, dz: 0.3)),
            SceneObject(id: 18, kind: .backpack, description: "backpack on the floor", at: SIMD3(-2.4, 0.225, -4.3)),
            SceneObject(id: 19, kind: .chair, description: "chair at the desk", at: SIMD3(-1.3, 0.45, -4.7)),
            SceneObject(id: 20, kind: .chair, description: "armchair by the coffee table", at: SIMD3(0.4, 0.45, -4.2)),
            SceneObject.walkingPerson(
                id: 21, description: "person crossing the room", start: SIMD3(-2.5, 0, -0.8), end: SIMD3(2.4, 0, -4.8),
                begin: 34, finish: 46),
        ]
    }

    /// Map the room (desk, coffee table, shelf, sideboard with slow pans), walk away to the
    /// back wall and face it, turn back, re-approach and end guiding to the moved cup.
    static func path(cupAfter: SIMD3<Double>) -> CameraPath {
        let deskTop = SIMD3(-1.5, 0.8, -5.6)
        let tableTop = SIMD3(1.6, 0.5, -3.6)
        return CameraPath(keyframes: [
            key(0, eye(0, 1.0), SIMD3(0, 1.1, -3)),
            key(4, eye(-0.8, -3.6), deskTop),
            key(8, eye(-1.2, -4.2), deskTop + SIMD3(-0.6, 0, 0)),
            key(12, eye(-1.0, -4.3), deskTop + SIMD3(0.6, 0, 0)),
            key(15, eye(0.4, -2.6), tableTop),
            key(19, eye(0.8, -2.4), tableTop + SIMD3(0.4, 0, 0)),
            key(22, eye(1.8, -0.6), SIMD3(3.1, 1.25, -1.5)),
            key(25, eye(1.6, -0.4), SIMD3(3.1, 1.25, -2.0)),
            key(28, eye(-1.6, -1.2), SIMD3(-3.1, 1.0, -2.5)),
            key(31, eye(-1.4, -1.5), SIMD3(-3.1, 1.0, -3.2)),
            key(35, eye(0, 0.9), SIMD3(0, 1.3, 3)),
            key(40, eye(0.5, 1.0), SIMD3(1, 1.3, 3)),
            key(41.5, eye(0.3, 1.0), SIMD3(3.5, 1.2, -0.5)),
            key(43, eye(0, 1.0), deskTop),
            key(48, eye(-0.9, -3.0), deskTop),
            // Guided to the (removed) phone's stale anchor: the user walks up to the desk.
            key(52, SIMD3(-1.0, 1.3, -4.75), deskTop + SIMD3(0.3, 0, 0)),
            key(56, eye(0.6, -2.6), tableTop),
            // Guided to the cup: the user bends over its new spot.
            key(60, ScenarioLayout.standpoint(in: room, for: cupAfter, distance: 0.6, height: 1.25), cupAfter),
        ])
    }
}
