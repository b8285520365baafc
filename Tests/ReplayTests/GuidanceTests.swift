import Recording
import Testing
@testable import Replay

private let target = GuidanceTarget(instance: 0, label: "bottle", position: .zero, appearance: Script.reference)

/// A fresh anchor of `instance` observed at x (stored 5 cm further), with appearance cosine `cosine` to the target's.
private func anchor(_ instance: Int, _ label: String = "bottle", x: Double, cosine: Double? = 0.95) -> FreshAnchor {
    FreshAnchor(instance: instance, label: label, observed: SIMD3(x, 0, 0), stored: SIMD3(x + 0.05, 0, 0),
                appearance: cosine.map { Script.appearance(cosine: $0) })
}

@Suite("Lock-on, arrival, suggestions and start instance (spec.md#guidance)")
struct GuidanceTests {
    @Test("Lock-on radius: the target's own instance anywhere; another instance of the class within 0.35 m (spec.md#lockon-radius)")
    func lockOnRadius() {
        let c = GuidanceConfiguration()
        func reason(_ a: FreshAnchor) -> LockOnReason? { GuidanceSession.lockOnReason(a, target: target, configuration: c) }
        #expect(reason(anchor(0, x: 5, cosine: 0.1)) == .instanceMatch)  // ungated
        #expect(reason(anchor(1, x: 0.35)) == .sameClassNearby)
        #expect(reason(anchor(1, x: 0.36)) == nil)
        #expect(reason(anchor(1, x: 0.43)) == nil)  // the twin at 0.43 m
        #expect(reason(anchor(1, "cup", x: 0.1)) == nil)
        #expect(GuidanceSession.lockOnReason(anchor(1, x: 0.43), target: target, configuration: .beforeTwinsIncident) == .sameClassNearby)
    }

    @Test("Appearance filter: the class branch needs cosine ≥ 0.80 with the target's appearance (spec.md#lockon-appearance-filter)")
    func appearanceFilter() {
        let c = GuidanceConfiguration()
        func reason(_ a: FreshAnchor, _ c: GuidanceConfiguration = .init()) -> LockOnReason? { GuidanceSession.lockOnReason(a, target: target, configuration: c) }
        #expect(reason(anchor(1, x: 0.2, cosine: 0.81)) == .sameClassNearby)
        #expect(reason(anchor(1, x: 0.2, cosine: 0.79)) == nil)
        #expect(reason(anchor(1, x: 0.2, cosine: nil)) == .sameClassNearby)  // nothing to compare: distance alone
        var off = c
        off.lockOnCosine = -1
        #expect(reason(anchor(1, x: 0.2, cosine: 0.1), off) == .sameClassNearby)
    }

    @Test("The target snaps to the raw live observation, not the registry's smoothed anchor (spec.md#lockon-fresh-observation)")
    func snapsToFreshObservation() {
        var session = GuidanceSession(target: target)
        #expect(session.offer(anchor(0, x: 0.9), time: 1) == .instanceMatch)
        #expect(session.target.position == SIMD3(0.9, 0, 0))
        // The radius is measured from where the target now points, to the raw observation.
        #expect(session.offer(anchor(1, x: 1.2), time: 2) == .sameClassNearby)
        #expect(session.target.position == SIMD3(1.2, 0, 0) && session.target.instance == 0)
        // Lock-on tests the raw point too: stored 0.40 m away but observed 0.34 m away locks.
        let nearRaw = FreshAnchor(instance: 2, label: "bottle", observed: SIMD3(1.54, 0, 0), stored: SIMD3(1.6, 0, 0))
        #expect(session.offer(nearRaw, time: 3) == .sameClassNearby && session.target.position.x == 1.54)
    }

