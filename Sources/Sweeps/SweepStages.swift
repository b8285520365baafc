import EvalMetrics
import Evaluation
import Recording
import Replay

/// What the stages after tracking and fusion need from one recording under one upstream
/// configuration: the observation stream the registry is fed and the tracking scores.
public struct UpstreamOutput: Sendable {
    /// The registry's input, in feeding order (as ``SpatialReplay`` feeds it).
    public var observations: [AnchorObservation]
    /// The detection behind each observation.
    public var detections: [Int64]
    /// The tracking components (`idf1Weighted` … `detectorCalls`); the others are 0.
    public var tracking: [Double]
    /// The registry ``SpatialReplay`` built with the upstream configuration's own anchor
    /// constants (what a sweep without staging would judge).
    public var registry: AnchorRegistry
}

/// The staged pipeline of a sweep point: upstream (tracker + depth fusion, once per
/// recording and upstream configuration), then the registry replay and its judgement.
public enum SweepStages {
    /// Runs the tracker and depth fusion (``SpatialReplay/run(_:configuration:trackSource:)``)
    /// and scores the tracks.
    public static func upstream(_ recording: Recording, configuration: ReplayConfiguration) throws(InputError) -> UpstreamOutput {
        let result = SpatialReplay.run(recording, configuration: configuration)
        let boxes = result.tracks.flatMap { frame in frame.tracks.map { TrackBox(frame: frame.frame, trackID: $0.trackID, box: $0.box) } }
        let summary = try RecordingMOT(recording).score(boxes, against: recording)
        var tracking = Array(repeating: 0.0, count: SweepComponent.allCases.count)
        let weight = Double(summary.groundTruthCount)
        tracking[SweepComponent.idf1Weighted.rawValue] = summary.idf1 * weight
        tracking[SweepComponent.hotaWeighted.rawValue] = summary.hota * weight
        tracking[SweepComponent.motaWeighted.rawValue] = summary.mota * weight
        tracking[SweepComponent.groundTruthBoxes.rawValue] = weight
        tracking[SweepComponent.detectorCalls.rawValue] = Double(result.tracks.count { $0.detectorRan })
        return UpstreamOutput(
            observations: result.anchorObservations, detections: result.observations.map(\.detection), tracking: tracking,
            registry: result.registry)
    }

    /// Replays the anchor registry over `upstream`'s observations.
    public static func registry(_ upstream: UpstreamOutput, anchors: AnchorConfiguration) -> AnchorRegistry {
        var registry = AnchorRegistry(configuration: anchors)
        for observation in upstream.observations { registry.observe(observation) }
        return registry
    }

    /// The registry judged against the ground truth: what the later stages build on.
    public struct RegistryJudgement: Sendable {
        /// The registry components (the upstream tracking components included).
        public var components: [Double]
        /// The instances as metric inputs.
        public var histories: [AnchorHistory]
        /// Anchor accuracy of the instances.
        public var accuracy: AnchorAccuracy
    }

    /// Judges `registry` (replayed over `upstream`) against `truth`.
    public static func judge(registry: AnchorRegistry, upstream: UpstreamOutput, truth: RecordingTruth) -> RegistryJudgement {
        let histories = MemoryOutcomes.histories(registry, times: upstream.observations.map(\.time), detections: upstream.detections)
        let accuracy = AnchorAccuracy(histories: histories, objectOfDetection: truth.objectOfDetection,
                                      objects: truth.objects, placements: truth.placements)
        var c = upstream.tracking
        func set(_ component: SweepComponent, _ value: Double) { c[component.rawValue] = value }
        let feeds = accuracy.instances.reduce(0) { $0 + $1.feedCount }
        let pure = accuracy.instances.reduce(0.0) { $0 + $1.purity * Double($1.feedCount) }
        set(.instances, Double(accuracy.instances.count))
        set(.blended, Double(accuracy.blendedInstances.count))
        set(.feeds, Double(feeds))
        set(.impureFeeds, (Double(feeds) - pure).rounded())
        set(.duplicates, Double(accuracy.duplication))
        set(.objectsAnchored, Double(accuracy.instancesOfObject.count))
        set(.neverAnchored, Double(accuracy.neverAnchored.count))
        let harms = IdentityHarms(histories: histories, accuracy: accuracy, objectOfDetection: truth.objectOfDetection,
                                  objects: truth.objects, placements: truth.placements, endTime: truth.endTime)
        set(.twinPairs, Double(harms.twinPairsSeen.count))
        set(.blendedTwinPairs, Double(harms.blendedTwinPairs.count))
        set(.blendedAnchors, Double(harms.blendedInstances))
        set(.wrongIdentitySeconds, harms.wrongIdentitySeconds)
        set(.recordedSeconds, truth.duration)
        let errors = accuracy.allErrors
        set(.errorSum, errors.reduce(0, +))
        set(.errorCount, Double(errors.count))
        let convergence = MoveConvergence.times(
            registry: registry, times: upstream.observations.map(\.time), detections: upstream.detections, truth: truth,
            accuracy: accuracy)
        set(.moves, Double(convergence.count))
        set(.movesConverged, Double(convergence.compactMap { $0 }.count))
        set(.convergenceSum, convergence.compactMap { $0 }.reduce(0, +))
        return RegistryJudgement(components: c, histories: histories, accuracy: accuracy)
    }

