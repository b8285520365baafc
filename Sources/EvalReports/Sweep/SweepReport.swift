import EvalNumerics
import Sweeps
import EvalResults

/// The sweep report, rendered from ``SweepResults`` alone (`sweep.h5`): the table "shipped
/// constant → recommended value [interval], evidence n", then per sweep its rule, heatmaps,
/// curves with bootstrap bands, the Pareto plot and leave-one-recording-out validation, and
/// the twin cosine evidence with PR and ROC curves.
public struct SweepReport: Sendable {
    /// Markdown of the report.
    public var markdown: String
    /// The self-contained HTML page.
    public var html: String
    /// SVG files beside the Markdown, in report order.
    public var figures: [(name: String, svg: String)]
    /// The recommendation of each sweep, in results order (what the report shows).
    public var recommendations: [Recommendation]

    /// The verdicts of each sweep, in results order.
    public var assessments: [SweepAssessment]

    /// Renders `results`.
    public init(_ results: SweepResults) throws {
        var doc = ReportDocument()
        let f = { (v: Double) in ReportNumber.fixed(v) }
        let confidence = ReportNumber.fixed(results.bootstrap.confidence * 100, 0)
        doc.heading("Sweep report: \(results.protocolName)", 1)
        let views = try results.sweeps.map(SweepView.init)
        // Each source judged apart (spec.md#sweep-verdict-recorded): decisions rest on recorded
        // sessions when there are any; the sections below show the first source (simulated when present).
        let sourced = try results.sweeps.indices.map { try results.assessments($0) }
        let assessments = sourced.map { $0[0].assessment }
        let decisive = sourced.map { $0[$0.count - 1].assessment }
        let mixed = results.sourceGroups.count > 1
        let recommendations = assessments.map(\.recommendation)
        let plan = try CapturePlan(results, assessments: decisive)

        var summaryRows = [["sweep", "constant", "shipped", "recommended [\(confidence)% interval]", "verdict", "what it rests on", "next step"]]
        var summaryEvents: [String] = []
        var rows = [["sweep", "key", "shipped", "recommended [\(confidence)% interval]", "verdict", "why", "stability",
                     "gain over shipped (practical)", "what bounds it", "events (needed to decide)",
                     "equally good under the rule", "evidence n", "held-out folds meeting the rule", "mean held-out gap"]]
        for (k, sweep) in results.sweeps.enumerated() {
            let view = views[k], r = recommendations[k], objective = sweep.definition.objective, assessment = assessments[k]
            let pooled = r.chosen.map { view.pooled[$0] } ?? SweepMetric.pooled(sweep.shipped)
            let metrics = ([objective.minimise] + objective.caps.map(\.metric)).reduce(into: [SweepMetric]()) { if !$0.contains($1) { $0.append($1) } }
            let evidence = "\(results.recordings.count) recordings; " + metrics.map { metric in
                let e = metric.evidence(pooled)
                return "\(e.count) \(e.noun) (\(metric.rawValue))"
            }.joined(separator: ", ")
            let met = r.folds.filter(\.heldOutFeasible).count
            let gaps = r.folds.map { $0.gap(objective.minimise) }.filter(\.isFinite)
            for (a, key) in view.plan.keys.enumerated() {
                let recommended = Self.recommendedText(r, plan: view.plan, axis: a)
                let tied = r.tiedRange(view.plan, axis: a).map { "\(f($0.0))–\(f($0.1)) (\(r.tied.count) points)" } ?? "n/a"
                let verdict = assessment.verdicts[a]
                let stability = Self.stabilityText(assessment, axis: a)
                let events = "\(verdict.events) \(objective.minimise.evidence(pooled).noun)" + (verdict.eventsNeeded.map { " (\($0))" } ?? "")
                let gain = assessment.evidence[a].gain.map { $0.isInfinite ? "shipped breaks the rule" : f($0) } ?? "n/a"
                for entry in sourced[k] {
                    let judged = entry.assessment, said = judged.verdicts[a]
                    let chosen = judged.recommendation.chosen.map { view.plan.points[$0][a] }
                    summaryRows.append([sweep.definition.name, key.name, f(view.plan.shipped[a]),
                                        Self.recommendedText(judged.recommendation, plan: view.plan, axis: a),
                                        (mixed ? "\(entry.source.name): " : "") + said.text,
                                        Self.restsOn(said, sweep: sweep, axis: a, shipped: view.plan.shipped[a], recommended: chosen),
                                        Self.nextStep(said, shipped: view.plan.shipped[a], constant: "\(sweep.definition.name) · \(key.name)", plan: plan)])
                }
                if a == 0 { summaryEvents.append("\(sweep.definition.name) \(verdict.events) \(objective.minimise.evidence(pooled).noun)") }
                rows.append([sweep.definition.name, key.name, f(view.plan.shipped[a]), recommended, verdict.text, verdict.reason, stability,
                             "\(gain) (\(objective.practical.map(f) ?? "none declared"))", assessment.bounds[a], events,
                             tied, evidence, "\(met) of \(r.folds.count)", gaps.isEmpty ? "n/a" : f(gaps.reduce(0, +) / Double(gaps.count))])
            }
        }
        let statement = results.dataSource.hasPrefix("Data:") ? results.dataSource : "Data: " + results.dataSource
        let headline = Self.headlineData(statement)
        doc.beginSummary()
        doc.paragraph(headline + ".")
        doc.paragraph(Self.verdictLine(results, sourced: sourced.first ?? []))
        doc.table(summaryRows)
        doc.endSummary()
        if headline != statement { doc.paragraph(statement + ".") }
        let recordedOnly = results.sourceGroups.allSatisfy(\.recorded)
        doc.paragraph("Events behind each rule's metric: \(summaryEvents.joined(separator: "; ")). A verdict reads *decided* only when the "
            + "interval excludes the shipped value, the recommendation is inside the grid, "
            + (recordedOnly ? "the recorded sessions and events reach the verdict's minimums (\(results.verdictRules.minimumSessions) sessions, "
                + "\(results.verdictRules.minimumEvents) events)"
               : "every simulator-assumption variant agrees with an interval of its own")
            + ", the gain is practical and the choice stable; the full table, "
            + (recordedOnly ? "the sweeps and the capture plan for what these sessions do not settle follow."
               : "the variants, the pivots and the capture plan for what simulation cannot settle follow."))
        doc.paragraph("spatial-eval \(results.toolVersion); protocol SHA-256 \(results.protocolSHA256). Rendered from sweep.h5 alone.")
        if results.recordings.count <= 20 {
            doc.paragraph("Recordings (n = \(results.recordings.count)): \(results.recordings.joined(separator: ", ")).")
        }
        doc.heading("Shipped constant → recommended value", 2)
        doc.table(rows)
        let rules = results.verdictRules
        doc.paragraph("Intervals: over \(results.bootstrap.replicates) bootstrap resamples of whole recordings (seed \(results.bootstrap.seed)), "
            + "each resample's choice is every point tied under the rule (no tie-break toward the shipped value); the interval runs from the lower "
            + "percentile of the smallest tied value to the upper percentile of the largest. Verdicts (Docs/spec.md#sweep-verdict), in this order: "
            + "*no value meets the cap* when no point meets the rule's caps (the shipped constants' harm and the least harmful point are "
            + "given; *not identifiable* for a rule without caps); *at the edge of the grid* when the recommendation sits on an end of the grid the key "
            + "could go beyond, after up to \(rules.widenings) automatic widening rounds of \(rules.widenSteps) values (Docs/spec.md#sweep-grid-edge); "
            + "*depends on* an assumption family when a variant's paired shift on the same scenes has an interval excluding 0 or no point meets "
            + "the rule there (Docs/spec.md#sweep-variants); "
            + "*consistent with shipped* when the interval holds the shipped value and is narrower than half the swept range (*not identifiable* "
            + "when wider); *decided* when the interval excludes the shipped value, it does not reach an open edge, every variant agrees (a shift "
            + "interval holding 0, at most \(f(rules.variantWidthFactor))× as wide as the main interval), the gain over the shipped value reaches the rule's practical "
            + "threshold and at least \(f(rules.stabilityFloor * 100)) % of resamples hold the recommendation; a shortfall in the gain alone reads "
            + "*consistent with shipped*, any other *not identifiable*; on recorded sessions, instead of variants, at least "
            + "\(rules.minimumSessions) sessions and \(rules.minimumEvents) events (Docs/spec.md#sweep-verdict-recorded); *depends on* becomes "
            + "*decided at the measured assumption* when a measured assumption lies wholly among pivot steps that agree "
            + "(Docs/spec.md#sweep-pivot-measured). Below the stability floor a verdict says \"unstable\". Stability: the share "
            + "of resamples whose tied set holds the recommended value. Gain: the rule metric at the key's grid value nearest the shipped one minus "
            + "at the recommended point, the other keys held (in the metric's units). What bounds it: the neighbouring grid values and the cap each "
            + "would break (Docs/spec.md#sweep-bound). Events: the rule metric's evidence at the recommended "
            + "point; in brackets the power estimate of the events needed to decide (the interval's half-width shrinking as 1/√events below "
            + "|recommended − shipped|, at least one grid step). \"Equally good\": the range of the key over every point that meets the rule "
            + "and ties with the recommended one on every metric the rule compares. Held-out gap: the rule's metric at the point chosen on the other "
            + "recordings minus the best value any point meeting the rule reaches on the held-out recording (0 = the choice generalised).")
        Self.rulesSection(&doc, results)
        Self.variantSection(&doc, results, views: views, assessments: assessments)
        Self.pivotSection(&doc, results, views: views, assessments: assessments)
        for (k, sweep) in results.sweeps.enumerated() {
            doc.beginDetails("Sweep \(sweep.definition.name)")
            Self.section(&doc, sweep, view: views[k], recommendation: recommendations[k], results: results)
            doc.endDetails()
        }
        Self.cosineSection(&doc, results)
        doc.heading("Understanding this report", 2)
        doc.paragraph("Every metric is pooled over recordings as a ratio of sums (Docs/sweeps.md lists the components). blended_twin_pair_rate "
            + "is the share of twin pairs the memory saw with a blended anchor between the two twins: an instance fed by both for a second or "
            + "more, or whose position ends between them (Docs/spec.md#metric-blended-anchor), the harm the app's author ranked above duplicates; "
            + "false_merge_rate is the fraction of anchored detections that fed an instance of another object; duplicate_rate counts objects split "
            + "over several instances per object anchored; convergence_mean_s is the time from the first sighting after a real move (> 0.3 m) "
            + "until an instance of the object is stored within 0.25 m of its new place (Docs/spec.md#sweep-convergence). Ties between points are "
            + "broken by the Pareto metrics, then by closeness to the shipped constants.")
        doc.heading("Capture plan", 2)
        doc.paragraph("What real measurement would settle each constant this simulated sweep does not decide (Docs/spec.md#capture-plan; "
            + "`spatial-eval capture-plan sweep.h5` prints the same list): the assumption to measure and where the verdict flips, then the "
            + "sessions a capture needs, from the power estimate.")
        doc.checklist(plan.entries)
        markdown = doc.markdownText
        html = doc.htmlPage(title: "Sweep report: \(results.protocolName)")
        figures = doc.figures
        self.recommendations = recommendations
        self.assessments = assessments
    }

