import Foundation
import Evaluation
import Replay
import Sweeps
import Testing

@Suite("Sweeping RealityRogue's label-anchoring constants (spec.md#policy-comparison)")
struct LabelAnchoringSweepTests {
    @Test("the labelAnchoring keys set the policy's constants and form their own stage")
    func keys() throws {
        let names = ["labelAnchoring.radiusPerMetre", "labelAnchoring.confirmHits", "labelAnchoring.emaWeight", "labelAnchoring.expireAfterMisses"]
        for name in names { #expect(SweepKey.named(name)?.stage == .labelAnchoring, "\(name)") }
        let key = try #require(SweepKey.named("labelAnchoring.confirmHits"))
        #expect(key.isInteger && key.value(in: ReplayConfiguration()) == 3)
        #expect(key.applied(1.4, to: ReplayConfiguration()).labelAnchoring.confirmHits == 1)
        #expect(SweepKey.named("labelAnchoring.radiusPerMetre")!.applied(0.4, to: ReplayConfiguration()).labelAnchoring.radiusPerMetre == 0.4)
    }

    @Test("a sweep over the merge radius and confirm hits: the runner's reuse equals the whole pipeline, and the radius matters")
    func sweep() throws {
        let inputs = [try SweepFixtures.input("twins-moved")]
        let plan = try SweepPlan(name: "label", space: ParameterSpace(axes: [
            SweepAxis(key: "labelAnchoring.radiusPerMetre", values: [0.02, 0.15, 0.6]),
            SweepAxis(key: "labelAnchoring.confirmHits", values: [1, 3]),
        ]))
        let outcome = try #require(try SweepRunner(plan: plan, inputs: inputs).run()).outcome
        for (p, values) in plan.points.enumerated() {
            let configuration = plan.configuration(values)
            #expect(Array(outcome.components[p]) == [try SweepStages.naive(inputs[0].recording, truth: inputs[0].truth, configuration: configuration)],
                    "point \(values)")
        }
        let shown = plan.points.indices.map { outcome.components[$0][0][SweepComponent.labelShown.rawValue] }
        #expect(Set(shown).count > 1, "the constants must change the anchors shown")
        // A wider merge radius never makes more anchors of one object (confirm hits held at 3).
        let duplicates = plan.points.indices.filter { plan.points[$0][1] == 3 }.map { SweepMetric.labelDuplicates.value(outcome.components[$0][0]) }
        #expect(duplicates.first! >= duplicates.last!)
        #expect(SweepMetric.labelAnchorErrorMean.value(outcome.components[0][0]).isFinite)
    }
}
