import Metrics
import Recording
import Replay

/// Turns a recording's "guide me to object X" requests into lock-on replays and their traces
/// (in `Sweeps` so the sweep's lock-on stage and the main job share it).
public enum GuidanceTraces {
    /// For each request, the instance the memory would show for the object when guidance
    /// starts (of the instances associated with it and anchored before the request's first
    /// frame, the one updated last), the lock-on replay from it, and the locks and found
    /// arrivals as `Metrics` values. A request whose object has no such instance gets a
    /// trace with no instance (not in memory).
    public static func replay(
        _ recording: Recording, registry: AnchorRegistry, histories: [AnchorHistory], accuracy: AnchorAccuracy,
        configuration: GuidanceConfiguration
    ) -> [GuidanceTrace] {
        var frameOf: [Int64: Frame] = [:]
        for frame in recording.frames { frameOf[frame.index] = frame }
        return recording.guidanceRequests.map { request in
            let candidates = (accuracy.instancesOfObject[request.object] ?? []).compactMap { instance -> (Int, Int64)? in
                histories[instance].updates.last { $0.frame < request.fromFrame }.map { (instance, $0.frame) }
            }
            guard let start = candidates.max(by: { ($0.1, -$0.0) < ($1.1, -$1.0) })?.0 else {
                return GuidanceTrace(request: request.id, object: request.object, instance: nil, locks: [], arrivals: [])
            }
            let events = GuidanceReplay.run(
                requests: [GuidanceRequest(fromFrame: request.fromFrame, toFrame: request.toFrame, instance: start)],
                registry: registry, frames: recording.frames, configuration: configuration)
            var locks: [GuidanceTrace.Lock] = []
            var arrivals: [GuidanceTrace.Arrival] = []
            for event in events {
                guard let frame = frameOf[event.frame] else { continue }
                if let lock = event.lock {
                    locks.append(GuidanceTrace.Lock(frame: event.frame, time: frame.time, instance: lock.instance))
                }
                if event.arrival == .found {
                    arrivals.append(GuidanceTrace.Arrival(frame: event.frame, time: frame.time, camera: frame.pose.translation))
                }
            }
            return GuidanceTrace(request: request.id, object: request.object, instance: start, locks: locks, arrivals: arrivals)
        }
    }
}

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
