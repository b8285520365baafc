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

    /// The absence sweep replayed over `registry`'s anchors and its flag changes judged;
    /// `scene` is `recording` indexed for the sweep (prepared once when replayed often).
    public static func absence(
        _ recording: Recording, scene: AbsenceScene, registry: AnchorRegistry, histories: [AnchorHistory], accuracy: AnchorAccuracy,
        configuration: AbsenceConfiguration
    ) -> AbsenceOutcomes {
        let looks = AbsenceReplay.run(scene, registry: registry, configuration: configuration)
        return AbsenceOutcomes(
            changes: looks.filter(\.flipped).map { MissingFlagChange(instance: $0.instance, frame: $0.frame, time: $0.time, missing: $0.missing) },
            histories: histories, objectOfInstance: accuracy.objectOfInstance, objects: recording.groundTruthObjects,
            placements: recording.groundTruthPlacements)
    }

    /// Lock-on replayed for every guidance request (``GuidanceTraces``) and judged; a found
    /// arrival has the object there within the departure radius.
    public static func lockOn(
        _ recording: Recording, registry: AnchorRegistry, histories: [AnchorHistory], accuracy: AnchorAccuracy,
        configuration: GuidanceConfiguration
    ) -> LockOnOutcomes {
        let traces = GuidanceTraces.replay(recording, registry: registry, histories: histories, accuracy: accuracy, configuration: configuration)
        return LockOnOutcomes(traces: traces, objectOfInstance: accuracy.objectOfInstance, placements: recording.groundTruthPlacements,
                              objectRadius: configuration.departureRadius)
    }
}
