import EvalMetrics
import Testing

@Suite("3-D centre-distance tracking")
struct CentreDistanceTrackingTests {
    static func point(_ id: Int64, _ x: Double, _ y: Double = 0, _ z: Double = 0) -> TrackedPoint {
        TrackedPoint(id: id, position: [x, y, z])
    }

    /// Frames numbered 1, 2, … from (truth, hypotheses) pairs.
    static func frames(_ sides: [([TrackedPoint], [TrackedPoint])]) -> [PointFrame] {
        sides.enumerated().map { PointFrame(frame: Int64($0.offset + 1), truth: $0.element.0, hypotheses: $0.element.1) }
    }

    static func events(_ frames: [PointFrame], gate: Double) -> [MotmetricsEvent] {
        var events: [MotmetricsEvent]? = []
        _ = CentreDistanceTracking.evaluate(frames, gate: gate, events: &events)
        return events ?? []
    }

    @Test("a pair matches only when its 3-D distance is below the gate", arguments: [
        (0.35, 1, 0), (0.30, 0, 1), (0.25, 0, 1),
    ])
    func gate(gate: Double, matches: Int, misses: Int) {
        // 0.3 m apart, all of it vertical: xy-only distance would be 0.
        let counts = CentreDistanceTracking.evaluate(Self.frames([([Self.point(1, 0, 0)], [Self.point(9, 0, 0.3)])]), gate: gate)
        #expect(counts.truePositives == matches)
        #expect(counts.falseNegatives == misses && counts.falsePositives == misses)
    }

    @Test("Hungarian assignment minimises total distance; MOTA and MOTP")
    func assignment() {
        let frames = Self.frames([([Self.point(1, 0), Self.point(2, 1)], [Self.point(10, 0.1), Self.point(11, 0.9), Self.point(12, 5)])])
        let counts = CentreDistanceTracking.evaluate(frames, gate: 0.5)
        #expect(counts.truePositives == 2 && counts.falsePositives == 1 && counts.falseNegatives == 0)
        #expect(abs(counts.motp - 0.1) < 1e-12)
        #expect(abs(counts.mota - 0.5) < 1e-12)
    }

    @Test("a stale match within the gate is continued; an object taken by another id is a switch")
    func continuationAndSwitch() {
        let frames = Self.frames([
            ([Self.point(1, 0)], [Self.point(10, 0.2), Self.point(11, 0.3)]),
            // 11 is now nearer, but 10 is still within the gate: the match continues.
            ([Self.point(1, 0)], [Self.point(10, 0.3), Self.point(11, 0.05)]),
            // 10 leaves the gate: 11 takes over, one identity switch.
            ([Self.point(1, 0)], [Self.point(10, 0.6), Self.point(11, 0.05)]),
        ])
        let counts = CentreDistanceTracking.evaluate(frames, gate: 0.5)
        #expect(counts.truePositives == 3)
        #expect(counts.identitySwitches == 1)
        #expect(counts.falsePositives == 3)
        #expect(abs(counts.distanceSum - 0.55) < 1e-12)
    }

    @Test("issue 45: the last match continues after a frame without one (no switch to a nearer newcomer)")
    func continuationAfterGap() {
        // Frame 1 pairs (1, 10); frame 2 puts 10 beyond the gate; frame 3 offers 10 at 0.5 m, 11 at 0.1 m.
        let frames = Self.frames([
            ([Self.point(1, 0)], [Self.point(10, 0.3)]),
            ([Self.point(1, 0)], [Self.point(10, 2.5)]),
            ([Self.point(1, 0)], [Self.point(10, 0.5), Self.point(11, 0.1)]),
        ])
        let third = Self.events(frames, gate: 1).filter { $0.frame == 3 }
        #expect(third.map(\.kind) == [.match, .falsePositive])
        #expect(third.first?.hypothesis == 10 && third.last?.hypothesis == 11)
        let counts = CentreDistanceTracking.evaluate(frames, gate: 1)
        #expect(counts.identitySwitches == 0 && counts.truePositives == 2 && counts.falseNegatives == 1 && counts.falsePositives == 2)
        // At 0.35 m the old pair is beyond the gate on frame 3: 11 takes over, a switch to a new hypothesis.
        #expect(Self.events(frames, gate: 0.35).filter { $0.frame == 3 }.map(\.kind) == [.ascend, .identitySwitch, .falsePositive])
    }

    @Test("events in motmetrics' order: a transfer's MIGRATE and TRANSFER before its pair, misses, then false positives")
    func eventOrder() {
        let frames = Self.frames([
            ([Self.point(1, 0)], [Self.point(10, 0.1)]),
            // Object 1 leaves; new object 2 takes hypothesis 10 (a transfer of an object never matched); 11 is stray.
            ([Self.point(2, 5), Self.point(3, 9)], [Self.point(11, 20), Self.point(10, 5.1)]),
        ])
        let second = Self.events(frames, gate: 1).filter { $0.frame == 2 }
        #expect(second.map(\.kind) == [.migrate, .transfer, .match, .miss, .falsePositive])
        #expect(second.map(\.object) == [2, 2, 2, 3, nil])
        #expect(second.map(\.hypothesis) == [10, 10, 10, nil, 11])
        #expect(second[4].distance.isNaN && abs(second[2].distance - 0.1) < 1e-12)
    }

    @Test("MOTA divides as motmetrics: −∞ with false positives but no ground truth, NaN with nothing; misses only give 0")
    func emptySides() {
        #expect(CentreDistanceTracking.evaluate(Self.frames([([], [Self.point(1, 0)])]), gate: 1).mota == -.infinity)
        #expect(CentreDistanceTracking.evaluate(Self.frames([([], [])]), gate: 1).mota.isNaN)
        let counts = CentreDistanceTracking.evaluate(Self.frames([([Self.point(1, 0)], [])]), gate: 1)
        #expect(counts.falseNegatives == 1 && counts.mota == 0 && counts.motp.isNaN)
    }

    @Test("the distance is √((dx² + dy²) + dz²), exact along an axis")
    func distance() {
        #expect(CentreDistanceTracking.distance([0, 0, 0], [0.35, 0, 0]) == 0.35)
        #expect(CentreDistanceTracking.distance([10, 0, 0], [10, 1, 0]) == 1)
        #expect(CentreDistanceTracking.distance([1, 2, 3], [4, 6, 3]) == 5)
    }
}
