import Testing
@testable import Replay

/// A unit 2-D embedding whose cosine with (1, 0) is `cosine`.
private func embedding(cosine: Double) -> [Float] {
    [Float(cosine), Float((1 - cosine * cosine).squareRoot())]
}

private func observation(
    _ frame: Int64, x: Double, cosine: Double? = 1, track: Int64? = nil, label: String = "bottle"
) -> AnchorObservation {
    AnchorObservation(
        frame: frame, time: Double(frame), label: label, position: SIMD3(x, 0, 0),
        embedding: cosine.map(embedding(cosine:)), trackID: track)
}

/// A registry holding one bottle instance at the origin with embedding (1, 0).
private func registryWithAnchor(track: Int64? = nil) -> AnchorRegistry {
    var registry = AnchorRegistry()
    registry.observe(observation(0, x: 0, track: track))
    return registry
}

@Suite("Anchor registry replica (spec.md#anchors)")
struct AnchorRegistryTests {
    @Test("No single re-observation moves an anchor more than 15 cm; the raw gap is logged before the EMA")
    func stepClamp() {
        var registry = registryWithAnchor()
        let event = registry.observe(observation(1, x: 0.9, cosine: 0.95))
        #expect(event.kind == .clamped && event.instance == 0)
        #expect(abs(event.after.x - 0.15) < 1e-12)
        #expect(event.gap == 0.9)
        let small = registry.observe(observation(2, x: 0.25))
        #expect(small.kind == .ema && abs(small.after.x - (0.15 + 0.3 * 0.1)) < 1e-12 && abs(small.gap! - 0.1) < 1e-12)
    }

    @Test("Same-label anchors more than 1 m apart never merge, whatever the cosine")
    func oneMetreVeto() {
        var registry = registryWithAnchor()
        #expect(registry.observe(observation(1, x: 1.01, cosine: 1)).kind == .create)
        var near = registryWithAnchor()
        #expect(near.observe(observation(1, x: 0.99, cosine: 1)).instance == 0)
        #expect(!AnchorRules.admitsMerge(distance: 1.000001, cosine: 1, configuration: .init()))
    }

    @Test("Cosine 0.80 suffices within 0.35 m; 0.92 is needed out to 1 m")
    func graduatedCosineBands() {
        func mergesInto0(x: Double, cosine: Double) -> Bool {
            var registry = registryWithAnchor()
            return registry.observe(observation(1, x: x, cosine: cosine)).kind != .create
        }
        #expect(mergesInto0(x: 0.30, cosine: 0.81))
        #expect(!mergesInto0(x: 0.30, cosine: 0.79))
        #expect(!mergesInto0(x: 0.50, cosine: 0.91))
        #expect(mergesInto0(x: 0.50, cosine: 0.93))
        #expect(!mergesInto0(x: 0.40, cosine: 0.85))
    }

    @Test("Different labels never merge")
    func labelsMustMatch() {
        var registry = registryWithAnchor()
        #expect(registry.observe(observation(1, x: 0.05, label: "cup")).kind == .create)
    }

    @Test("Consensus snap: three raw observations ≥ 0.5 m away, pairwise within 0.3 m, teleport the anchor")
    func consensusSnap() {
        var registry = registryWithAnchor()
        #expect(registry.observe(observation(1, x: 0.95, cosine: 0.95)).kind == .clamped)
        #expect(registry.observe(observation(2, x: 0.97, cosine: 0.95)).kind == .clamped)
        let snap = registry.observe(observation(3, x: 0.93, cosine: 0.95))
        #expect(snap.kind == .snap && abs(snap.after.x - 0.95) < 1e-12)
        #expect(abs(snap.gap! - 0.63) < 1e-12)  // logged against the pre-snap anchor at 0.30
    }

    @Test("Consensus snap: one bad fit, or three that disagree, move nothing beyond the clamp")
    func noSnapWithoutConsensus() {
        var single = registryWithAnchor()
        #expect(single.observe(observation(1, x: 0.86)).kind == .clamped)
        var scattered = registryWithAnchor()
        let kinds = [0.6, 0.95, 0.62].enumerated().map { scattered.observe(observation(Int64($0.offset + 1), x: $0.element, cosine: 0.95)).kind }
        #expect(!kinds.contains(.snap))
        let rules = AnchorConfiguration()
        #expect(AnchorRules.consensusTarget(stored: .zero, recent: [SIMD3(0.6, 0, 0), SIMD3(0.8, 0, 0), SIMD3(0.91, 0, 0)], configuration: rules) == nil)
        #expect(AnchorRules.consensusTarget(stored: .zero, recent: [SIMD3(0.49, 0, 0), SIMD3(0.6, 0, 0), SIMD3(0.7, 0, 0)], configuration: rules) == nil)
    }

    @Test("The same live track re-anchoring its instance follows unclamped")
    func sameTrackFollowsUnclamped() {
        var registry = registryWithAnchor(track: 7)
        let follow = registry.observe(observation(1, x: 0.9, cosine: nil, track: 7))
        #expect(follow.kind == .follow && abs(follow.after.x - 0.27) < 1e-12 && follow.gap == 0.9)
        // A different track at the same spot is clamped.
        var other = registryWithAnchor(track: 7)
        #expect(other.observe(observation(1, x: 0.9, cosine: 0.95, track: 8)).kind == .clamped)
        // The track keeps its instance even beyond the merge veto.
        #expect(registry.observe(observation(2, x: 2.5, cosine: nil, track: 7)).instance == 0)
    }

    @Test("History lists each instance's positions after every update")
    func history() {
        var registry = registryWithAnchor()
        registry.observe(observation(1, x: 0.2))
        registry.observe(observation(2, x: 5))
        #expect(registry.history(of: 0).map(\.frame) == [0, 1])
        #expect(registry.history(of: 1).map(\.position) == [SIMD3(5, 0, 0)])
    }
}
