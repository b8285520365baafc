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

    /// A variant whose own recommendation is `recommended` [lower, upper] and whose paired shift is `shift` [shiftLower, shiftUpper].
    private func variant(_ name: String, family: String, recommended: Double = 0.84, lower: Double = 0.8, upper: Double = 0.96,
                         shift: (Double, Double, Double) = (0, 0, 0), pivot: Double? = nil) -> VariantEvidence {
        VariantEvidence(name: name, family: family, settings: "", recordings: 32, pivotValue: pivot, recommended: [recommended],
                        lower: [lower], upper: [upper], tiedLow: [recommended], tiedHigh: [recommended], events: 10,
                        shift: [shift.0], shiftLower: [shift.1], shiftUpper: [shift.2])
    }

    private func verdict(recommended: Double? = 0.84, lower: Double = 0.84, upper: Double = 0.84, open: (Bool, Bool) = (true, true),
                         stability: Double = 1, gain: Double? = 0.1, practical: Double? = 0.05, variants: [VariantEvidence]? = nil) -> Verdict {
        let vs = variants ?? [variant("v", family: "drift", shift: (0, -0.02, 0.02))]
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
        let short = verdict(gain: 0.01)
        #expect(short.kind == .consistentWithShipped, "a gain under the practical threshold keeps the shipped value")
        #expect(short.brief.hasPrefix("gain 0.010 < practical"), "the headline's few words: \(short.brief)")
        #expect(verdict(gain: .infinity).kind == .decided, "the shipped value breaks the rule")
        let unstable = verdict(stability: 0.6)
        #expect(unstable.kind == .notIdentifiable && unstable.unstable && unstable.text.hasSuffix(", unstable"))
        #expect(verdict(lower: 0.8, upper: 0.84).kind == .notIdentifiable, "the interval reaches the open low edge")
        #expect(verdict(lower: 0.8, upper: 0.84, open: (false, true)).kind == .decided, "a closed edge is the key's own limit")
    }

    @Test func theEdgeComesBeforeTheVariantsAndTheVariantsBeforeTheInterval() {
        let differing = [variant("twins", family: "twin appearance", shift: (0.08, 0.04, 0.12))]
        let edge = verdict(recommended: 0.8, lower: 0.8, upper: 0.8, variants: differing)
        #expect(edge.kind == .atEdge && edge.nextRange == 0.68...0.96)
        #expect(edge.brief == "sweep 0.680–0.960 next")
        #expect(verdict(recommended: 0.8, lower: 0.8, upper: 0.8, open: (false, true)).kind != .atEdge)
        let depends = verdict(variants: differing)
        #expect(depends.kind == .dependsOn && depends.families == ["twin appearance"] && depends.text == "depends on twin appearance")
        #expect(depends.reason.contains("moves it by 0.080 [0.040, 0.120] on the same scenes"))
        // Consistent with shipped when the interval holds it and the variants agree.
        let consistent = verdict(recommended: 0.92, lower: 0.88, upper: 0.92)
        #expect(consistent.kind == .consistentWithShipped)
        let wide = verdict(recommended: 0.88, lower: 0.8, upper: 0.96, variants: [variant("v", family: "drift", shift: (0, -0.04, 0.04))])
        #expect(wide.kind == .notIdentifiable, "an interval over half the swept range")
    }

    @Test func variantsAgreeDifferFailOrAreTooWeak() {
        func judge(_ shift: (Double, Double, Double), main: (Double, Double) = (0.84, 0.88), step: Double = 0.04) -> VariantAgreement {
            VariantAgreement(variant("v", family: "drift", shift: shift), value: 0.84, axis: 0, mainInterval: main, shipped: 0.92, step: step, factor: 3)
        }
        #expect(judge((0, -0.04, 0.04)) == .agrees)
        #expect(judge((0.04, 0.02, 0.06)) == .differs, "the shift's interval excludes 0")
        #expect(judge((0, -0.04, 0.08)) == .tooWeak, "moved by up to 0.08 the recommendation could be the shipped 0.92")
        #expect(judge((0, -0.1, 0.06), main: (0.84, 0.84), step: 0.02) == .tooWeak, "0.16 wide: more than 3 × the main interval, counted as one 0.02 step")
        let none = VariantEvidence(name: "n", family: "detector", settings: "", recordings: 32, pivotValue: nil, recommended: [.nan],
                                   lower: [.nan], upper: [.nan], tiedLow: [.nan], tiedHigh: [.nan], events: 0, shift: [.nan], shiftLower: [.nan], shiftUpper: [.nan])
        #expect(VariantAgreement(none, value: 0.84, axis: 0, mainInterval: (0.84, 0.88), shipped: 0.92, step: 0.04, factor: 3) == .noneMeetsRule)
        #expect(VariantAgreement.noneMeetsRule.overturns && VariantAgreement.differs.overturns && !VariantAgreement.tooWeak.overturns)
        let weakOnly = verdict(lower: 0.84, upper: 0.84, variants: [variant("w", family: "drift", shift: (0, -0.04, 0.1))])
        #expect(weakOnly.kind == .notIdentifiable && weakOnly.reason.contains("too weak"))
        #expect(weakOnly.brief.contains("too weak") && weakOnly.brief.count < weakOnly.reason.count)
    }

    @Test func openEdgesWidenWithinTheKeysRange() throws {
        let cosine = try #require(SweepKey.named("anchors.farCosine")), every = try #require(SweepKey.named("tracker.detectEvery"))
        let base = ReplayConfiguration()
        #expect(GridWidening.valuesBeyond([0.8, 0.82, 0.84], end: .low, key: cosine, base: base, count: 3).map { ($0 * 100).rounded() } == [74, 76, 78])
        #expect(GridWidening.valuesBeyond([0.96, 0.98], end: .high, key: cosine, base: base, count: 3) == [1.0], "a cosine stops at 1")
        #expect(!GridWidening.isOpen([1, 2, 3], end: .low, key: every, base: base), "detect every frame is the key's limit")
        #expect(GridWidening.isOpen([1, 2, 3], end: .high, key: every, base: base))
        let clamp = try #require(SweepKey.named("anchors.stepClamp"))
        #expect(GridWidening.valuesBeyond([0.1, 0.15, 0.2], end: .low, key: clamp, base: base, count: 3) == [0.05], "never down to a zero clamp")

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
        // The main corpus recommends 0.80; from a median cross-cosine of 0.93 the shift on the same scenes brings 0.92 into reach.
        let steps = [(0.70, 0.0, -0.02, 0.02), (0.79, 0.0, 0.0, 0.04), (0.86, 0.04, 0.0, 0.08), (0.93, 0.12, 0.08, 0.16), (0.97, 0.16, 0.12, 0.18)]
            .map { variant("s", family: "twin appearance", shift: ($0.1, $0.2, $0.3), pivot: $0.0) }
        let scan = PivotScan(family: "twin appearance", measure: "twins' cross-cosine median", prior: "none", steps: steps.reversed())
        #expect(scan.values == [0.70, 0.79, 0.86, 0.93, 0.97], "steps sorted along the axis")
        #expect(scan.keeps(0.92, recommended: 0.8, axis: 0) == [false, false, false, true, true])
        #expect(scan.crossings(0.92, recommended: 0.8, axis: 0).count == 1)
        let phrase = scan.phrase(0.92, recommended: 0.8, axis: 0)
        #expect(phrase.hasPrefix("keep 0.920 if twins' cross-cosine median ≥ 0.930"))
        #expect(phrase.contains("crosses between 0.860 and 0.930; below it the rule picks 0.800–0.840") && phrase.hasSuffix("prior, not a measurement: none"))
        let never = PivotScan(family: "d", measure: "m", prior: "none", steps: Array(steps.prefix(3)))
        #expect(never.phrase(0.92, recommended: 0.8, axis: 0).hasPrefix("change 0.920 at every m scanned"))
    }

    @Test func thePairedShiftComparesTheSameScenes() throws {
        // Two scenes; under the variant the rule's choice moves from 0.8 to 0.9 on both.
        let plan = try SweepPlan(name: "m", space: ParameterSpace(axes: [SweepAxis(key: "anchors.farCosine", values: [0.8, 0.9])]))
        var c = Array(repeating: 0.0, count: SweepComponent.allCases.count)
        c[SweepComponent.objectsAnchored.rawValue] = 10
        func at(_ duplicates: Double) -> [Double] { var x = c; x[SweepComponent.duplicates.rawValue] = duplicates; return x }
        let baseline = SweepOutcome(components: [[at(0), at(1)], [at(2), at(3)]])
        let variant = SweepOutcome(components: [[at(2), at(3)], [at(0), at(1)]])
        let objective = Objective(minimise: .duplicateRate, pareto: [.duplicateRate, .duplicates])
        let e = VariantEvidence(name: "v", family: "f", settings: "", plan: plan, outcome: variant, baseline: baseline, objective: objective,
                                resamples: 50, confidence: 0.95, seed: 1)
        #expect(e.recommended == [0.9] && e.shift.map { ($0 * 100).rounded() } == [10])
        #expect(e.shiftLower == e.shiftUpper && e.shiftLower.map { ($0 * 100).rounded() } == [10], "every resample moves it by one step")
        let same = VariantEvidence(name: "v", family: "f", settings: "", plan: plan, outcome: baseline, baseline: baseline, objective: objective,
                                   resamples: 50, confidence: 0.95, seed: 1)
        #expect(same.shift == [0] && same.shiftLower == [0] && same.shiftUpper == [0])
    }

    /// Evidence as `verdict` builds it, with a source, placements and a cap harm.
    private func evidence(recommended: Double? = 0.84, source: VerdictSource = .simulated, events: Int = 100,
                          variants: [VariantEvidence]? = nil, placements: [PivotPlacement] = [], harm: CapHarm? = nil) -> VerdictEvidence {
        var e = VerdictEvidence(
            shipped: 0.92, recommended: recommended, interval: recommended.map { interval($0, 0.84, 0.84) }, axisValues: grid, openEnds: (true, true),
            widenings: 2, nextRange: nil, stability: 1, events: events, gain: 0.1, practical: 0.05,
            variants: variants ?? [variant("v", family: "drift", shift: (0, -0.02, 0.02))], axis: 0, rules: rules)
        e.source = source
        e.placements = placements
        e.capHarm = harm
        return e
    }

    @Test func recordedSessionsDecideOnSessionsAndEventsNotOnVariants() {
        let enough = Verdict(evidence(source: .recorded(sessions: 12, clusters: 9), variants: []), rules: rules)
        #expect(enough.kind == .decided && enough.nextStep == .ship(0.84))
        #expect(enough.reason.contains("12 recorded sessions (9 resampled clusters) and 100 events reach the verdict's minimums"))
        let few = Verdict(evidence(source: .recorded(sessions: 4, clusters: 4), events: 12, variants: []), rules: rules)
        #expect(few.kind == .notIdentifiable && few.nextStep == .capture)
        #expect(few.reasons.contains(.tooFewSessions(have: 4, need: rules.minimumSessions)))
        #expect(few.reasons.contains(.tooFewEvents(have: 12, need: rules.minimumEvents)))
        #expect(!few.reason.contains("variant"), "no simulator variant is asked of recorded data: \(few.reason)")
        #expect(Verdict(evidence(variants: []), rules: rules).kind == .notIdentifiable, "simulated data still needs its variants")
    }

    @Test func noValueMeetingTheCapIsAVerdictOfItsOwn() {
        var harm = interval(0.36, 0.2, 0.5)
        harm.estimate = 0.36
        let capped = Verdict(evidence(recommended: nil, harm: CapHarm(cap: "blended_twin_pair_rate ≤ 0.02", shipped: harm, least: 0.051,
                                                                     leastPoint: "anchors.farCosine = 0.990")), rules: rules)
        #expect(capped.kind == .noValueMeetsCap && capped.text == "no value meets the cap" && capped.nextStep == .changeRule)
        #expect(capped.reason.contains("at the shipped constants it is 0.360 [0.200, 0.500]"))
        #expect(capped.reason.contains("the least violating point (anchors.farCosine = 0.990) reaches 0.051"))
        #expect(Verdict(evidence(recommended: nil), rules: rules).kind == .notIdentifiable, "a rule without caps has no cap to blame")
    }

    @Test func withNoPointMeetingTheRuleTheEventsAreCountedAtTheShippedConstants() throws {
        // Every point duplicates at least 2 of 10 objects per recording, against a 5 % cap.
        let plan = try SweepPlan(name: "m", space: ParameterSpace(axes: [SweepAxis(key: "anchors.farCosine", values: [0.84, 0.88, 0.92])]))
        func at(_ duplicates: Double, objects: Double) -> [Double] {
            var x = Array(repeating: 0.0, count: SweepComponent.allCases.count)
            x[SweepComponent.objectsAnchored.rawValue] = objects
            x[SweepComponent.duplicates.rawValue] = duplicates
            return x
        }
        let shipped = [at(4, objects: 12), at(5, objects: 13)]
        let outcome = SweepOutcome(components: [[at(2, objects: 10), at(3, objects: 10)], [at(3, objects: 10), at(4, objects: 10)], shipped])
        let objective = Objective(minimise: .duplicateRate, caps: [MetricCap(metric: .duplicateRate, max: 0.05)], pareto: [.duplicateRate])
        let r = Recommendation(plan: plan, outcome: outcome, objective: objective, resamples: 20, confidence: 0.95, seed: 1)
        #expect(r.chosen == nil)
        let assessed = SweepAssessment(plan: plan, outcome: outcome, shipped: shipped, objective: objective, recommendation: r,
                                       variants: [], widenings: 0, rules: rules, harmBootstrap: (20, 0.95, 1))
        #expect(assessed.verdicts[0].kind == .noValueMeetsCap)
        #expect(assessed.verdicts[0].events == 25, "the objects anchored at the shipped 0.92 over both recordings")
    }

    @Test func aMeasuredAssumptionSettlesADependingVerdictOnlyFromOneSide() {
        // The scan keeps 0.92 from 0.93 up; below it the rule picks lower values.
        let steps = [(0.70, 0.0, -0.02, 0.02), (0.79, 0.0, 0.0, 0.04), (0.86, 0.04, 0.0, 0.08), (0.93, 0.12, 0.08, 0.16), (0.97, 0.16, 0.12, 0.18)]
            .map { variant("s", family: "twin appearance", shift: ($0.1, $0.2, $0.3), pivot: $0.0) }
        func placed(_ value: Double, _ lower: Double, _ upper: Double) -> PivotPlacement? {
            PivotScan(family: "twin appearance", measure: "m", prior: "none", steps: steps,
                      measurement: MeasuredAssumption(probe: "twin-cross-cosine-median", value: value, lower: lower, upper: upper,
                                                      sessions: 20, events: 400, unit: "pairs"))
                .placement(0.92, recommended: 0.8, axis: 0)
        }
        #expect(placed(0.95, 0.94, 0.96)?.side == .keeps)
        #expect(placed(0.75, 0.72, 0.78)?.side == .changes)
        #expect(placed(0.75, 0.72, 0.78)?.pick == "0.800–0.840")
        #expect(placed(0.89, 0.85, 0.94)?.side == nil, "an interval across the crossing settles nothing")
        #expect(placed(0.5, 0.45, 0.55)?.onAxis == nil, "outside the scanned range it cannot be placed")
        let depending = [variant("twins", family: "twin appearance", shift: (0.08, 0.04, 0.12))]
        let keeps = Verdict(evidence(variants: depending, placements: [placed(0.95, 0.94, 0.96)!]), rules: rules)
        #expect(keeps.kind == .decidedAtMeasured && keeps.nextStep == .keepShipped)
        #expect(keeps.reason.contains("where every pivot step keeps 0.920"))
        let open = Verdict(evidence(variants: depending, placements: [placed(0.89, 0.85, 0.94)!]), rules: rules)
        #expect(open.kind == .dependsOn && open.reason.contains("does not settle the verdict"))
    }
}
