import Recording
import Testing
@testable import Replay

/// The rules before the app's "world moves" week, as configurations (spec.md#twins-incident).
private enum OldRules {
    /// No 1 m veto: the graduated band reaches across the room.
    static let noVeto = AnchorConfiguration(farRadius: 100)
    /// No consensus snap: only the clamped EMA moves an anchor.
    static let noSnap = AnchorConfiguration(consensusCount: 0)
    /// No step clamp.
    static let noClamp = AnchorConfiguration(stepClamp: 100)
    /// No range gate: absence is claimed at any distance.
    static let noRangeGate = AbsenceConfiguration(minRange: 100, maxRange: 100)
    /// No clear-sightline test: whatever LiDAR sees, the spot counts as seen.
    static let noSightline = AbsenceConfiguration(sightlineTolerance: 100)
}

/// Runs one guidance request over `registry` and `frames` under `configuration`.
private func guide(_ query: GuidanceQuery, from: Int64, to: Int64, registry: AnchorRegistry, frames: [Frame],
                   configuration: GuidanceConfiguration = .init()) -> GuidanceRun {
    GuidanceReplay.run(requests: [GuidanceRequest(fromFrame: from, toFrame: to, query: query)], registry: registry, frames: frames,
                       configuration: configuration)[0]
}

@Suite("The app's incidents, scripted, under the shipped and the earlier rules (spec.md#seed-figures)")
struct IncidentTests {
    @Test("Two same-label monitors 1.3 m apart never merge, not even through one track panning across both (spec.md#merge-veto)")
    func monitorsNeverMerge() {
        let left = SIMD3(0.0, 0, -3), right = SIMD3(1.3, 0, -3)
        let lookAlike = Script.appearance(cosine: 0.95)
        func observations(track: (Int) -> Int64) -> [AnchorObservation] {
            (0..<10).map { k in
                Script.observation(Int64(30 * k), "tv", at: k.isMultiple(of: 2) ? left : right,
                                   appearance: k.isMultiple(of: 2) ? Script.reference : lookAlike, track: track(k))
            }
        }
        for stream in [observations { Int64($0 % 2) }, observations { _ in 5 }] {
            let registry = Script.registry(stream)
            #expect(registry.instances.count == 2, "the map's \"mapped: n\" counter shows both monitors")
            #expect(registry.instances.map(\.position) == [left, right], "neither dot jumps")
        }
        // Without the veto the two collapse into one instance whose dot jumps between them.
        let merged = Script.registry(observations { Int64($0 % 2) }, configuration: OldRules.noVeto)
        #expect(merged.instances.count == 1)
        #expect(merged.history(of: 0).contains { $0.position.x > 0.4 })
    }

    @Test("Two distinct bottles 0.6 m apart, one moved away: no wrong lock, amber at the ghost, a card for the other bottle (spec.md#twins-incident)")
    func movedBottleGhost() throws {
        let bottleA = SIMD3(-0.3, 0, -3), ghost = SIMD3(0.3, 0, -3)  // B's spot before it was carried across the room
        let a = Script.reference, b = Script.appearance(cosine: 0.5)
        // Mapped together, B seen last; B is then moved; at the ghost the user's camera re-detects A.
        let registry = Script.registry(
            [Script.observation(0, at: bottleA, appearance: a, track: 1), Script.observation(0, at: ghost, appearance: b, track: 2),
             Script.observation(30, at: ghost, appearance: b, track: 2)]
                + [210, 240, 270, 300].map { Script.observation($0, at: bottleA + SIMD3(0.01, 0, 0), appearance: a, track: 3) })
        let frames = Script.walk(from: .zero, to: SIMD3(0.3, 0, -2.4), departure: 90, arrival: 180, last: 300)

        let shipped = guide(.label("bottle"), from: 90, to: 300, registry: registry, frames: frames)
        #expect(shipped.start?.instance == 1 && shipped.start?.position == ghost, "memory steers to the stale spot")
        #expect(shipped.events.allSatisfy { $0.lock == nil }, "no lock on the other bottle")
        #expect(shipped.events.compactMap(\.arrival) == [.amber], "proximity alone earns amber, never green")
        let cards = shipped.events.flatMap(\.suggestions)
        #expect(cards.map(\.instance) == [0], "another bottle is mapped … from you")
        #expect(abs((cards.first?.distance ?? 0) - 0.85) < 0.01)
        #expect(shipped.events.allSatisfy { $0.target == ghost }, "never a silent retarget")

        let old = guide(.label("bottle"), from: 90, to: 300, registry: registry, frames: frames, configuration: .beforeTwinsIncident)
        let green = try #require(old.events.first { $0.arrival == .green })
        let lock = try #require(old.events.first { $0.lock != nil })
        #expect(green.frame < lock.frame && green.target == ghost, "green over empty space first")
        #expect(lock.lock == GuidanceLock(instance: 0, reason: .sameClassNearby) && lock.target.x < -0.2, "then the snap to the other bottle")
        #expect(old.events.allSatisfy { $0.suggestions.isEmpty })
    }

