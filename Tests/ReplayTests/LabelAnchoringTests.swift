import Recording
import Testing
@testable import Replay

/// One detector run from the origin (looking down −z) with the given observations.
private func run(_ tracker: inout LabelAnchorTracker, _ frame: Int64 = 0, _ observations: [(String, SIMD3<Double>)] = []) -> [LabelAnchorEvent] {
    var events: [LabelAnchorEvent] = []
    tracker.run(frame: Fixture.frame(frame), observations: observations.map { (label: $0.0, position: $0.1) }, events: &events)
    return events
}

@Suite("RealityRogue label anchoring (spec.md#label-anchoring)")
struct LabelAnchoringTests {
    @Test("Merge radius grows with camera distance: ~0.15 m at 1 m")
    func radiusGrowsWithDistance() {
        #expect(abs(LabelAnchorTracker.mergeRadius(cameraDistance: 1, configuration: .init()) - 0.15) < 1e-12)
        var near = LabelAnchorTracker()
        _ = run(&near, 0, [("cup", SIMD3(0, 0, -1))])
        #expect(run(&near, 1, [("cup", SIMD3(0.12, 0, -1))]).map(\.kind) == [.merge])
        #expect(run(&near, 2, [("cup", SIMD3(0.4, 0, -1))]).first?.kind == .create)
        var far = LabelAnchorTracker()
        _ = run(&far, 0, [("cup", SIMD3(0, 0, -2))])
        #expect(run(&far, 1, [("cup", SIMD3(0.25, 0, -2))]).map(\.kind) == [.merge])
        #expect(run(&far, 2, [("bottle", SIMD3(0, 0, -2))]).first?.kind == .create)
    }

    @Test("Confirmed after three hits; EMA weight 0.25")
    func confirmAndSmooth() {
        var tracker = LabelAnchorTracker()
        let kinds = (0..<4).flatMap { run(&tracker, Int64($0), [("cup", SIMD3(0.04 * Double($0), 0, -1))]).map(\.kind) }
        #expect(kinds == [.create, .merge, .confirm, .merge])
        #expect(tracker.anchors.count == 1 && tracker.anchors[0].isConfirmed)
        var one = LabelAnchorTracker()
        _ = run(&one, 0, [("cup", SIMD3(0, 0, -1))])
        _ = run(&one, 1, [("cup", SIMD3(0.1, 0, -1))])
        #expect(abs(one.anchors[0].position.x - 0.025) < 1e-12)
    }

    @Test("Expires only when in the frustum and missed repeatedly; behind the user it stays")
    func expireOnlyInView() {
        var tracker = LabelAnchorTracker()
        _ = run(&tracker, 0, [("cup", SIMD3(0, 0, -1)), ("plant", SIMD3(0, 0, 1))])  // the plant is behind
        var kinds: [LabelAnchorEventKind] = []
        for f in 1...5 { kinds += run(&tracker, Int64(f), []).map(\.kind) }
        #expect(kinds == [.miss, .miss, .miss, .miss, .expire])
        #expect(tracker.anchors.map(\.label) == ["plant"])
        // A sighting resets the miss count.
        var reset = LabelAnchorTracker()
        _ = run(&reset, 0, [("cup", SIMD3(0, 0, -1))])
        for f in 1...4 { _ = run(&reset, Int64(f), []) }
        _ = run(&reset, 5, [("cup", SIMD3(0, 0, -1))])
        for f in 6...9 { _ = run(&reset, Int64(f), []) }
        #expect(reset.anchors.count == 1 && reset.anchors[0].misses == 4)
    }
}
