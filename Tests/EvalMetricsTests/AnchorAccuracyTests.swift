import EvalMetrics
import Recording
import Testing

@Suite("Anchor accuracy")
struct AnchorAccuracyTests {
    static let objects = [
        GroundTruthObject(id: 1, label: "bottle", extent: [0.1, 0.25, 0.1], twinGroup: 1),
        GroundTruthObject(id: 2, label: "bottle", extent: [0.1, 0.25, 0.1], twinGroup: 1),
        GroundTruthObject(id: 3, label: "cup", extent: [0.1, 0.1, 0.1]),
        GroundTruthObject(id: 4, label: "person", extent: [0.5, 1.7, 0.3], isPerson: true),
    ]
    /// Object 1 stands at (1, 0, 0) until t = 5, then at (3, 0, 0); object 2 at (0, 0, 2).
    static let placements = [
        GroundTruthPlacement(id: 1, object: 1, from: 0, to: 5, position: [1, 0, 0]),
        GroundTruthPlacement(id: 2, object: 1, from: 5, to: nil, position: [3, 0, 0]),
        GroundTruthPlacement(id: 3, object: 2, from: 0, to: nil, position: [0, 0, 2]),
    ]

    static func history(_ instance: Int, _ updates: [(Double, SIMD3<Double>)], detections: [Int64]) -> AnchorHistory {
        AnchorHistory(
            instance: instance, label: "bottle",
            updates: updates.map { AnchorUpdate(frame: Int64($0.0 * 10), time: $0.0, position: $0.1) }, detections: detections)
    }

    @Test("two objects feeding one instance: purity 0.5, blended")
    func blendedTwins() {
        let h = Self.history(0, [(1, [0.5, 0, 1]), (2, [0.5, 0, 1])], detections: [11, 12])
        let accuracy = AnchorAccuracy(
            histories: [h], objectOfDetection: [11: 1, 12: 2], objects: Self.objects, placements: Self.placements)
        let instance = accuracy.instances[0]
        #expect(instance.purity == 0.5)
        #expect(instance.objectsFeeding == 2)
        #expect(instance.object == 1)  // a tie goes to the smaller id
        #expect(accuracy.blendedInstances == [0])
        #expect(accuracy.duplication == 0)
    }

    @Test("a false positive feeding an instance lowers its purity")
    func unmatchedDetectionCountsAgainstPurity() {
        let h = Self.history(0, [(1, [1, 0, 0]), (2, [1, 0, 0]), (3, [1, 0, 0]), (4, [1, 0, 0])], detections: [1, 2, 3, 4])
        let accuracy = AnchorAccuracy(
            histories: [h], objectOfDetection: [1: 1, 2: 1, 3: 1], objects: Self.objects, placements: Self.placements)
        #expect(accuracy.instances[0].purity == 0.75)
        #expect(!accuracy.instances[0].isBlended)
    }

    @Test("one object split into two instances: duplication 1; unanchored non-person objects listed")
    func duplication() {
        let a = Self.history(0, [(1, [1, 0, 0])], detections: [1])
        let b = Self.history(1, [(6, [3, 0, 0])], detections: [2])
        let accuracy = AnchorAccuracy(
            histories: [a, b], objectOfDetection: [1: 1, 2: 1], objects: Self.objects, placements: Self.placements)
        #expect(accuracy.duplication == 1)
        #expect(accuracy.duplicatedObjects == [1])
        #expect(accuracy.instancesOfObject[1] == [0, 1])
        #expect(accuracy.neverAnchored == [2, 3])  // the person is not expected in the memory
    }

    @Test("error is the distance to the true placement at the time of each update")
    func errorAgainstPlacementAtTheTime() {
        // At t = 1 the object is at (1, 0, 0): offset 0.1 m; at t = 6 it has moved to (3, 0, 0)
        // and the anchor stayed: error 2 m (moved, not yet re-seen).
        let h = Self.history(0, [(1, [1, 0, 0.1]), (6, [1, 0, 0])], detections: [1, 2])
        let accuracy = AnchorAccuracy(
            histories: [h], objectOfDetection: [1: 1, 2: 1], objects: Self.objects, placements: Self.placements)
        let errors = accuracy.instances[0].errors
        #expect(errors.count == 2)
        #expect(abs(errors[0] - 0.1) < 1e-12)
        #expect(abs(errors[1] - 2) < 1e-12)
        #expect(accuracy.instances[0].finalError == errors[1])
    }

    @Test("an instance no detection ties to any object has no object, no errors and purity 0")
    func unassociatedInstance() {
        let h = Self.history(0, [(1, [0, 0, 0])], detections: [9])
        let accuracy = AnchorAccuracy(histories: [h], objectOfDetection: [:], objects: Self.objects, placements: Self.placements)
        #expect(accuracy.instances[0].object == nil)
        #expect(accuracy.instances[0].errors.isEmpty)
        #expect(accuracy.instances[0].purity == 0)
        #expect(accuracy.neverAnchored == [1, 2, 3])
    }
}
