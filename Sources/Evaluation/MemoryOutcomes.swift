import EvalMetrics
import Recording
import Replay

/// The registry's instances as metric inputs and the absence and lock-on outcomes of a
/// recording, shared by the main job (`RecordingSpatialJob`) and the sweep's stages.
public enum MemoryOutcomes {
    /// Each instance's position history and feeding detections: event `k` of `registry` came
    /// from an observation at `times[k]` of detection `detections[k]`.
    public static func histories(_ registry: AnchorRegistry, times: [Double], detections: [Int64]) -> [AnchorHistory] {
        var histories = registry.instances.map { AnchorHistory(instance: $0.id, label: $0.label, updates: [], detections: []) }
        for (k, event) in registry.events.enumerated() {
            histories[event.instance].updates.append(AnchorUpdate(frame: event.frame, time: times[k], position: event.after))
            histories[event.instance].detections.append(detections[k])
        }
        return histories
    }

    /// The absence sweep replayed over `registry`'s anchors on `scene` (the recording indexed
    /// for the sweep, prepared once when replayed often), reading LiDAR at depth fusion's
    /// confidence level (spec.md#absence-over-recording).
    public static func absenceLooks(_ scene: AbsenceScene, registry: AnchorRegistry, configuration: ReplayConfiguration) -> [AbsenceEvent] {
        AbsenceReplay.run(scene, registry: registry, configuration: configuration.absence, lidarConfidence: configuration.depthFusion.minLidarConfidence)
    }

    /// The flag changes among the sweep's `looks`, judged.
    public static func absence(
        _ recording: Recording, looks: [AbsenceEvent], histories: [AnchorHistory], accuracy: AnchorAccuracy
    ) -> AbsenceOutcomes {
        AbsenceOutcomes(
            changes: looks.filter(\.flipped).map { MissingFlagChange(instance: $0.instance, frame: $0.frame, time: $0.time, missing: $0.missing) },
            histories: histories, objectOfInstance: accuracy.objectOfInstance, objects: recording.groundTruthObjects,
            placements: recording.groundTruthPlacements)
    }

    /// Guidance replayed for every request (``GuidanceTraces``), starting from instances the
    /// sweep's `looks` do not show as missing, and judged; an arrival has the object there
    /// within the departure radius.
    public static func lockOn(
        _ recording: Recording, registry: AnchorRegistry, looks: [AbsenceEvent], objectOfDetection: [Int64: Int64],
        accuracy: AnchorAccuracy, configuration: GuidanceConfiguration
    ) -> LockOnOutcomes {
        lockOn(recording, requests: GuidanceTraces.prepare(recording, objectOfDetection: objectOfDetection), registry: registry,
               looks: looks, accuracy: accuracy, configuration: configuration)
    }

    /// ``lockOn(_:registry:looks:objectOfDetection:accuracy:configuration:)`` from the
    /// recording's requests prepared once (``RecordingTruth/guidanceRequests``).
    public static func lockOn(
        _ recording: Recording, requests: [GuidanceTraces.PreparedRequest], registry: AnchorRegistry, looks: [AbsenceEvent],
        accuracy: AnchorAccuracy, configuration: GuidanceConfiguration
    ) -> LockOnOutcomes {
        let traces = GuidanceTraces.replay(
            requests, frames: recording.frames, registry: registry, missing: MissingFlags(looks: looks, events: registry.events),
            configuration: configuration)
        return LockOnOutcomes(traces: traces, objectOfInstance: accuracy.objectOfInstance, placements: recording.groundTruthPlacements,
                              objectRadius: configuration.departureRadius)
    }
}