    @Test("A look-alike twin 0.43 m from a stale target: the 0.75 m radius gives it the lock, 0.35 m does not; appearance cannot tell (spec.md#lockon-radius)")
    func twinAtFortyThreeCentimetres() {
        let stale = SIMD3(0.0, 0, -3), twin = SIMD3(0.43, 0, -3)
        let registry = Script.registry([
            Script.observation(0, at: stale), Script.observation(0, at: twin, appearance: Script.appearance(cosine: 0.85)),
            Script.observation(60, at: twin, appearance: Script.appearance(cosine: 0.85)),
        ])
        #expect(registry.instances.count == 2)
        let frames = (0...120).map { Fixture.frame(Int64($0)) }
        let locks = { (c: GuidanceConfiguration) in guide(.instance(0), from: 30, to: 120, registry: registry, frames: frames, configuration: c).events.compactMap(\.lock) }
        #expect(locks(.init()).isEmpty)
        #expect(locks(.beforeTwinsIncident) == [GuidanceLock(instance: 1, reason: .sameClassNearby)])
        #expect(locks(GuidanceConfiguration(lockOnRadius: 0.75)) == [GuidanceLock(instance: 1, reason: .sameClassNearby)],
                "the twin's cosine 0.85 passes the 0.80 appearance filter")
    }

    @Test("A bottle moved 0.84 m keeps its identity, crawls at 15 cm per re-anchor, then the consensus snap relocates it by about half a metre (spec.md#anchor-consensus-snap)")
    func movedBottleCrawlsThenSnaps() throws {
        let moved = SIMD3(0.84, 0, -3)
        let stream = [Script.observation(0, at: SIMD3(0, 0, -3))]
            + (1...6).map { Script.observation(Int64(30 * $0), at: moved, appearance: Script.appearance(cosine: 0.96), track: Int64($0)) }
        let shipped = Script.registry(stream)
        #expect(shipped.instances.count == 1, "the graduated merge keeps the identity at 0.84 m")
        let events = shipped.events.dropFirst()
        #expect(events.prefix(3).map(\.kind) == [.clamped, .clamped, .snap])
        #expect(events.prefix(2).allSatisfy { abs($0.after.distance(to: $0.before ?? $0.after) - 0.15) < 1e-9 }, "15 cm per update")
        let snap = try #require(events.dropFirst(2).first)
        let jump = snap.after.distance(to: snap.before ?? snap.after)
        #expect(jump > 0.5 && jump < 0.6 && snap.after == moved)
        // Without the snap the anchor is still crawling after three updates, 0.39 m short.
        let crawl = Script.registry(stream, configuration: OldRules.noSnap).events.dropFirst()
        #expect(crawl.prefix(3).allSatisfy { $0.kind == .clamped })
        #expect(abs(try #require(crawl.dropFirst(2).first).after.distance(to: moved) - 0.39) < 1e-9)
    }

    @Test("One 0.86 m bad fit among good ones snaps nothing and moves the anchor at most the 15 cm clamp, which the next fits undo (spec.md#anchor-ema-clamp)")
    func oneBadFit() {
        let spot = SIMD3(0.0, 0, -3)
        let good = { (frame: Int64, dx: Double) in Script.observation(frame, at: spot + SIMD3(dx, 0, 0), appearance: Script.appearance(cosine: 0.97), track: frame) }
        let stream = [good(0, 0), good(30, 0.005), good(60, -0.005),
                      Script.observation(90, at: spot + SIMD3(0.86, 0, 0), appearance: Script.appearance(cosine: 0.97), track: 90),
                      good(120, 0), good(150, 0.005), good(180, -0.005), good(210, 0)]
        let shipped = Script.registry(stream)
        #expect(shipped.instances.count == 1 && !shipped.events.contains { $0.kind == .snap })
        #expect(shipped.events.allSatisfy { $0.after.distance(to: spot) <= 0.15 + 1e-9 })
        #expect(shipped.instances.first?.position.distance(to: spot) ?? 1 < 0.05)
        // Without the clamp the one bad fit drags the anchor 26 cm.
        #expect(Script.registry(stream, configuration: OldRules.noClamp).events[3].after.distance(to: spot) > 0.25)
    }

    @Test("The same live track re-anchoring a moving object follows unclamped; fresh tracks would crawl behind (spec.md#anchor-live-track-follow)")
    func liveTrackFollowsAMovingObject() {
        let path = (0..<12).map { SIMD3(0.2 * Double($0), 0, -3) }  // carried 20 cm between captures
        func stream(track: (Int) -> Int64) -> [AnchorObservation] {
            path.enumerated().map { Script.observation(Int64(3 * $0.offset), at: $0.element, appearance: Script.appearance(cosine: 0.97), track: track($0.offset)) }
        }
        let live = Script.registry(stream { _ in 7 })
        #expect(live.instances.count == 1 && live.events.dropFirst().allSatisfy { $0.kind == .follow })
        #expect(live.events.contains { $0.after.distance(to: $0.before ?? $0.after) > 0.18 }, "steps beyond the 15 cm clamp")
        let fresh = Script.registry(stream { Int64($0) })
        #expect(fresh.events.dropFirst().contains { $0.kind == .clamped })
        let end = path[path.count - 1]
        #expect(live.instances[0].position.distance(to: end) < fresh.instances[0].position.distance(to: end) - 0.2)
    }

    @Test("A bottle 3.1 m away that the detector cannot see is not flagged missing behind the range gate; without it, it is (spec.md#absence-range-gate)")
    func bottleAtThreePointOneMetres() {
        let recording = Script.sweepRecording(seconds: 5, depth: 5)  // LiDAR sees past the bottle; the detector never fires
        let registry = Script.registry([Script.observation(0, at: SIMD3(0, 0, -3.1), extent: SIMD2(0.07, 0.24))])
        let shipped = AbsenceReplay.run(recording, registry: registry)
        #expect(!shipped.isEmpty && shipped.allSatisfy { $0.look == .noEvidence(.outOfRange) && !$0.missing })
        let ungated = AbsenceReplay.run(recording, registry: registry, configuration: OldRules.noRangeGate)
        #expect(ungated.contains { $0.flipped && $0.missing }, "falsely flipped to missing")
    }

    @Test("A person standing in front of an anchored backpack is no evidence: no counter moves (spec.md#absence-evidence)")
    func personInFront() {
        let backpack = SIMD3(0.0, 0, -2.5)
        let recording = Script.sweepRecording(seconds: 5, depth: 1.2, boxes: [("person", backpack)])  // LiDAR returns the person at 1.2 m
        let registry = Script.registry([Script.observation(0, "backpack", at: backpack, extent: SIMD2(0.3, 0.45))])
        let shipped = AbsenceReplay.run(recording, registry: registry)
        #expect(!shipped.isEmpty && shipped.allSatisfy { $0.look == .noEvidence(.occluded) && $0.absentSamples == 0 && !$0.missing })
        let noSightline = AbsenceReplay.run(recording, registry: registry, configuration: OldRules.noSightline)
        #expect(noSightline.contains { $0.flipped && $0.missing }, "without the sightline test the occluder reads as absence")
    }

    @Test("Twin swap: both spots read covered and guidance is confidently wrong, the documented limitation (spec.md#absence-limits)")
    func twinSwap() throws {
        let p = SIMD3(-1.0, 0, -3), q = SIMD3(1.0, 0, -3)
        let a = Script.reference, b = Script.appearance(cosine: 0.85)  // look-alikes: cross-cosine above 0.80
        // Mapped with A at p and B at q; at 2 s they exchange places and both are re-detected.
        let registry = Script.registry(
            [0, 30].flatMap { [Script.observation($0, at: p, appearance: a, track: 1), Script.observation($0, at: q, appearance: b, track: 2)] }
                + stride(from: 90, through: 300, by: 30).flatMap {
                    [Script.observation(Int64($0), at: p, appearance: b, track: 3), Script.observation(Int64($0), at: q, appearance: a, track: 4)]
                })
        #expect(registry.instances.count == 2 && registry.events.allSatisfy { $0.kind != .create || $0.frame == 0 },
                "each twin is filed under the other's instance")
        let looks = AbsenceReplay.run(Script.sweepRecording(seconds: 10, depth: 3, boxes: [("bottle", p), ("bottle", q)]), registry: registry)
        #expect(Set(looks.map(\.instance)) == [0, 1] && looks.allSatisfy { $0.look == .covered && !$0.missing })
        // "Take me to bottle A" (instance 0, at p): B's live re-detections confirm it.
        let frames = Script.walk(from: .zero, to: p + SIMD3(0, 0, 0.5), departure: 150, arrival: 240, last: 300)
        let run = guide(.instance(0), from: 150, to: 300, registry: registry, frames: frames)
        #expect(run.events.compactMap(\.lock).allSatisfy { $0 == GuidanceLock(instance: 0, reason: .instanceMatch) })
        let green = try #require(run.events.first { $0.arrival == .green })
        #expect(green.camera.distance(to: p) < 0.85 && green.camera.distance(to: q) > 1.1, "green at B, with A 2 m away")
    }
}
