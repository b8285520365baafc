import EvalNumerics
import Replay
import Sweeps
import Testing

/// The verdict's decision order (spec.md#sweep-verdict), variant agreement, grid widening
/// (spec.md#sweep-grid-edge) and the pivot phrase (spec.md#sweep-pivot).
@Suite struct VerdictTests {
    private let rules = VerdictRules()
    private let grid = [0.8, 0.84, 0.88, 0.92, 0.96]

    private func interval(_ estimate: Double, _ lower: Double, _ upper: Double) -> BootstrapInterval {
        BootstrapInterval.percentile(estimate: estimate, replicates: [lower, upper], confidenceLevel: 1)
    }

    private func variant(_ name: String, family: String, recommended: Double, lower: Double, upper: Double, pivot: Double? = nil) -> VariantEvidence {
        VariantEvidence(name: name, family: family, settings: "", recordings: 32, pivotValue: pivot, recommended: [recommended],
                        lower: [lower], upper: [upper], tiedLow: [recommended], tiedHigh: [recommended], events: 10)
    }

    private func verdict(recommended: Double? = 0.84, lower: Double = 0.84, upper: Double = 0.84, open: (Bool, Bool) = (true, true),
                         stability: Double = 1, gain: Double? = 0.1, practical: Double? = 0.05, variants: [VariantEvidence]? = nil) -> Verdict {
        let vs = variants ?? [variant("v", family: "drift", recommended: 0.84, lower: 0.84, upper: 0.88)]
        return Verdict(VerdictEvidence(
            shipped: 0.92, recommended: recommended, interval: recommended.map { interval($0, lower, upper) }, axisValues: grid, openEnds: open,
            widenings: 2, nextRange: 0.68...0.96, stability: stability, events: 100, gain: gain, practical: practical, variants: vs, axis: 0,
            rules: rules), rules: rules)
    }

    @Test func decidedOnlyWhenEveryConditionHolds() {
        let decided = verdict()
        #expect(decided.kind == .decided && decided.text == "decided")
        #expect(verdict(recommended: nil).kind == .notIdentifiable)
        #expect(verdict(variants: []).kind == .notIdentifiable, "no variant: the assumptions were never checked")
        #expect(verdict(practical: nil).kind == .notIdentifiable, "no practical threshold declared")
        #expect(verdict(gain: 0.01).kind == .consistentWithShipped, "a gain under the practical threshold keeps the shipped value")
        #expect(verdict(gain: .infinity).kind == .decided, "the shipped value breaks the rule")
        let unstable = verdict(stability: 0.6)
        #expect(unstable.kind == .notIdentifiable && unstable.unstable && unstable.text.hasSuffix(", unstable"))
        #expect(verdict(lower: 0.8, upper: 0.84).kind == .notIdentifiable, "the interval reaches the open low edge")
        #expect(verdict(lower: 0.8, upper: 0.84, open: (false, true)).kind == .decided, "a closed edge is the key's own limit")
    }

    @Test func theEdgeComesBeforeTheVariantsAndTheVariantsBeforeTheInterval() {
        let differing = [variant("twins", family: "twin appearance", recommended: 0.92, lower: 0.88, upper: 0.96)]
        let edge = verdict(recommended: 0.8, lower: 0.8, upper: 0.8, variants: differing)
        #expect(edge.kind == .atEdge && edge.nextRange == 0.68...0.96)
        #expect(verdict(recommended: 0.8, lower: 0.8, upper: 0.8, open: (false, true)).kind != .atEdge)
        let depends = verdict(variants: differing)
        #expect(depends.kind == .dependsOn && depends.families == ["twin appearance"] && depends.text == "depends on twin appearance")
        // Consistent with shipped when the interval holds it, even if the variants agree.
        let consistent = verdict(recommended: 0.92, lower: 0.88, upper: 0.92, variants: [variant("v", family: "drift", recommended: 0.92, lower: 0.88, upper: 0.96)])
        #expect(consistent.kind == .consistentWithShipped)
        let wide = verdict(recommended: 0.88, lower: 0.8, upper: 0.96, variants: [variant("v", family: "drift", recommended: 0.88, lower: 0.8, upper: 0.96)])
        #expect(wide.kind == .notIdentifiable, "an interval over half the swept range")
    }

