import Sweeps
import EvalResults

extension SweepReport {
    /// The sweeps rerun on the simulator-assumption variants, each with its own interval, and
    /// how each judges the recommendation (absent without variants; spec.md#sweep-variants).
    public static func variantSection(_ doc: inout ReportDocument, _ results: SweepResults, views: [SweepView], assessments: [SweepAssessment]) {
        guard let first = results.sweeps.first(where: { !$0.variants.isEmpty }) else { return }
        let f = { (v: Double) in ReportNumber.fixed(v) }
        doc.heading("Simulator-assumption variants", 2)
        let models = first.variants.map { "\($0.name) (\($0.family): \($0.settings); \($0.recordings) recordings)" }
        doc.paragraph("Every sweep was rerun on smaller simulated corpora that change one assumption of the simulator each, on the same "
            + "scenarios, seeds and durations as the first recordings of the main corpus (Docs/sweeps.md#variants, Docs/spec.md#sweep-variants): "
            + models.joined(separator: "; ") + ". Each cell is the variant's own recommendation with its \(ReportNumber.fixed(results.bootstrap.confidence * 100, 0))% "
            + "interval over resamples of its recordings; then its shift: how far the assumption moves the recommendation on the same scenes "
            + "(the variant's recordings against the same corpus members under the corpus's own assumption, resampled together), and how that "
            + "judges the main recommendation: agrees (the shift's interval holds 0), differs (it excludes 0: the verdict depends on that "
            + "family), none meets the rule, or too weak (it holds 0 but is more than \(f(results.verdictRules.variantWidthFactor))× as wide as the "
            + "main interval, or wide enough to bring the recommendation back to the shipped value). Comparing a 32-recording variant with the "
            + "400-recording corpus directly would mistake the smaller sample's noise for the assumption's effect. All data simulated.")
        var rows = [["sweep", "key", "recommended"] + first.variants.map(\.name)]
        for (k, sweep) in results.sweeps.enumerated() where !sweep.variants.isEmpty {
            let plan = views[k].plan
            for (a, key) in plan.keys.enumerated() {
                let judged = assessments[k].evidence[a].variants
                rows.append([sweep.definition.name, key.name, Self.recommendedText(assessments[k].recommendation, plan: plan, axis: a)]
                    + judged.map { v in
                        guard v.evidence.meetsRule(axis: a) else { return "none meets the rule" }
                        return "\(f(v.evidence.recommended[a])) [\(f(v.evidence.lower[a])), \(f(v.evidence.upper[a]))]; shift \(f(v.evidence.shift[a])) "
                            + "[\(f(v.evidence.shiftLower[a])), \(f(v.evidence.shiftUpper[a]))] (\(v.agreement.rawValue))"
                    })
            }
        }
        doc.table(rows)
    }

