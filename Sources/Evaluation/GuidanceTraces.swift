import EvalMetrics
import Recording
import Replay

/// Turns a recording's "guide me to object X" requests into lock-on replays and their traces
/// (shared by the main job and the sweep's lock-on stage).
public enum GuidanceTraces {
    /// For each request, the instance the memory would show for the object when guidance
    /// starts (of the instances associated with it and anchored before the request's first
    /// frame, the one updated last), the lock-on replay from it, and the locks and found
    /// arrivals as `EvalMetrics` values. A request whose object has no such instance gets a
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