    /// The absence stage's output: its components and the looks that flipped a flag (the
    /// guidance stage starts from instances they do not show as missing).
    public struct AbsenceStage: Sendable {
        /// The absence components.
        public var components: [(SweepComponent, Double)]
        /// The looks of the absence replay that flipped a flag, in order: all that the
        /// outcomes and the missing flags read of the looks.
        public var flips: [AbsenceEvent]
    }

    /// The absence stage: the absence replay over the registry's anchors (`looks`, the
    /// registry's ``AbsenceLookTable``) under `configuration`, judged (`AbsenceOutcomes`);
    /// zero without `lidar_maps`.
    public static func absence(_ recording: Recording, looks: AbsenceLookTable, judgement: RegistryJudgement,
                               configuration: ReplayConfiguration) -> AbsenceStage {
        absence(recording, flips: looks.flips(configuration: configuration.absence), judgement: judgement)
    }

    /// The absence stage from the replay's flag flips: everything in it depends on the flips
    /// alone (given the registry), so points whose flips agree share it.
    public static func absence(_ recording: Recording, flips: [AbsenceEvent], judgement: RegistryJudgement) -> AbsenceStage {
        let outcomes = MemoryOutcomes.absence(recording, looks: flips, histories: judgement.histories, accuracy: judgement.accuracy)
        // Only objects that left the scene: a moved object's anchor may rightly follow it
        // (convergence judges moves), so its old placement ending is no missed removal.
        let departures = outcomes.removals.filter { !$0.moved }
        return AbsenceStage(
            components: [(.flags, Double(outcomes.correctFlags + outcomes.falseMissing)), (.falseMissing, Double(outcomes.falseMissing)),
                         (.removals, Double(departures.count)), (.missedRemovals, Double(departures.count { $0.latency == nil })),
                         (.latencySum, departures.compactMap(\.latency).reduce(0, +))],
            flips: flips)
    }

    /// The guidance components: each guidance request replayed from the instance the memory
    /// shows (`GuidanceTraces`), judged (`LockOnOutcomes`); zero without `guidance_requests`.
    public static func guidance(_ recording: Recording, registry: AnchorRegistry, absence: AbsenceStage, judgement: RegistryJudgement,
                                truth: RecordingTruth, configuration: GuidanceConfiguration) -> [(SweepComponent, Double)] {
        let outcomes = MemoryOutcomes.lockOn(
            recording, requests: truth.guidanceRequests, registry: registry, looks: absence.flips, accuracy: judgement.accuracy,
            configuration: configuration)
        let times = outcomes.timesToFirstLock
        let objectOf = judgement.accuracy.objectOfInstance
        let inMemory = outcomes.requests.filter { $0.verdict != .notInMemory }
        let lockable = inMemory.filter { $0.trace.redetection != nil }
        let radiusWrong = inMemory.count { r in
            r.trace.locks.contains { $0.instance != r.trace.instance && objectOf[$0.instance] != r.trace.object }
        }
        return [(.lockableRequests, Double(lockable.count)), (.missedLockable, Double(lockable.count { $0.verdict == .none })),
                (.radiusWrongLocks, Double(radiusWrong)),(.guidedRequests, Double(outcomes.requests.count - outcomes.count(.notInMemory))),
                (.wrongTargetLocks, Double(outcomes.count(.wrongTarget))), (.correctLocks, Double(outcomes.count(.correct))),
                (.missedLocks, Double(outcomes.count(.none))), (.greenArrivals, Double(outcomes.greenArrivals)),
                (.greenWithoutObject, Double(outcomes.greenWithoutObject)), (.lockTimeSum, times.reduce(0, +)),
                (.lockTimes, Double(times.count)), (.suggestions, Double(outcomes.suggestions)),
                (.realSuggestions, Double(outcomes.realSuggestions))]
    }

