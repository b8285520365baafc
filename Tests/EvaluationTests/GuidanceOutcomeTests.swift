import EvalMetrics
import Evaluation
import Foundation
import Recording
import Replay
import Testing

/// Frame `index` (at `index`/30 s) of a 640 × 480 camera (f = 500 px) at `position`, looking down −z.
private func frame(_ index: Int64, at position: SIMD3<Double>) -> Frame {
    Frame(index: index, time: Double(index) / 30, pose: Transform4x4(rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: position),
          intrinsics: CameraIntrinsics(fx: 500, fy: 500, cx: 320, cy: 240), width: 640, height: 480)
}

/// The forcing incident judged (spec.md#twins-incident): bottle A at (−0.3, 0, −3) stays; bottle
/// B, 0.6 m away and visually distinct, is carried across the room at 2 s. The user asks for B
/// from 3 s on and walks to B's stale spot, where the camera re-detects A from 7 s on.
private enum MovedBottle {
    static let bottleA = SIMD3(-0.3, 0.0, -3), ghost = SIMD3(0.3, 0.0, -3)

    static var recording: Recording {
        var recording = Recording()
        recording.frames = (Int64(0)...300).map { index in
            let s = min(max(Double(index - 90) / 90, 0), 1)
            return frame(index, at: SIMD3(0.3, 0, -2.4) * s)
        }
        recording.groundTruthObjects = [1, 2].map { GroundTruthObject(id: $0, label: "bottle", extent: SIMD3(0.07, 0.24, 0.07)) }
        recording.groundTruthPlacements = [
            GroundTruthPlacement(id: 1, object: 1, from: 0, to: nil, position: bottleA),
            GroundTruthPlacement(id: 2, object: 2, from: 0, to: 2, position: ghost),
            GroundTruthPlacement(id: 3, object: 2, from: 2, to: nil, position: SIMD3(3, 0, 1)),
        ]
        recording.guidanceRequests = [CaptureGuidanceRequest(id: 1, fromFrame: 90, toFrame: 300, object: 2)]
        return recording
    }

    /// The registry: A (instance 0) and B (instance 1) mapped, B seen last; A re-detected at the ghost.
    static var registry: AnchorRegistry {
        let a: [Float] = [1, 0, 0], b: [Float] = [0.5, 0.866, 0]
        var registry = AnchorRegistry()
        for (frame, position, embedding) in [(Int64(0), bottleA, a), (0, ghost, b), (30, ghost, b), (210, bottleA, a), (240, bottleA, a)] {
            registry.observe(AnchorObservation(frame: frame, time: Double(frame) / 30, label: "bottle", position: position, embedding: embedding))
        }
        return registry
    }

    static func outcome(_ configuration: GuidanceConfiguration) -> LockOnOutcomes {
        let traces = GuidanceTraces.replay(recording, registry: registry, missing: MissingFlags(), objectOfDetection: [:], configuration: configuration)
        return LockOnOutcomes(traces: traces, objectOfInstance: [0: 1, 1: 2], placements: recording.groundTruthPlacements)
    }
}

/// `Data/recordings/NAME.sqlite` of this checkout.
private func bundled(_ name: String) throws -> Recording {
    try RecordingStore.read(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/recordings/\(name).sqlite").path)
}

@Suite("Guidance outcomes: time to lock, verdicts, arrival states and suggestion cards, judged (spec.md#metric-lockon-outcomes)")
struct GuidanceOutcomeTests {
    @Test("Shipped rules at the ghost: no lock, amber with the object not there, a real card for the other bottle")
    func shippedRulesAtTheGhost() throws {
        let request = try #require(MovedBottle.outcome(.init()).requests.first)
        #expect(request.verdict == .none && request.startObject == 2 && request.timeToFirstLock == nil)
        #expect(request.arrivals.map(\.arrival.state) == [.amber] && request.arrivals.allSatisfy { !$0.objectThere })
        let card = try #require(request.suggestions.first)
        #expect(request.suggestions.count == 1 && card.object == 1 && card.real && !card.isRequested)
        #expect(abs(card.suggestion.distance - 0.85) < 0.01)
    }

    @Test("Earlier rules at the ghost: green over empty space, then a wrong-target lock 4 s into guidance")
    func earlierRulesAtTheGhost() throws {
        let outcomes = MovedBottle.outcome(.beforeTwinsIncident)
        let request = try #require(outcomes.requests.first)
        #expect(request.verdict == .wrongTarget && outcomes.wrongTargetRate().successes == 1)
        #expect(outcomes.greenWithoutObject == 1 && outcomes.greenArrivals == 1)
        #expect(abs((request.timeToFirstLock ?? 0) - 4) < 1e-9 && request.lockAfterRedetection == nil)
        #expect(request.suggestions.isEmpty)
    }

    @Test("The start instance comes from the replica's own memory (its freshest instance of the asked class), judged against ground truth only afterwards (spec.md#lockon-start-instance)")
    func startWithoutAnOracle() throws {
        let recording = try bundled("twins-moved")
        let report = RecordingSpatialJob.run(recording)
        let request = try #require(report.lockOn.requests.first)
        #expect(request.trace.object == 1)
        let registry = SpatialReplay.run(recording).registry
        let start = try #require(GuidanceStart.choose(.label("bottle"), before: recording.guidanceRequests[0].fromFrame, registry: registry))
        #expect(request.trace.instance == start.instance)
        #expect(request.startObject == report.accuracy.objectOfInstance[start.instance],
                "the start is judged by the object its instance really saw, which need not be the requested one")
        let bottles = registry.instances.filter { $0.label == "bottle" }.map(\.id)
        let freshest = bottles.max { a, b in
            (registry.events.last { $0.instance == a && $0.frame < recording.guidanceRequests[0].fromFrame }?.frame ?? -1)
                < (registry.events.last { $0.instance == b && $0.frame < recording.guidanceRequests[0].fromFrame }?.frame ?? -1)
        }
        #expect(start.instance == freshest, "no instance was flagged missing here, so the freshest bottle is the start")
    }

    @Test("Absence reads LiDAR at depth fusion's confidence level: one configuration value (spec.md#absence-over-recording)")
    func sharedLidarConfidence() throws {
        let recording = try bundled("twins-moved")
        let registry = SpatialReplay.run(recording).registry
        var medium = ReplayConfiguration()
        medium.depthFusion.minLidarConfidence = 1
        let scene = AbsenceScene(recording)
        #expect(MemoryOutcomes.absenceLooks(scene, registry: registry, configuration: .init())
                == AbsenceReplay.run(scene, registry: registry, lidarConfidence: 2))
        let looks = MemoryOutcomes.absenceLooks(scene, registry: registry, configuration: medium)
        #expect(looks == AbsenceReplay.run(scene, registry: registry, lidarConfidence: 1))
        #expect(looks != AbsenceReplay.run(scene, registry: registry, lidarConfidence: 2))
    }
}
