import EvalMetrics
import Recording
import Replay

/// Guidance replayed for every request of a recording, as ``GuidanceReplay`` replays it, but
/// keeping what each rule compared: where the target pointed when a fresh anchor took the
/// lock, the appearance cosine, the camera's distance at an arrival change and the age of the
/// latest lock. The locks and arrival states equal the replay's (a test holds them to it).
enum GuidanceDetails {
    /// The guidance lane's events of `recording`: each request over its span, its locks,
    /// arrival changes and suggestion cards, judged with `outcomes` (one per request, in order).
    static func events(
        _ recording: Recording, registry: AnchorRegistry, missing: MissingFlags, outcomes: LockOnOutcomes,
        objectOfInstance: [Int: Int64], configuration: GuidanceConfiguration, at: (Int64) -> Int
    ) -> [TimelineEvent] {
        var timeOf: [Int64: Double] = [:]
        for frame in recording.frames { timeOf[frame.index] = frame.time }
        var result: [TimelineEvent] = []
        for (request, outcome) in zip(recording.guidanceRequests, outcomes.requests) {
            let startTime = timeOf[request.fromFrame] ?? outcome.trace.startTime
            let endTime = timeOf[request.toFrame] ?? startTime
            let query = GuidanceRequest(request, objects: recording.groundTruthObjects)
            let start = query.flatMap { GuidanceStart.choose($0.query, before: $0.fromFrame, registry: registry, missing: missing) }
            result.append(TimelineEvent(
                lane: .guidance, frame: at(request.fromFrame), time: startTime, instance: start?.instance,
                detail: .request(id: request.id, object: request.object, end: endTime, start: start?.instance, verdict: outcome.verdict)))
            guard let query, let start else { continue }
            var session = GuidanceSession(
                target: GuidanceTarget(instance: start.instance, label: start.label, position: start.position, appearance: start.appearance),
                configuration: configuration)
            let events = registry.events
            var cursor = events.firstIndex { $0.frame >= query.fromFrame } ?? events.endIndex
            for frame in recording.frames where query.covers(frame.index) {
                var lock: TimelineEvent?
                while cursor < events.endIndex, events[cursor].frame <= frame.index {
                    let anchor = FreshAnchor(events[cursor], label: registry.instances[events[cursor].instance].label)
                    let before = session.target
                    if let reason = session.offer(anchor, time: frame.time) {
                        var cosine: Double?
                        if let a = anchor.appearance, let b = before.appearance { cosine = AnchorRules.cosine(a, b) }
                        lock = TimelineEvent(
                            lane: .lock, frame: at(frame.index), time: frame.time, instance: anchor.instance,
                            detail: .lock(reason: reason, distance: anchor.observed.distance(to: before.position), cosine: cosine,
                                          onRequested: objectOfInstance[anchor.instance] == request.object))
                    }
                    cursor += 1
                }
                if let lock { result.append(lock) }
                let camera = frame.pose.translation
                let lastLock = session.lastLock
                if let state = session.updateArrival(camera: camera, time: frame.time) {
                    let judged = outcome.arrivals.first { $0.arrival.frame == frame.index }
                    result.append(TimelineEvent(
                        lane: .arrival, frame: at(frame.index), time: frame.time, instance: session.target.instance,
                        detail: .arrival(state: state, distance: camera.distance(to: session.target.position),
                                         lockAge: lastLock.map { frame.time - $0 }, objectThere: judged?.objectThere ?? false)))
                }
                for card in session.suggestions(camera: camera) {
                    let judged = outcome.suggestions.first { $0.suggestion.frame == frame.index && $0.suggestion.instance == card.instance }
                    result.append(TimelineEvent(lane: .guidance, frame: at(frame.index), time: frame.time, instance: card.instance,
                                                detail: .suggestion(distance: card.distance, real: judged?.real ?? false)))
                }
            }
        }
        return result
    }
}

extension SIMD3 where Scalar == Double {
    /// Euclidean distance to `other`.
    func distance(to other: SIMD3<Double>) -> Double { ((self - other) * (self - other)).sum().squareRoot() }
}