    /// The line above the verdict table: what was resampled, and which source decides.
    static func verdictLine(_ results: SweepResults, sourced: [SourcedAssessment]) -> String {
        let parts = sourced.map { entry -> String in
            switch entry.source {
            case .simulated: return "\(entry.recordings.count) \(sourced.count > 1 ? "simulated " : "")recordings resampled whole"
            case .recorded(let sessions, let clusters):
                return "\(sessions) recorded sessions resampled in \(clusters) cluster\(clusters == 1 ? "" : "s") (sessions sharing a room are resampled together)"
            }
        }
        let decides = sourced.count > 1 ? " Simulated and recorded evidence are judged apart, never pooled; the decisions rest on the recorded "
            + "sessions (the simulated rows show what the simulator's world says)." : ""
        let condition = sourced.last.map { if case .recorded = $0.source { return "Docs/spec.md#sweep-verdict-recorded" } else { return "Docs/spec.md#sweep-verdict" } }
            ?? "Docs/spec.md#sweep-verdict"
        return "Verdict per constant over " + parts.joined(separator: " and ") + " (\(results.bootstrap.replicates) resamples); "
            + "*decided* needs every condition of \(condition).\(decides)"
    }

    /// What to do about a verdict, in words: ship the value, keep the shipped one, follow the
    /// capture plan's item for the constant, widen the grid, or change the rule.
    static func nextStep(_ verdict: Verdict, shipped: Double, constant: String, plan: CapturePlan) -> String {
        let f = { (v: Double) in ReportNumber.fixed(v) }
        switch verdict.nextStep {
        case .ship(let value): return "ship \(f(value))"
        case .shipAtMeasured(let pick): return "change to \(pick) (the rule's pick at the measured assumption)"
        case .keepShipped: return "keep \(f(shipped))"
        case .sweepWider(let range): return "sweep " + (range.map { "\(f($0.lowerBound))–\(f($0.upperBound))" } ?? "wider") + " (simulation can settle it)"
        case .changeRule: return "change the rule"
        case .capture:
            guard let item = plan.items.firstIndex(where: { $0.constant == constant }) else { return "see the capture plan" }
            return "capture plan item \(item + 1)"
        }
    }

