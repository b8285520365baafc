import EvalMetrics
import Recording
import Testing

/// Blended anchors, blended twin pairs and the time an identity stays wrong
/// (spec.md#metric-blended-anchor, spec.md#metric-identity-wrong).
@Suite("Identity harms")
struct IdentityHarmsTests {
    /// Twins 1 and 2 at (0, 0, 0) and (1, 0, 0); object 3, a cup, at (0, 0, 3).
    static let objects = [
        GroundTruthObject(id: 1, label: "bottle", extent: [0.1, 0.25, 0.1], twinGroup: 1),
        GroundTruthObject(id: 2, label: "bottle", extent: [0.1, 0.25, 0.1], twinGroup: 1),
        GroundTruthObject(id: 3, label: "cup", extent: [0.1, 0.1, 0.1]),
    ]
    static let placements = [
        GroundTruthPlacement(id: 1, object: 1, from: 0, to: nil, position: [0, 0, 0]),
        GroundTruthPlacement(id: 2, object: 2, from: 0, to: nil, position: [1, 0, 0]),
        GroundTruthPlacement(id: 3, object: 3, from: 0, to: nil, position: [0, 0, 3]),
    ]

    static func harms(_ histories: [AnchorHistory], _ objectOf: [Int64: Int64], end: Double = 10) -> IdentityHarms {
        let accuracy = AnchorAccuracy(histories: histories, objectOfDetection: objectOf, objects: objects, placements: placements)
        return IdentityHarms(histories: histories, accuracy: accuracy, objectOfDetection: objectOf, objects: objects,
                             placements: placements, endTime: end)
    }

    static func history(_ instance: Int, _ feeds: [(time: Double, detection: Int64, at: SIMD3<Double>)]) -> AnchorHistory {
        AnchorHistory(instance: instance, label: "bottle", updates: feeds.map { AnchorUpdate(frame: Int64($0.time * 10), time: $0.time, position: $0.at) },
                      detections: feeds.map(\.detection))
    }

    @Test("a single stray feed is a purity loss, not a blend")
    func strayFeed() {
        let h = Self.history(0, [(1, 11, [0, 0, 0]), (2, 21, [0.05, 0, 0]), (3, 12, [0.02, 0, 0]), (4, 13, [0, 0, 0])])
        let harms = Self.harms([h], [11: 1, 12: 1, 13: 1, 21: 2])
        #expect(harms.blends.isEmpty)
        #expect(harms.twinPairsSeen == [[1, 2]])
        #expect(harms.blendedTwinPairs.isEmpty)
        #expect(harms.wrongIdentitySeconds == 1, "wrong from the twin's feed at 2 s until object 1 fed it again at 3 s")
    }

    @Test("the twin's feeds sustained over a second blend the anchor and the pair")
    func sustainedBlend() {
        let h = Self.history(0, [(1, 11, [0, 0, 0]), (2, 21, [0.2, 0, 0]), (2.5, 12, [0.2, 0, 0]), (3.5, 22, [0.4, 0, 0]), (4, 13, [0.3, 0, 0])])
        let harms = Self.harms([h], [11: 1, 12: 1, 13: 1, 21: 2, 22: 2])
        #expect(harms.blends == [BlendedAnchor(instance: 0, object: 1, other: 2, span: 1.5, reason: .sustained)])
        #expect(harms.blendedTwinPairs == [[1, 2]] && harms.blendedInstances == 1)
        #expect(abs(harms.wrongIdentitySeconds - 1.0) < 1e-12, "0.5 s from 2 to 2.5 and 0.5 s from 3.5 to 4")
    }

    @Test("a final position between the two twins is a blend even after one feed")
    func endsBetween() {
        let h = Self.history(0, [(1, 11, [0, 0, 0]), (2, 12, [0.1, 0, 0]), (9, 21, [0.5, 0.05, 0])])
        let harms = Self.harms([h], [11: 1, 12: 1, 21: 2])
        #expect(harms.blends.map(\.reason) == [.endsBetween])
        #expect(harms.wrongIdentitySeconds == 1, "wrong from 9 s to the end at 10 s")
        #expect(IdentityHarms.endsBetween([0.5, 0.4, 0], [0, 0, 0], [1, 0, 0]))
        #expect(!IdentityHarms.endsBetween([0.5, 0.6, 0], [0, 0, 0], [1, 0, 0]), "farther than half the separation off the segment")
        #expect(!IdentityHarms.endsBetween([0.1, 0, 0], [0, 0, 0], [1, 0, 0]), "near one end")
    }

    @Test("a cup blended into a bottle's anchor is a blended anchor but no twin pair")
    func blendOutsideTwins() {
        let h = Self.history(0, [(1, 11, [0, 0, 0]), (2, 31, [0, 0, 1]), (4, 32, [0, 0, 1]), (5, 12, [0, 0, 0]), (6, 13, [0, 0, 0])])
        let cup = Self.history(1, [(1, 33, [0, 0, 3])])
        let harms = Self.harms([h, cup], [11: 1, 12: 1, 13: 1, 31: 3, 32: 3, 33: 3])
        #expect(harms.blendedInstances == 1 && harms.blendedTwinPairs.isEmpty)
        #expect(harms.twinPairsSeen.isEmpty, "twin 2 never fed the memory")
    }
}
