import Foundation
import EvalMetrics
import Evaluation
import Recording
import Replay
import Testing

@Suite("Both anchoring policies on the same observations (spec.md#policy-comparison)")
struct PolicyComparisonTests {
    static func recording(_ name: String) throws -> Recording {
        try RecordingStore.read(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/recordings/\(name).sqlite").path)
    }

    @Test("LocalLens's instances are the registry's, all shown at creation; RealityRogue's are shown only after its hits")
    func bothPolicies() throws {
        let recording = try Self.recording("twins-moved")
        let replay = SpatialReplay.run(recording)
        let objects = DetectionObjects.assign(recording, minimumIoU: 0.5)
        let comparison = PolicyComparison.run(recording, replay: replay, objectOfDetection: objects)
        let localLens = comparison.instances.filter { $0.policy == .localLens }
        let rogue = comparison.instances.filter { $0.policy == .realityRogue }
        #expect(localLens.count == replay.registry.instances.count)
        #expect(localLens.allSatisfy { $0.confirmed && $0.confirmedAt.isFinite })
        #expect(!rogue.isEmpty && rogue.count < replay.anchorObservations.count)
        // Every observation fed exactly one label anchor, so the hits add up to the observations.
        #expect(rogue.contains { !$0.confirmed } && rogue.allSatisfy { $0.confirmed == $0.drift.isFinite })
        for anchor in rogue where anchor.confirmed {
            let seen = try #require(anchor.object.flatMap { comparison.firstSeen[$0] } ?? Optional(0))
            #expect(anchor.confirmedAt >= seen)
        }
        // With one hit to confirm, every label anchor is shown at its creation.
        let eager = PolicyComparison.run(recording, replay: replay, objectOfDetection: objects,
                                         labelAnchoring: LabelAnchoringConfiguration(confirmHits: 1))
        #expect(eager.instances.filter { $0.policy == .realityRogue }.allSatisfy { $0.confirmed && $0.drift.isFinite })
    }
}
