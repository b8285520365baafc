import Recording

/// A fresh anchor that took the lock, and why.
public struct GuidanceLock: Equatable, Sendable {
    /// The instance whose fresh anchor took it.
    public var instance: Int
    /// Which branch of lock-on took it.
    public var reason: LockOnReason

    /// Creates a lock from its parts.
    public init(instance: Int, reason: LockOnReason) {
        self.instance = instance
        self.reason = reason
    }
}

/// What happened during one guidance request on one frame.
public struct GuidanceEvent: Equatable, Sendable {
    /// The frame.
    public var frame: Int64
    /// The frame's time, seconds.
    public var time: Double
    /// The lock taken on this frame (the last one, when several fresh anchors took it); nil otherwise.
    public var lock: GuidanceLock?
    /// The reticle's new state when it changed on this frame.
    public var arrival: ArrivalState?
    /// Suggestion cards offered on this frame.
    public var suggestions: [GuidanceSuggestion]
    /// The camera centre, world metres.
    public var camera: SIMD3<Double>
    /// Where the target points after this frame, world metres.
    public var target: SIMD3<Double>
}

/// One guidance request replayed.
public struct GuidanceRun: Equatable, Sendable {
    /// Where it started; nil when the memory held nothing for the query (nothing is replayed).
    public var start: GuidanceStart?
    /// The frames on which something happened (a lock, an arrival change, a suggestion), in order.
    public var events: [GuidanceEvent]
}

/// Replays guidance requests over the registry's events (spec.md#guidance).
public enum GuidanceReplay {
    /// For each request: the start chosen from the registry as it stood before the request
    /// (``GuidanceStart/choose(_:before:registry:missing:)``), then, frame by frame, every
    /// registry update on the frame offered to lock-on as a fresh anchor, the camera to
    /// arrival, and the suggestion cards then due (``GuidanceSession/suggestions(camera:)``). `registry` is
    /// the finished registry; `missing` the absence sweep's flags, when known.
    public static func run(
        requests: [GuidanceRequest], registry: AnchorRegistry, frames: [Frame], missing: MissingFlags = .init(),
        configuration: GuidanceConfiguration = .init()
    ) -> [GuidanceRun] {
        let events = registry.events
        return requests.map { request in
            guard let start = GuidanceStart.choose(request.query, before: request.fromFrame, registry: registry, missing: missing) else {
                return GuidanceRun(start: nil, events: [])
            }
            var session = GuidanceSession(
                target: GuidanceTarget(instance: start.instance, label: start.label, position: start.position, appearance: start.appearance),
                configuration: configuration)
            var cursor = events.firstIndex { $0.frame >= request.fromFrame } ?? events.endIndex
            var trace: [GuidanceEvent] = []
            // Positions first: a frame is copied only when the request covers it.
            for position in frames.indices where request.covers(frames[position].index) {
                let frame = frames[position]
                var lock: GuidanceLock?
                while cursor < events.endIndex, events[cursor].frame <= frame.index {
                    let anchor = FreshAnchor(events[cursor], label: registry.instances[events[cursor].instance].label)
                    if let reason = session.offer(anchor, time: frame.time) { lock = GuidanceLock(instance: anchor.instance, reason: reason) }
                    cursor += 1
                }
                let camera = frame.pose.translation
                let arrival = session.updateArrival(camera: camera, time: frame.time)
                let suggestions = session.suggestions(camera: camera)
                if lock != nil || arrival != nil || !suggestions.isEmpty {
                    trace.append(GuidanceEvent(
                        frame: frame.index, time: frame.time, lock: lock, arrival: arrival, suggestions: suggestions,
                        camera: camera, target: session.target.position))
                }
            }
            return GuidanceRun(start: start, events: trace)
        }
    }
}