    /// Per constant whose verdict depends on an assumption, the recommendation along that
    /// assumption's pivot scan (chart and table); per sweep with variants, the tornado of how far
    /// each family moves each recommendation (spec.md#sweep-pivot).
    public static func pivotSection(_ doc: inout ReportDocument, _ results: SweepResults, views: [SweepView], assessments: [SweepAssessment]) {
        guard results.sweeps.contains(where: { !$0.variants.isEmpty }) else { return }
        let f = { (v: Double) in ReportNumber.fixed(v) }
        doc.heading("Pivots: the recommendation as a function of an assumption", 2)
        let scanned = results.sweeps.flatMap { $0.pivots.map(\.family) }
        doc.paragraph("For every constant whose verdict depends on an assumption family, the sweep was rerun on corpora that step that "
            + "assumption along its axis (Docs/spec.md#sweep-pivot), each step with its own interval; the phrase says where keeping the shipped "
            + "value stops being what the rule allows. "
            + (scanned.isEmpty ? "No verdict depends on an assumption with a pivot scan, so none was run." : "All data simulated."))
        for (k, sweep) in results.sweeps.enumerated() {
            let plan = views[k].plan
            guard let chosen = assessments[k].recommendation.chosen else { continue }
            for (a, key) in plan.keys.enumerated() {
                let verdict = assessments[k].verdicts[a]
                guard verdict.kind == .dependsOn else { continue }
                let recommended = plan.points[chosen][a]
                for scan in sweep.pivots where verdict.families.contains(scan.family) {
                    let shipped = plan.shipped[a]
                    doc.heading("\(key.name) along \(scan.measure) (\(sweep.definition.name))", 3)
                    doc.paragraph(scan.phrase(shipped, recommended: recommended, axis: a) + ".")
                    let missing = scan.steps.count { !$0.meetsRule(axis: a) }
                    doc.figure("\(sweep.definition.name)-pivot-\(key.name)-\(Self.slug(scan.measure)).svg",
                               VerdictCharts.pivot(scan, recommended: recommended, axis: a, key: key.name, shipped: shipped,
                                                   caption: "simulated; \(scan.steps.count) steps of \(scan.steps.first?.recordings ?? 0) recordings"
                                                       + (missing > 0 ? "; \(missing) without an admissible point left out" : "")),
                               caption: "\(key.name) the main corpus would pick at each step of \(scan.measure): its recommendation "
                                   + "\(f(recommended)) moved by the step's shift on the same scenes, with the shift's interval; dashed: the shipped \(f(shipped)).")
                    var rows = [[scan.measure, "parameters", "recordings", "own recommendation [interval]", "shift on the same scenes [interval]",
                                 "projected [interval]", "keeps \(f(shipped))"]]
                    let keeps = scan.keeps(shipped, recommended: recommended, axis: a)
                    for (j, step) in scan.steps.enumerated() {
                        let p = scan.projected(j, recommended: recommended, axis: a)
                        rows.append([f(step.pivotValue ?? .nan), step.settings, "\(step.recordings)",
                                     step.meetsRule(axis: a) ? "\(f(step.recommended[a])) [\(f(step.lower[a])), \(f(step.upper[a]))]" : "none meets the rule",
                                     p.value.isFinite ? "\(f(step.shift[a])) [\(f(step.shiftLower[a])), \(f(step.shiftUpper[a]))]" : "n/a",
                                     p.value.isFinite ? "\(f(p.value)) [\(f(p.lower)), \(f(p.upper))]" : "n/a", keeps[j] ? "yes" : "no"])
                    }
                    doc.table(rows)
                }
            }
        }
        for (k, sweep) in results.sweeps.enumerated() where !sweep.variants.isEmpty {
            let plan = views[k].plan
            var bars: [(label: String, low: Double, high: Double)] = []
            for (a, key) in plan.keys.enumerated() {
                let step = VerdictEvidence.step(plan.space.axes[a].values)
                let families = (sweep.variants.map(\.family) + sweep.pivots.map(\.family)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                for family in families {
                    let shifts = (sweep.variants + sweep.pivots.flatMap(\.steps)).filter { $0.family == family }.map { $0.shift[a] / step }.filter(\.isFinite)
                    guard let low = shifts.min(), let high = shifts.max() else { continue }
                    bars.append(("\(key.name) · \(family)", min(low, 0), max(high, 0)))
                }
            }
            guard !bars.isEmpty else { continue }
            doc.figure("\(sweep.definition.name)-tornado.svg",
                       VerdictCharts.tornado(bars, title: "How far each assumption moves the recommendation (\(sweep.definition.name))",
                                             caption: "simulated; shifts on the same scenes, in grid steps"),
                       caption: "Tornado of \(sweep.definition.name): per key and assumption family, the range of the recommendation's shift "
                           + "on the same scenes (in grid steps of the key) over that family's variants and pivot steps; longest bar first.")
        }
    }

    /// A family name as part of a file name.
    public static func slug(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