    /// The label-anchoring components: RealityRogue's policy replayed over the upstream
    /// observations and judged as the run's side-by-side table judges it (spec.md#policy-comparison).
    public static func labelAnchoring(_ recording: Recording, upstream: UpstreamOutput, truth: RecordingTruth,
                                      configuration: LabelAnchoringConfiguration) -> [(SweepComponent, Double)] {
        let anchors = PolicyComparison.labelAnchors(recording, observations: upstream.observations, detections: upstream.detections,
                                                    objectOfDetection: truth.objectOfDetection, configuration: configuration)
        let firstSeen = PolicyComparison.firstSeen(upstream.observations, detections: upstream.detections, objectOfDetection: truth.objectOfDetection)
        let shown = anchors.filter(\.confirmed)
        var perObject: [Int64: (count: Int, first: Double)] = [:]
        for anchor in shown {
            guard let object = anchor.object else { continue }
            let current = perObject[object]
            perObject[object] = ((current?.count ?? 0) + 1, min(current?.first ?? .infinity, anchor.confirmedAt))
        }
        let confirmTimes = perObject.compactMap { object, entry in firstSeen[object].map { max(0, entry.first - $0) } }
        let errors = anchors.flatMap(\.errors)
        return [(.labelShown, Double(shown.count)), (.labelDuplicates, Double(perObject.values.reduce(0) { $0 + $1.count - 1 })),
                (.labelBlended, Double(shown.count { $0.objectsFeeding > 1 })), (.labelObjectsShown, Double(confirmTimes.count)),
                (.labelErrorSum, errors.reduce(0, +)), (.labelErrorCount, Double(errors.count)),
                (.labelConfirmSum, confirmTimes.sorted().reduce(0, +))]
    }

    /// Every component of one (point, recording): the registry judgement with the absence,
    /// guidance and label-anchoring stages laid over it.
    public static func components(_ judgement: RegistryJudgement, absence: AbsenceStage,
                                  guidance: [(SweepComponent, Double)], labelAnchoring: [(SweepComponent, Double)] = []) -> [Double] {
        var c = judgement.components
        for (component, value) in absence.components + guidance + labelAnchoring { c[component.rawValue] = value }
        return c
    }

    /// The whole pipeline for one configuration, from scratch: what a sweep without
    /// staging would run per point (used by the benchmark and the equivalence test).
    public static func naive(_ recording: Recording, truth: RecordingTruth, configuration: ReplayConfiguration) throws(InputError) -> [Double] {
        let up = try upstream(recording, configuration: configuration)
        return evaluate(registry: up.registry, upstream: up, recording: recording, truth: truth, configuration: configuration)
    }

    /// Every stage after the registry for one point on one recording, without reuse.
    public static func evaluate(registry: AnchorRegistry, upstream: UpstreamOutput, recording: Recording, truth: RecordingTruth,
                                configuration: ReplayConfiguration) -> [Double] {
        let judgement = judge(registry: registry, upstream: upstream, truth: truth)
        let looks = MemoryOutcomes.absenceLooks(AbsenceScene(recording), registry: registry, configuration: configuration)
        let absence = absence(recording, flips: looks.filter(\.flipped), judgement: judgement)
        return components(
            judgement, absence: absence,
            guidance: guidance(recording, registry: registry, absence: absence, judgement: judgement, truth: truth,
                               configuration: configuration.guidance),
            labelAnchoring: labelAnchoring(recording, upstream: upstream, truth: truth, configuration: configuration.labelAnchoring))
    }
}