    @Test("Arrival: inside 0.85 m arrives, beyond 1.1 m leaves (spec.md#arrival-hysteresis)")
    func arrivalHysteresis() {
        var session = GuidanceSession(target: target, configuration: GuidanceConfiguration(greenNeedsRedetection: false))
        let distances = [1.2, 0.9, 0.84, 1.0, 1.09, 1.11, 0.9, 0.8]
        let changes = distances.enumerated().map { session.updateArrival(camera: SIMD3($0.element, 0, 0), time: Double($0.offset)) }
        #expect(changes == [nil, nil, .green, nil, nil, ArrivalState.none, nil, .green])
    }

    @Test("Arrival states: proximity alone is amber; green needs a lock within the last 2 s (spec.md#arrival-states)")
    func arrivalStates() {
        var session = GuidanceSession(target: target)
        #expect(session.updateArrival(camera: SIMD3(0.5, 0, 0), time: 0) == .amber)
        #expect(session.offer(anchor(0, x: 0.01), time: 1) == .instanceMatch)
        #expect(session.updateArrival(camera: SIMD3(0.5, 0, 0), time: 1) == .green)
        #expect(session.updateArrival(camera: SIMD3(0.5, 0, 0), time: 3) == nil)  // 2 s after the lock: still green
        #expect(session.updateArrival(camera: SIMD3(0.5, 0, 0), time: 3.01) == .amber)
        #expect(session.offer(anchor(0, x: 0.02), time: 4) == .instanceMatch)
        #expect(session.updateArrival(camera: SIMD3(0.5, 0, 0), time: 4) == .green)
        #expect(session.updateArrival(camera: SIMD3(1.2, 0, 0), time: 4.5) == ArrivalState.none)
        // A lock before arriving confirms the arrival itself when it is recent.
        var early = GuidanceSession(target: target)
        _ = early.offer(anchor(0, x: 0), time: 0)
        #expect(early.updateArrival(camera: SIMD3(0.8, 0, 0), time: 1.5) == .green)
    }

    @Test("Suggestion cards: rejected same-class anchors are offered once, only while amber, never retargeted to")
    func suggestionCards() {
        var session = GuidanceSession(target: target)
        #expect(session.offer(anchor(1, x: 0.7), time: 0) == nil)
        #expect(session.offer(anchor(2, "cup", x: 0.2), time: 0) == nil)
        #expect(session.suggestions(camera: SIMD3(3, 0, 0)).isEmpty)  // not arrived: no card yet
        _ = session.updateArrival(camera: SIMD3(0, 0, 0.5), time: 1)
        #expect(session.arrival == .amber)
        let cards = session.suggestions(camera: SIMD3(0, 0, 0.5))
        #expect(cards.map(\.instance) == [1])
        #expect(abs((cards.first?.distance ?? 0) - (0.75 * 0.75 + 0.25).squareRoot()) < 1e-12)  // to the mapped (stored) spot
        #expect(session.target.position == .zero)
        _ = session.offer(anchor(1, x: 0.7), time: 2)
        #expect(session.suggestions(camera: .zero).isEmpty)  // once per instance
    }

    @Test("Start instance from the replica's own memory: the freshest of the queried label, not flagged missing (spec.md#lockon-start-instance)")
    func startInstance() {
        let registry = Script.registry([
            Script.observation(0, at: SIMD3(0, 0, -3)), Script.observation(30, at: SIMD3(2, 0, -3)),
            Script.observation(60, at: SIMD3(0.01, 0, -3)), Script.observation(61, "cup", at: SIMD3(1, 0, -2)),
            Script.observation(200, at: SIMD3(2.02, 0, -3)),
        ])
        #expect(registry.instances.map(\.label) == ["bottle", "bottle", "cup"])
        let start = GuidanceStart.choose(.label("bottle"), before: 100, registry: registry)
        #expect(start?.instance == 0 && start?.lastUpdate == 60 && start?.position.x ?? 0 > 0)
        #expect(GuidanceStart.choose(.label("bottle"), before: 300, registry: registry)?.instance == 1)
        #expect(GuidanceStart.choose(.label("remote"), before: 300, registry: registry) == nil)
        #expect(GuidanceStart.choose(.instance(2), before: 61, registry: registry) == nil)  // anchored on the request's frame: too late
        #expect(GuidanceStart.choose(.instance(2), before: 62, registry: registry)?.label == "cup")
        // Instance 0 flagged missing on frame 80: the other bottle is shown instead.
        let flag = AbsenceEvent(frame: 80, time: 80.0 / 30, instance: 0, look: .absent, absentSamples: 3, missing: true, flipped: true)
        let missing = MissingFlags(looks: [flag], events: registry.events)
        #expect(GuidanceStart.choose(.label("bottle"), before: 100, registry: registry, missing: missing)?.instance == 1)
        #expect(GuidanceStart.choose(.label("bottle"), before: 80, registry: registry, missing: missing)?.instance == 0)
    }

