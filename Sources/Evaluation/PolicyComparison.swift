import EvalMetrics
import Recording
import Replay

/// An anchoring policy the main job replays on every recording (spec.md#policy-comparison).
public enum AnchoringPolicy: Int64, CaseIterable, Sendable, Equatable {
    /// LocalLens's anchor registry (spec.md#anchors), the shipped app.
    case localLens = 0
    /// RealityRogue's label anchoring (spec.md#label-anchoring).
    case realityRogue = 1

    /// The name reports show.
    public var title: String {
        switch self {
        case .localLens: "LocalLens anchor registry"
        case .realityRogue: "RealityRogue label anchoring"
        }
    }
}

/// One anchor of one policy judged against the ground truth (spec.md#policy-comparison).
public struct PolicyInstance: Sendable, Equatable {
    /// The policy.
    public var policy: AnchoringPolicy
    /// The anchor's id within its policy.
    public var instance: Int
    /// The associated object (the majority of its feeding detections), nil when none.
    public var object: Int64?
    /// Distinct objects among its feeding detections.
    public var objectsFeeding: Int
    /// Whether it was ever shown: LocalLens shows every instance at creation, RealityRogue
    /// after `confirmHits` hits.
    public var confirmed: Bool
    /// Capture time at which it was first shown, seconds (NaN when never).
    public var confirmedAt: Double
    /// How far it moved between being shown and its last update, metres (NaN when never shown).
    public var drift: Double
    /// Its per-update errors against the associated object, metres.
    public var errors: [Double]
}

/// Both policies on one recording: the anchors of each, and when each object was first
/// observed (the start of its time to a confirmed anchor).
public struct PolicyComparison: Sendable, Equatable {
    /// The anchors of both policies, LocalLens first.
    public var instances: [PolicyInstance]
    /// The first capture time at which an observation fed to the policies saw each object.
    public var firstSeen: [Int64: Double]

    /// Replays RealityRogue's label anchoring over the observations LocalLens's registry
    /// received in `replay` and judges both policies against `recording`'s ground truth.
    ///
    /// Both see the same fused world observations, so a difference comes from the policy
    /// alone. The label tracker runs once per frame with that frame's observations; its
    /// merge, confirm and create events correspond one to one with them.
    public static func run(
        _ recording: Recording, replay: SpatialReplayResult, objectOfDetection: [Int64: Int64],
        labelAnchoring: LabelAnchoringConfiguration = .init()
    ) -> PolicyComparison {
        let observations = replay.anchorObservations
        let detections = replay.observations.map(\.detection)
        let firstSeen = Self.firstSeen(observations, detections: detections, objectOfDetection: objectOfDetection)
        let registryHistories = MemoryOutcomes.histories(replay.registry, times: observations.map(\.time), detections: detections)
        let localLens = judge(registryHistories, policy: .localLens, shownAfter: { _ in 0 }, recording: recording,
                              objectOfDetection: objectOfDetection)

        let rogue = labelAnchors(recording, observations: observations, detections: detections, objectOfDetection: objectOfDetection,
                                 configuration: labelAnchoring)
        return PolicyComparison(instances: localLens + rogue, firstSeen: firstSeen)
    }

    /// RealityRogue's label anchoring replayed over `observations` (fed by `detections`, one
    /// each, in frame order) and judged against `recording`'s ground truth.
    public static func labelAnchors(
        _ recording: Recording, observations: [AnchorObservation], detections: [Int64], objectOfDetection: [Int64: Int64],
        configuration: LabelAnchoringConfiguration
    ) -> [PolicyInstance] {
        var frameOf: [Int64: Frame] = [:]
        for frame in recording.frames { frameOf[frame.index] = frame }
        var tracker = LabelAnchorTracker(configuration: configuration)
        var histories: [Int: AnchorHistory] = [:]
        var shownAt: [Int: Int] = [:]
        var start = 0
        while start < observations.count {
            var end = start
            while end < observations.count, observations[end].frame == observations[start].frame { end += 1 }
            guard let frame = frameOf[observations[start].frame] else { start = end; continue }
            var events: [LabelAnchorEvent] = []
            tracker.run(frame: frame, observations: observations[start..<end].map { ($0.label, $0.position) }, events: &events)
            var k = start
            for event in events where event.kind == .create || event.kind == .merge || event.kind == .confirm {
                var history = histories[event.anchor]
                    ?? AnchorHistory(instance: event.anchor, label: observations[k].label, updates: [], detections: [])
                history.updates.append(AnchorUpdate(frame: frame.index, time: observations[k].time, position: event.position))
                history.detections.append(detections[k])
                if event.kind == .confirm || (event.kind == .create && configuration.confirmHits <= 1) {
                    shownAt[event.anchor] = history.updates.count - 1
                }
                histories[event.anchor] = history
                k += 1
            }
            start = end
        }
        return judge(histories.keys.sorted().map { histories[$0]! }, policy: .realityRogue, shownAfter: { shownAt[$0] },
                     recording: recording, objectOfDetection: objectOfDetection)
    }

    /// The first capture time at which one of `observations` (fed by `detections`) saw each object.
    public static func firstSeen(_ observations: [AnchorObservation], detections: [Int64], objectOfDetection: [Int64: Int64]) -> [Int64: Double] {
        var firstSeen: [Int64: Double] = [:]
        for (k, o) in observations.enumerated() {
            if let object = objectOfDetection[detections[k]], firstSeen[object] == nil { firstSeen[object] = o.time }
        }
        return firstSeen
    }

    /// `histories` judged; `shownAfter` gives the index of the update at which an instance was shown.
    private static func judge(
        _ histories: [AnchorHistory], policy: AnchoringPolicy, shownAfter: (Int) -> Int?, recording: Recording,
        objectOfDetection: [Int64: Int64]
    ) -> [PolicyInstance] {
        let accuracy = AnchorAccuracy(histories: histories, objectOfDetection: objectOfDetection,
                                      objects: recording.groundTruthObjects, placements: recording.groundTruthPlacements)
        return zip(histories, accuracy.instances).map { history, judged in
            let shown = shownAfter(history.instance).flatMap { $0 < history.updates.count ? $0 : nil }
            let drift = shown.map { length(history.updates[$0].position - history.updates[history.updates.count - 1].position) } ?? .nan
            return PolicyInstance(
                policy: policy, instance: history.instance, object: judged.object, objectsFeeding: judged.objectsFeeding,
                confirmed: shown != nil, confirmedAt: shown.map { history.updates[$0].time } ?? .nan, drift: drift, errors: judged.errors)
        }
    }

    private static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}
