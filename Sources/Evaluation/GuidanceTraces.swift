import EvalMetrics
import Recording
import Replay

/// Turns a recording's "guide me to object X" requests into guidance replays and their
/// traces as `EvalMetrics` values (shared by the main job and the sweep's guidance stage).
public enum GuidanceTraces {
    /// What a request's trace needs of the recording besides the registry, worked out once
    /// per recording (it does not depend on any constant): the start time, the time of the
    /// requested object's first live detection during the request, and the user's query.
    public struct PreparedRequest: Sendable {
        /// The recording's request.
        public var request: CaptureGuidanceRequest
        /// The time of the request's first frame.
        public var startTime: Double
        /// The time of the object's first live detection during the request, if any.
        public var redetection: Double?
        /// The user's query (nil when the recording does not list the object).
        public var query: GuidanceRequest?
    }

    /// The recording's requests prepared for ``replay(_:frames:registry:missing:configuration:)``.
    public static func prepare(_ recording: Recording, objectOfDetection: [Int64: Int64]) -> [PreparedRequest] {
        guard !recording.guidanceRequests.isEmpty else { return [] }
        var timeOf: [Int64: Double] = [:]
        for frame in recording.frames { timeOf[frame.index] = frame.time }
        return recording.guidanceRequests.map { request in
            let startTime = timeOf[request.fromFrame] ?? recording.frames.first { $0.index >= request.fromFrame }?.time ?? 0
            let redetection = recording.detections
                .filter { request.fromFrame...request.toFrame ~= $0.frame && objectOfDetection[$0.id] == request.object }
                .compactMap { timeOf[$0.frame] }.min()
            return PreparedRequest(request: request, startTime: startTime, redetection: redetection,
                                   query: GuidanceRequest(request, objects: recording.groundTruthObjects))
        }
    }

    /// For each request, the replica's guidance replayed from what the app has: the user's
    /// query is the requested object's label, and the start instance comes from the
    /// registry and the absence sweep's flags, not from the ground truth
    /// (spec.md#lockon-start-instance). Only afterwards is the trace tied to the object: the
    /// time of its first live detection during the request (`objectOfDetection`) is recorded
    /// for judging. A request whose object the recording does not list, or whose query the
    /// memory cannot answer, gets a trace with no instance (not in memory).
    public static func replay(
        _ recording: Recording, registry: AnchorRegistry, missing: MissingFlags, objectOfDetection: [Int64: Int64],
        configuration: GuidanceConfiguration
    ) -> [GuidanceTrace] {
        replay(prepare(recording, objectOfDetection: objectOfDetection), frames: recording.frames, registry: registry, missing: missing,
               configuration: configuration)
    }

    /// ``replay(_:registry:missing:objectOfDetection:configuration:)`` from requests
    /// prepared once (``prepare(_:objectOfDetection:)``) over the recording's `frames`.
    public static func replay(
        _ requests: [PreparedRequest], frames: [Frame], registry: AnchorRegistry, missing: MissingFlags,
        configuration: GuidanceConfiguration
    ) -> [GuidanceTrace] {
        requests.map { prepared in
            let request = prepared.request
            guard let query = prepared.query,
                  let run = GuidanceReplay.run(requests: [query], registry: registry, frames: frames, missing: missing,
                                               configuration: configuration).first,
                  let start = run.start else {
                return GuidanceTrace(request: request.id, object: request.object, instance: nil, startTime: prepared.startTime,
                                     redetection: prepared.redetection, locks: [], arrivals: [])
            }
            return GuidanceTrace(
                request: request.id, object: request.object, instance: start.instance, startTime: prepared.startTime,
                redetection: prepared.redetection,
                locks: run.events.compactMap { event in event.lock.map { GuidanceTrace.Lock(frame: event.frame, time: event.time, instance: $0.instance) } },
                arrivals: run.events.compactMap { event in
                    event.arrival.map { GuidanceTrace.Arrival(frame: event.frame, time: event.time, state: reticle($0), camera: event.camera) }
                },
                suggestions: run.events.flatMap { event in
                    event.suggestions.map {
                        GuidanceTrace.Suggestion(frame: event.frame, time: event.time, instance: $0.instance, position: $0.position, distance: $0.distance)
                    }
                })
        }
    }

    /// The replica's arrival state as the metric's plain value.
    static func reticle(_ state: ArrivalState) -> GuidanceTrace.Reticle {
        switch state {
        case .none: .none
        case .amber: .amber
        case .green: .green
        }
    }
}
