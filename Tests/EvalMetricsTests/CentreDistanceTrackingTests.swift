import EvalMetrics
import Testing

@Suite("3-D centre-distance tracking")
struct CentreDistanceTrackingTests {
    static func point(_ id: Int64, _ x: Double, _ y: Double = 0, _ z: Double = 0) -> TrackedPoint {
        TrackedPoint(id: id, position: [x, y, z])
    }

    @Test("a pair matches only when its 3-D distance is below the gate", arguments: [
        (0.35, 1, 0), (0.30, 0, 1), (0.25, 0, 1),
    ])
    func gate(gate: Double, matches: Int, misses: Int) {
        // 0.3 m apart, all of it vertical: xy-only distance would be 0.
        let frame = PointFrame(truth: [Self.point(1, 0, 0)], hypotheses: [Self.point(9, 0, 0.3)])
        let counts = CentreDistanceTracking.evaluate([frame], gate: gate)
        #expect(counts.truePositives == matches)
        #expect(counts.falseNegatives == misses && counts.falsePositives == misses)
    }

    @Test("Hungarian assignment minimises total distance; MOTA and MOTP")
    func assignment() {
        let frame = PointFrame(
            truth: [Self.point(1, 0), Self.point(2, 1)],
            hypotheses: [Self.point(10, 0.1), Self.point(11, 0.9), Self.point(12, 5)])
        let counts = CentreDistanceTracking.evaluate([frame], gate: 0.5)
        #expect(counts.truePositives == 2 && counts.falsePositives == 1 && counts.falseNegatives == 0)
        #expect(abs(counts.motp - 0.1) < 1e-12)
        #expect(abs(counts.mota - 0.5) < 1e-12)
    }

    @Test("a stale match within the gate is continued; an object taken by another id is a switch")
    func continuationAndSwitch() {
        let frames = [
            PointFrame(truth: [Self.point(1, 0)], hypotheses: [Self.point(10, 0.2), Self.point(11, 0.3)]),
            // 11 is now nearer, but 10 is still within the gate: the match continues.
            PointFrame(truth: [Self.point(1, 0)], hypotheses: [Self.point(10, 0.3), Self.point(11, 0.05)]),
            // 10 leaves the gate: 11 takes over, one identity switch.
            PointFrame(truth: [Self.point(1, 0)], hypotheses: [Self.point(10, 0.6), Self.point(11, 0.05)]),
        ]
        let counts = CentreDistanceTracking.evaluate(frames, gate: 0.5)
        #expect(counts.truePositives == 3)
        #expect(counts.identitySwitches == 1)
        #expect(counts.falsePositives == 3)
        #expect(abs(counts.distanceSum - 0.55) < 1e-12)
    }

    @Test("without ground truth MOTA is NaN; without hypotheses every object is missed")
    func emptySides() {
        #expect(CentreDistanceTracking.evaluate([PointFrame(truth: [], hypotheses: [Self.point(1, 0)])], gate: 1).mota.isNaN)
        let counts = CentreDistanceTracking.evaluate([PointFrame(truth: [Self.point(1, 0)], hypotheses: [])], gate: 1)
        #expect(counts.falseNegatives == 1 && counts.mota == 0)
    }
}
