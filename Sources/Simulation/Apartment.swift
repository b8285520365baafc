/// The two-room flat of `multi-room`: the study (`StudyRoom`) and a kitchen beyond its
/// right wall, joined by a doorway at z = −3 (walls are the rooms' faces; the doorway is
/// where the camera crosses, not a hole in the wall).
enum Apartment {
    static let kitchen = Room(
        name: "kitchen", interior: Box3(center: SIMD3(5.5, 1.3, -2), extent: SIMD3(5, 2.6, 6)),
        furniture: [counter, table])
    static let counter = Furniture(name: "counter", x: 7.7, z: -2.0, size: SIMD3(0.6, 0.9, 2.4))
    static let table = Furniture(name: "kitchen table", x: 5.2, z: -4.0, size: SIMD3(1.0, 0.75, 0.8))
    static let phoneBefore = StudyRoom.desk.spot(for: .cellPhone, dx: -0.1, dz: 0.25)
    static let phoneAfter = table.spot(for: .cellPhone, dx: 0.2, dz: 0.1)
    static let moveTime = 38.0

    /// Map the study, walk into the kitchen and map it, return to the study (the phone has
    /// meanwhile been carried to the kitchen table), then go back to the kitchen to find it.
    static func multiRoom() -> Scene {
        let study: [SceneObject] = [
            SceneObject(id: 1, kind: .bottle, twinGroup: 1, description: "green bottle on the study desk", at: StudyRoom.bottleA),
            SceneObject(id: 2, kind: .cellPhone, description: "phone, carried from the study desk to the kitchen table", placements: [
                ObjectPlacement(from: 0, to: moveTime, position: phoneBefore),
                ObjectPlacement(from: moveTime, to: nil, position: phoneAfter),
            ]),
        ] + StudyRoom.furnishings
        let kitchenObjects = [
            SceneObject(id: 11, kind: .bottle, twinGroup: 1, description: "green bottle on the kitchen counter, twin of the study's",
                        at: counter.spot(for: .bottle, dz: -0.6)),
            SceneObject(id: 12, kind: .cup, description: "cup on the counter", at: counter.spot(for: .cup, dz: 0.3)),
            SceneObject(id: 13, kind: .bowl, description: "bowl on the kitchen table", at: table.spot(for: .bowl, dx: -0.25)),
            SceneObject(id: 14, kind: .mug, description: "mug on the kitchen table", at: table.spot(for: .mug, dx: 0.3, dz: -0.2)),
            SceneObject(id: 15, kind: .chair, description: "kitchen chair", at: SIMD3(5.2, 0.45, -3.2)),
            SceneObject(id: 16, kind: .pottedPlant, description: "plant on the counter", at: counter.spot(for: .pottedPlant, dz: 0.9)),
        ]
        let deskTop = SIMD3(-1.2, 0.8, -4.4)
        let counterTop = SIMD3(7.7, 1.0, -2.0)
        let tableTop = SIMD3(5.2, 0.8, -4.0)
        let path = CameraPath(keyframes: [
            key(0, eye(0, 0.5), SIMD3(0, 1.1, -3)),
            key(5, eye(-0.8, -2.9), deskTop),
            key(9, eye(-1.1, -3.1), deskTop + SIMD3(0.5, 0, 0)),
            key(13, eye(1.6, -3.0), SIMD3(6, 1.3, -3.0)),
            key(17, eye(3.8, -3.0), counterTop),
            key(22, eye(6.2, -2.4), counterTop + SIMD3(0, 0, 0.8)),
            key(26, eye(6.0, -2.8), tableTop),
            key(30, eye(4.0, -3.0), SIMD3(0, 1.3, -3.0)),
            key(34, eye(1.5, -3.0), SIMD3(-2.75, 1.1, -1.6)),
            key(40, eye(-0.6, -3.1), deskTop),
            key(44, eye(-0.4, -3.0), deskTop + SIMD3(0.4, 0, 0)),
            key(49, eye(3.8, -3.0), tableTop),
            key(54, eye(4.8, -3.3), tableTop),
            key(60, eye(5.0, -3.4), phoneAfter),
        ])
        return Scene(
            name: "multi-room",
            summary: "study and kitchen; the phone is carried from the study desk to the kitchen table at \(moveTime) s; "
                + "twin green bottles, one per room",
            rooms: [StudyRoom.room, kitchen], objects: study + kitchenObjects, path: path, lighting: .normal,
            captureProtocol: "map the study, map the kitchen, return to the study, find the phone in the kitchen",
            guidance: [GuidanceSpan(from: 40, to: 48, object: 2), GuidanceSpan(from: 49, to: 60, object: 2)])
    }
}
