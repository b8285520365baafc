import Testing
@testable import Replay

@Suite("Anchor events name the rule that filed the observation (spec.md#merge-graduated, spec.md#anchor-track-routing)")
struct AnchorMatchTests {
    private func observation(_ frame: Int64, x: Double, cosine: Double?, track: Int64? = nil) -> AnchorObservation {
        AnchorObservation(
            frame: frame, time: Double(frame), label: "cup", position: SIMD3(x, 0, 0),
            embedding: cosine.map { [Float($0), Float((1 - $0 * $0).squareRoot())] }, trackID: track)
    }

    @Test("creation has none; near cosine, near without embedding, far cosine and same track are told apart")
    func rules() {
        func match(x: Double, cosine: Double?) -> AnchorMatch? {
            var registry = AnchorRegistry()
            registry.observe(observation(0, x: 0, cosine: 1))
            return registry.observe(observation(1, x: x, cosine: cosine)).match
        }
        #expect(match(x: 0.2, cosine: 0.85) == .nearCosine)
        #expect(match(x: 0.2, cosine: nil) == .nearNoEmbedding)
        #expect(match(x: 0.6, cosine: 0.95) == .farCosine)
        #expect(match(x: 0.6, cosine: 0.85) == nil)
        var registry = AnchorRegistry()
        #expect(registry.observe(observation(0, x: 0, cosine: 1, track: 4)).match == nil)
        #expect(registry.observe(observation(1, x: 0.2, cosine: 0.85, track: 4)).match == .sameTrack)
        // A track earns no exemption from the merge rules (spec.md#anchor-track-routing): 3 m away it makes a new instance.
        let far = registry.observe(observation(2, x: 3, cosine: 0, track: 4))
        #expect(far.match == nil && far.kind == .create)
    }

    @Test("mergeBand agrees with admitsMerge at the band edges")
    func bandsAgreeWithAdmits() {
        let c = AnchorConfiguration()
        for distance in [0.0, 0.35, 0.350001, 0.99, 1.0, 1.000001] {
            for cosine in [nil, 0.79, 0.80, 0.91, 0.92, 1.0] as [Double?] {
                #expect((AnchorRules.mergeBand(distance: distance, cosine: cosine, configuration: c) != nil)
                    == AnchorRules.admitsMerge(distance: distance, cosine: cosine, configuration: c))
            }
        }
        #expect(AnchorRules.mergeBand(distance: 0.35, cosine: 0.80, configuration: c) == .nearCosine)
        #expect(AnchorRules.mergeBand(distance: 1.0, cosine: 0.92, configuration: c) == .farCosine)
    }
}