    @Test("Missing flags: a flip sets the flag, a later registry update (a sighting) clears it")
    func missingFlags() {
        let registry = Script.registry([Script.observation(0, at: SIMD3(0, 0, -3)), Script.observation(90, at: SIMD3(0, 0, -3))])
        let looks = [AbsenceEvent(frame: 60, time: 2, instance: 0, look: .absent, absentSamples: 3, missing: true, flipped: true),
                     AbsenceEvent(frame: 90, time: 3, instance: 0, look: .absent, absentSamples: 1, missing: false, flipped: false)]
        let flags = MissingFlags(looks: looks, events: registry.events)
        #expect(!flags.isMissing(0, before: 60) && flags.isMissing(0, before: 61) && flags.isMissing(0, before: 90))
        #expect(!flags.isMissing(0, before: 91))
        #expect(!MissingFlags().isMissing(0, before: 100))
    }

    @Test("Guidance replay: a label query over registry events drives lock-on, arrival and suggestion cards")
    func replay() throws {
        let registry = Script.registry([
            Script.observation(0, at: SIMD3(0, 0, -3)),
            Script.observation(1, at: SIMD3(2, 0, -3)),
            Script.observation(12, at: SIMD3(2.2, 0, -3)),  // instance 1 again
            Script.observation(14, at: SIMD3(0.1, 0, -3.2), track: 9),
        ])
        #expect(registry.instances.count == 2)
        let frames = Script.walk(from: .zero, to: SIMD3(0, 0, -2.9), departure: 10, arrival: 120, last: 150)
        func run(_ query: GuidanceQuery) -> GuidanceRun {
            GuidanceReplay.run(requests: [GuidanceRequest(fromFrame: 10, toFrame: 150, query: query)], registry: registry, frames: frames)[0]
        }
        // "Take me to the bottle": the freshest bottle before frame 10 is instance 1; its own
        // anchor on frame 12 locks, instance 0's on frame 14 lies 2.1 m away and does not.
        let byLabel = run(.label("bottle"))
        #expect(byLabel.start?.instance == 1)
        #expect(byLabel.events.compactMap(\.lock) == [GuidanceLock(instance: 1, reason: .instanceMatch)])
        #expect(byLabel.events.allSatisfy { $0.arrival == nil })
        // The user picks instance 0: its anchor on frame 14 locks and the target moves to the raw point.
        let byInstance = run(.instance(0))
        #expect(byInstance.events.compactMap(\.lock) == [GuidanceLock(instance: 0, reason: .instanceMatch)])
        #expect(byInstance.events.first { $0.lock != nil }?.target == SIMD3(0.1, 0, -3.2))
        // Arrived on frame 100 (0.83 m), 3.3 s after the lock at 0.47 s: amber, and the bottle
        // rejected on frame 12 is offered as a card.
        let arrival = try #require(byInstance.events.first { $0.arrival != nil })
        #expect(arrival.frame == 100 && arrival.arrival == .amber)
        #expect(arrival.suggestions.map(\.instance) == [1])
        #expect(byInstance.events.compactMap(\.arrival) == [.amber])
    }
}