    /// The data statement's first clause (up to the first "; " or the spec's SHA-256), for the
    /// summary; the whole statement follows it.
    public static func headlineData(_ statement: String) -> String {
        let cuts = ["; ", ", spec SHA-256"].compactMap { statement.range(of: $0)?.lowerBound }
        guard let cut = cuts.min() else { return statement }
        return String(statement[..<cut]) + " (the full statement follows the table)"
    }

    /// "0.800 [0.780, 0.820]", or "none meets the rule".
    public static func recommendedText(_ r: Recommendation, plan: SweepPlan, axis a: Int) -> String {
        let f = { (v: Double) in ReportNumber.fixed(v) }
        return r.chosen.map { c in f(plan.points[c][a]) + (r.intervals[a].map { " [\(f($0.lower)), \(f($0.upper))]" } ?? "") } ?? "none meets the rule"
    }

    /// The headline's last column: the pivot phrase for *depends on*, the range to sweep next
    /// at the edge, the reason otherwise.
    public static func restsOn(_ verdict: Verdict, sweep: SweepResult, axis a: Int, shipped: Double, recommended: Double?) -> String {
        guard verdict.kind == .dependsOn, let recommended else { return verdict.brief }
        let phrases = verdict.families.map { family in
            let scans = sweep.pivots.filter { $0.family == family }
            return scans.isEmpty ? "\(family): \(verdict.brief) (no pivot scanned)"
                : scans.map { $0.phrase(shipped, recommended: recommended, axis: a) }.joined(separator: "; ")
        }
        return phrases.joined(separator: "; ")
    }

