import Recording

/// A "guide to object X" request of a capture protocol.
public struct GuidanceRequest: Equatable, Sendable {
    /// The first frame guided (inclusive).
    public var fromFrame: Int64
    /// The last frame guided (inclusive).
    public var toFrame: Int64
    /// The registry instance the user asked for.
    public var instance: Int

    /// Creates a request from its parts.
    public init(fromFrame: Int64, toFrame: Int64, instance: Int) {
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.instance = instance
    }
}

/// What happened during one guidance request, frame by frame.
public struct GuidanceEvent: Equatable, Sendable {
    /// Index of the request in the list given to `GuidanceReplay.run`.
    public var request: Int
    /// The frame.
    public var frame: Int64
    /// The instance whose fresh anchor took the lock on this frame, and why; nil otherwise.
    public var lock: (instance: Int, reason: LockOnReason)?
    /// The arrival change on this frame, if any.
    public var arrival: ArrivalChange?
    /// Where the target points after this frame, world metres.
    public var target: SIMD3<Double>

    /// Events compare by value, the lock by instance and reason.
    public static func == (a: GuidanceEvent, b: GuidanceEvent) -> Bool {
        a.request == b.request && a.frame == b.frame && a.lock?.instance == b.lock?.instance
            && a.lock?.reason == b.lock?.reason && a.arrival == b.arrival && a.target == b.target
    }
}

/// Replays lock-on and arrival for a protocol's guidance requests over the registry's events.
public enum GuidanceReplay {
    /// For each request, starting from the instance's stored anchor at `fromFrame`, feeds the
    /// registry events of each guided frame to lock-on and the camera position to arrival.
    /// Only frames where something happened are reported. `registry` is the finished registry.
    public static func run(
        requests: [GuidanceRequest], registry: AnchorRegistry, frames: [Frame], configuration: GuidanceConfiguration = .init()
    ) -> [GuidanceEvent] {
        var result: [GuidanceEvent] = []
        let events = registry.events
        for (r, request) in requests.enumerated() where registry.instances.indices.contains(request.instance) {
            let label = registry.instances[request.instance].label
            // The stored anchor when guidance starts: its last position before `fromFrame`.
            guard let start = events.last(where: { $0.instance == request.instance && $0.frame < request.fromFrame }) else { continue }
            var session = GuidanceSession(target: GuidanceTarget(instance: request.instance, label: label, position: start.after), configuration: configuration)
            var cursor = events.firstIndex { $0.frame >= request.fromFrame } ?? events.endIndex
            for frame in frames where frame.index >= request.fromFrame && frame.index <= request.toFrame {
                var lock: (Int, LockOnReason)?
                while cursor < events.endIndex, events[cursor].frame <= frame.index {
                    let e = events[cursor]
                    if let reason = session.offer(instance: e.instance, label: registry.instances[e.instance].label, position: e.after) {
                        lock = (e.instance, reason)
                    }
                    cursor += 1
                }
                let arrival = session.updateArrival(camera: frame.pose.translation)
                if lock != nil || arrival != nil {
                    result.append(GuidanceEvent(request: r, frame: frame.index, lock: lock, arrival: arrival, target: session.target.position))
                }
            }
        }
        return result
    }
}