    @Test func variantsAgreeDifferFailOrAreTooWeak() {
        let v = variant("v", family: "drift", recommended: 0.84, lower: 0.80, upper: 0.88)
        #expect(VariantAgreement(v, value: 0.84, axis: 0, mainWidth: 0.04, step: 0.04, factor: 3) == .agrees)
        #expect(VariantAgreement(v, value: 0.92, axis: 0, mainWidth: 0.04, step: 0.04, factor: 3) == .differs)
        #expect(VariantAgreement(v, value: 0.84, axis: 0, mainWidth: 0, step: 0.02, factor: 3) == .tooWeak, "0.08 > 3 × one 0.02 step")
        let none = VariantEvidence(name: "n", family: "detector", settings: "", recordings: 32, pivotValue: nil, recommended: [.nan],
                                   lower: [.nan], upper: [.nan], tiedLow: [.nan], tiedHigh: [.nan], events: 0)
        #expect(VariantAgreement(none, value: 0.84, axis: 0, mainWidth: 0.04, step: 0.04, factor: 3) == .noneMeetsRule)
        #expect(VariantAgreement.noneMeetsRule.overturns && VariantAgreement.differs.overturns && !VariantAgreement.tooWeak.overturns)
        let weakOnly = verdict(lower: 0.84, upper: 0.84, variants: [variant("w", family: "drift", recommended: 0.84, lower: 0.8, upper: 0.96)])
        #expect(weakOnly.kind == .notIdentifiable && weakOnly.reason.contains("too wide"))
    }

    @Test func openEdgesWidenWithinTheKeysRange() throws {
        let cosine = try #require(SweepKey.named("anchors.farCosine")), every = try #require(SweepKey.named("tracker.detectEvery"))
        let base = ReplayConfiguration()
        #expect(GridWidening.valuesBeyond([0.8, 0.82, 0.84], end: .low, key: cosine, base: base, count: 3).map { ($0 * 100).rounded() } == [74, 76, 78])
        #expect(GridWidening.valuesBeyond([0.96, 0.98], end: .high, key: cosine, base: base, count: 3) == [1.0], "a cosine stops at 1")
        #expect(!GridWidening.isOpen([1, 2, 3], end: .low, key: every, base: base), "detect every frame is the key's limit")
        #expect(GridWidening.isOpen([1, 2, 3], end: .high, key: every, base: base))

        // A recommendation on the low edge of a 1-D grid widens that end only.
        let plan = try SweepPlan(name: "m", space: ParameterSpace(axes: [SweepAxis(key: "anchors.farCosine", values: [0.8, 0.84, 0.88])]))
        var c = Array(repeating: 0.0, count: SweepComponent.allCases.count)
        c[SweepComponent.objectsAnchored.rawValue] = 10
        func at(_ duplicates: Double) -> [Double] { var x = c; x[SweepComponent.duplicates.rawValue] = duplicates; return x }
        let outcome = SweepOutcome(components: [[at(0)], [at(1)], [at(2)]])
        let objective = Objective(minimise: .duplicateRate, pareto: [.duplicateRate, .duplicates])
        let r = Recommendation(plan: plan, outcome: outcome, objective: objective, resamples: 20, confidence: 0.95, seed: 1)
        #expect(GridWidening.reachedEdges(plan, recommendation: r).map(\.end) == [.low])
        let widened = try #require(GridWidening.widened(plan, recommendation: r, count: 2))
        #expect(widened.axes[0].values.map { ($0 * 100).rounded() } == [72, 76, 80, 84, 88])
    }

    @Test func thePivotPhraseSaysWhereTheShippedValueStopsHolding() {
        // Recommended 0.80 while twins are separable; from a median cross-cosine of 0.93 the interval holds 0.92.
        let steps = [(0.70, 0.80, 0.80, 0.80), (0.79, 0.80, 0.80, 0.84), (0.86, 0.84, 0.80, 0.88), (0.93, 0.92, 0.88, 0.96), (0.97, 0.96, 0.92, 0.96)]
            .map { variant("s", family: "twin appearance", recommended: $0.1, lower: $0.2, upper: $0.3, pivot: $0.0) }
        let scan = PivotScan(family: "twin appearance", measure: "twins' cross-cosine median", measured: "none", steps: steps.reversed())
        #expect(scan.values == [0.70, 0.79, 0.86, 0.93, 0.97], "steps sorted along the axis")
        #expect(scan.crossings(0.92, axis: 0).count == 1)
        let phrase = scan.phrase(0.92, axis: 0)
        #expect(phrase.hasPrefix("keep 0.920 if twins' cross-cosine median ≥ 0.930"))
        #expect(phrase.contains("crosses between 0.860 and 0.930") && phrase.hasSuffix("measured: none"))
        let never = PivotScan(family: "d", measure: "m", measured: "none", steps: Array(steps.prefix(3)))
        #expect(never.phrase(0.92, axis: 0).hasPrefix("change 0.920 at every m scanned"))
    }
}