    /// The rules and the reasons they encode, one row per sweep.
    private static func rulesSection(_ doc: inout ReportDocument, _ results: SweepResults) {
        doc.heading("Rules and the harms they weigh", 2)
        var rows = [["sweep", "rule", "practical threshold", "why this rule"]]
        for sweep in results.sweeps {
            let o = sweep.definition.objective
            rows.append([sweep.definition.name, o.text, o.practical.map { "\(ReportNumber.fixed($0)) \(o.minimise.rawValue)" } ?? "none declared",
                         o.reason.isEmpty ? "not stated" : o.reason])
        }
        doc.table(rows)
    }

    private static func section(_ doc: inout ReportDocument, _ sweep: SweepResult, view: SweepView, recommendation r: Recommendation,
                                results: SweepResults) {
        let f = { (v: Double) in ReportNumber.fixed(v) }
        let name = sweep.definition.name, objective = sweep.definition.objective, plan = view.plan
        if !sweep.definition.description.isEmpty { doc.paragraph(sweep.definition.description) }
        // Wall time stays in sweep.h5 (`seconds`) and on standard error, so the report re-renders byte for byte.
        let resumed = sweep.resumed > 0 ? "; \(sweep.resumed) points came from the checkpoint of a killed run" : ""
        doc.paragraph("\(plan.points.count) points (\(samplingText(plan.space))) × \(results.recordings.count) recordings; "
            + "rule: \(objective.text)\(resumed).")
        let metrics = ([objective.minimise] + objective.caps.map(\.metric) + objective.pareto + [.instances, .neverAnchored, .anchorErrorMean])
            .reduce(into: [SweepMetric]()) { if !$0.contains($1) { $0.append($1) } }
        let shipped = SweepMetric.pooled(sweep.shipped)
        var table = [["metric", "shipped configuration", "recommended point"]]
        for metric in metrics {
            table.append([metric.rawValue, f(metric.value(shipped)), r.chosen.map { f(metric.value(view.pooled[$0])) } ?? "n/a"])
        }
        doc.table(table)
        guard let chosen = r.chosen else {
            doc.paragraph("No point meets the rule on the pooled recordings.")
            return
        }
        let others = metrics.filter { $0 != objective.minimise }
        if let shape = view.shape, shape.count >= 2 {
            let xKey = plan.keys[0].name, yKey = plan.keys[1].name
            let at = view.position(chosen)
            let held = plan.keys.indices.dropFirst(2).map { "\(plan.keys[$0].name) = \(f(plan.points[chosen][$0]))" }
            let heldText = held.isEmpty ? "" : "; other axes at the recommended point (\(held.joined(separator: ", ")))"
            for metric in [objective.minimise] + others.prefix(1) {
                let values = (0..<shape[0]).map { i in (0..<shape[1]).map { j -> Double in
                    var p = at
                    p[0] = i
                    p[1] = j
                    return metric.value(view.pooled[view.point(at: p)])
                } }
                var marked = [(i: at[0], j: at[1], style: "chosen")]
                if let s = view.shippedPoint, view.position(s).dropFirst(2) == at.dropFirst(2) {
                    marked.append((view.position(s)[0], view.position(s)[1], "shipped"))
                }
                doc.figure("\(name)-heatmap-\(metric.rawValue).svg", HeatmapChart.svg(
                    values: values, xValues: plan.space.axes[0].values, yValues: plan.space.axes[1].values,
                    title: "\(metric.rawValue) (\(name))", xTitle: xKey, yTitle: yKey,
                    caption: "pooled over \(results.recordings.count) recordings; red: recommended, dashed: shipped; grey: undefined",
                    marked: marked),
                    caption: "Heatmap of pooled \(metric.rawValue) over \(xKey) × \(yKey)\(heldText); red outline: recommended point, "
                        + "dashed: shipped constants (when on the grid); grey cells: undefined (no denominator).")
            }
        }
        if view.shape != nil {
            let level = ReportNumber.fixed(results.bootstrap.confidence * 100, 0)
            for (a, key) in plan.keys.enumerated() where plan.space.axes[a].values.count > 1 {
                let points = view.slice(through: chosen, axis: a)
                for metric in [objective.minimise] + others.prefix(1) {
                    let series = SweepCharts.Series(
                        label: metric.rawValue, points: points.map { (plan.points[$0][a], metric.value(view.pooled[$0])) },
                        band: view.bands(points, metric: metric, settings: results.bootstrap))
                    doc.figure("\(name)-curve-\(key.name)-\(metric.rawValue).svg", SweepCharts.curves(
                        [series], title: "\(metric.rawValue) along \(key.name) (\(name))", xTitle: key.name, yTitle: metric.rawValue,
                        caption: "other axes at the recommended point; band: \(level)% over resampled recordings"),
                        caption: "Pooled \(metric.rawValue) along \(key.name) through the recommended point, with its \(level)% percentile band "
                            + "over bootstrap resamples of whole recordings (n = \(results.recordings.count)).")
                }
            }
        }
        let px = objective.pareto[0], py = objective.pareto[1]
        doc.figure("\(name)-pareto.svg", SweepCharts.pareto(
            view.pooled.map { (px.value($0), py.value($0)) }, front: r.paretoMask,
            chosen: (px.value(view.pooled[chosen]), py.value(view.pooled[chosen])), shipped: (px.value(shipped), py.value(shipped)),
            title: "\(px.rawValue) vs \(py.rawValue) (\(name))", xTitle: px.rawValue, yTitle: py.rawValue,
            caption: "\(plan.points.count) points; front: paretoset semantics (distinct=False), both as costs"),
            caption: "Every point in \(px.rawValue) and \(py.rawValue) (pooled); blue: the Pareto front, red: recommended, green square: shipped.")
        doc.heading("Leave one recording out (\(name))", 3)
        var folds = [["held out", "chosen on the others"] + ["\(objective.minimise.rawValue) held out", "best held out", "gap", "meets the rule held out"]]
        for fold in r.folds {
            let values = fold.chosen.map { c in plan.keys.indices.map { "\(plan.keys[$0].name) = \(f(plan.points[c][$0]))" }.joined(separator: ", ") } ?? "none"
            folds.append([results.recordings[fold.heldOut], values, f(fold.heldOutValue), f(fold.heldOutBest),
                          f(fold.gap(objective.minimise)), fold.heldOutFeasible ? "yes" : "no"])
        }
        doc.table(folds)
        for (a, key) in plan.keys.enumerated() {
            let chosenValues = r.folds.compactMap { $0.chosen.map { plan.points[$0][a] } }
            guard let low = chosenValues.min(), let high = chosenValues.max() else { continue }
            doc.paragraph("Spread of \(key.name) chosen across folds: \(f(low)) to \(f(high))"
                + (high - low > 0 ? " (it depends on the recording)." : " (the same in every fold)."))
        }
    }

    /// Stability of axis `a`: the share of resamples whose tied set holds the recommended
    /// value, then the variants that agree (spec.md#sweep-verdict, spec.md#sweep-variants).
    public static func stabilityText(_ assessment: SweepAssessment, axis a: Int) -> String {
        guard let share = assessment.recommendation.stability[a] else { return "n/a" }
        var text = ReportNumber.fixed(share * 100, 0) + " % of resamples"
        let variants = assessment.evidence[a].variants
        if !variants.isEmpty {
            let other = variants.filter { $0.agreement != .agrees }.map { "\($0.evidence.name): \($0.agreement.rawValue)" }
            text += "; \(variants.count - other.count) of \(variants.count) variants agree" + (other.isEmpty ? "" : " (\(other.joined(separator: ", ")))")
        }
        return text
    }

    private static func samplingText(_ space: ParameterSpace) -> String {
        switch space.sampling {
        case .grid: return "grid " + space.axes.map { "\($0.values.count)" }.joined(separator: " × ")
        case .random(let n): return "\(n) random samples, seed \(space.seed)"
        case .latinHypercube(let n): return "\(n) Latin-hypercube samples, seed \(space.seed)"
        }
    }
}
