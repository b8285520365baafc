import EvalMetrics
import Recording
import Replay

/// The spatial judgement of one recording: anchor accuracy, re-anchor gaps and 3-D tracking
/// of the anchor instances against the ground-truth objects.
public struct RecordingSpatialReport: Sendable, Equatable {
    /// Instances created by the registry replica.
    public var instanceCount: Int
    /// Observations fed to the registry.
    public var observationCount: Int
    /// Per-instance error, purity, duplication, objects never anchored.
    public var accuracy: AnchorAccuracy
    /// The raw re-anchor gaps (metres, logged before the EMA) of each instance, by instance id.
    public var gapsByInstance: [Int: [Double]]
    /// Summary of all gaps of the run.
    public var gaps: GapSummary
    /// Summary of the per-update anchor errors of all instances.
    public var errors: GapSummary
    /// 3-D centre-distance tracking at each gate, ascending.
    public var tracking3D: [CentreDistanceCounts]
    /// The frames the 3-D tracking scored (`MemoryFrames`): what `evaluate-recording --dump-3d` writes.
    public var memoryFrames: [PointFrame]
    /// The absence sweep's flags and the removals it found or missed (needs `lidar_maps`).
    public var absence: AbsenceOutcomes
    /// Lock-on and arrival outcomes of the recording's guidance requests.
    public var lockOn: LockOnOutcomes
    /// LocalLens's registry and RealityRogue's label anchoring on the same observations (spec.md#policy-comparison).
    public var policies: PolicyComparison
}

/// Runs the spatial replicas (tracker → depth fusion → anchor registry) on a recording and
/// judges the registry with the `EvalMetrics` functions, which see only plain values.
public enum RecordingSpatialJob {
    /// The gates of the 3-D tracking table: the app's merge radius, its veto distance, and
    /// nuScenes' 2 m for comparison (spec.md#metric-centre-distance).
    public static let defaultGates: [Double] = [0.35, 1.0, 2.0]

    /// The registry's instances as metric inputs: their position history and the
    /// detections that fed them (observations and events correspond one to one, in order).
    public static func histories(_ result: SpatialReplayResult) -> [AnchorHistory] {
        MemoryOutcomes.histories(result.registry, times: result.observations.map(\.time), detections: result.observations.map(\.detection))
    }

    /// Replays and judges `recording`.
    ///
    /// - Parameters:
    ///   - configuration: the replicas' constants (shipped defaults).
    ///   - gates: centre-distance gates of the 3-D tracking, metres.
    ///   - minimumIoU: the IoU a detection needs with a ground-truth box to belong to its object.
    /// Labelled boxes or marks: whichever route `recording`'s ground truth comes by (``RecordingGroundTruth``).
    public static func run(
        _ recording: Recording, configuration: ReplayConfiguration = .init(), gates: [Double] = defaultGates,
        minimumIoU: Double = 0.5
    ) -> RecordingSpatialReport {
        run(RecordingGroundTruth(recording, minimumIoU: minimumIoU), configuration: configuration, gates: gates)
    }

    /// Replays and judges a recording whose ground truth is resolved (spec.md#ground-truth-route).
    public static func run(
        _ truth: RecordingGroundTruth, configuration: ReplayConfiguration = .init(), gates: [Double] = defaultGates
    ) -> RecordingSpatialReport {
        let recording = truth.recording
        let result = SpatialReplay.run(recording, configuration: configuration)
        let histories = histories(result)
        let objectOfDetection = truth.objectOfDetection
        let accuracy = AnchorAccuracy(
            histories: histories, objectOfDetection: objectOfDetection,
            objects: recording.groundTruthObjects, placements: recording.groundTruthPlacements)
        let looks = MemoryOutcomes.absenceLooks(AbsenceScene(recording), registry: result.registry, configuration: configuration)
        var gapsByInstance: [Int: [Double]] = [:]
        for event in result.registry.events { if let gap = event.gap { gapsByInstance[event.instance, default: []].append(gap) } }
        let frames = MemoryFrames.build(recording, histories: histories)
        return RecordingSpatialReport(
            instanceCount: histories.count, observationCount: result.observations.count, accuracy: accuracy,
            gapsByInstance: gapsByInstance, gaps: GapSummary(result.registry.events.compactMap(\.gap)),
            errors: GapSummary(accuracy.allErrors),
            tracking3D: gates.sorted().map { CentreDistanceTracking.evaluate(frames, gate: $0) }, memoryFrames: frames,
            absence: MemoryOutcomes.absence(recording, looks: looks, histories: histories, accuracy: accuracy),
            lockOn: MemoryOutcomes.lockOn(
                recording, registry: result.registry, looks: looks, objectOfDetection: objectOfDetection, accuracy: accuracy,
                configuration: configuration.guidance),
            policies: PolicyComparison.run(recording, replay: result, objectOfDetection: objectOfDetection,
                                          labelAnchoring: configuration.labelAnchoring))
    }
}
