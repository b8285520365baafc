import EvalNumerics
import Sweeps

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

    /// Renders `results`.
    public init(_ results: SweepResults) throws {
        var doc = ReportDocument()
        let f = { (v: Double) in ReportNumber.fixed(v) }
        let confidence = ReportNumber.fixed(results.bootstrap.confidence * 100, 0)
        doc.heading("Sweep report: \(results.protocolName)", 1)
        let views = try results.sweeps.map(SweepView.init)
        let recommendations = try results.sweeps.map { try $0.recommendation(results.bootstrap) }

        var summaryRows = [["sweep", "constant", "shipped", "recommended [\(confidence)% interval]", "verdict"]]
        var summaryEvents: [String] = []
        var rows = [["sweep", "key", "shipped", "recommended [\(confidence)% interval]", "verdict", "stability", "events (needed to decide)",
                     "equally good under the rule", "rule", "evidence n",
                     "held-out folds meeting the rule", "mean held-out gap"]]
        for (k, sweep) in results.sweeps.enumerated() {
            let view = views[k], r = recommendations[k], objective = sweep.definition.objective
            let pooled = r.chosen.map { view.pooled[$0] } ?? SweepMetric.pooled(sweep.shipped)
            let metrics = ([objective.minimise] + objective.caps.map(\.metric)).reduce(into: [SweepMetric]()) { if !$0.contains($1) { $0.append($1) } }
            let evidence = "\(results.recordings.count) recordings; " + metrics.map { metric in
                let e = metric.evidence(pooled)
                return "\(e.count) \(e.noun) (\(metric.rawValue))"
            }.joined(separator: ", ")
            let met = r.folds.filter(\.heldOutFeasible).count
            let gaps = r.folds.map { $0.gap(objective.minimise) }.filter(\.isFinite)
            for (a, key) in view.plan.keys.enumerated() {
                let recommended = r.chosen.map { c in
                    ReportNumber.fixed(view.plan.points[c][a]) + (r.intervals[a].map { " [\(f($0.lower)), \(f($0.upper))]" } ?? "")
                } ?? "none meets the rule"
                let tied = r.tiedRange(view.plan, axis: a).map { "\(f($0.0))–\(f($0.1)) (\(r.tied.count) points)" } ?? "n/a"
                let verdict = Self.verdict(r, plan: view.plan, axis: a, pooled: pooled, objective: objective)
                let stability = Self.stabilityText(r, sweep: sweep, plan: view.plan, axis: a)
                let events = "\(verdict.events) \(objective.minimise.evidence(pooled).noun)" + (verdict.eventsNeeded.map { " (\($0))" } ?? "")
                summaryRows.append([sweep.definition.name, key.name, f(view.plan.shipped[a]), recommended, verdict.kind.rawValue])
                if a == 0 { summaryEvents.append("\(sweep.definition.name) \(verdict.events) \(objective.minimise.evidence(pooled).noun)") }
                rows.append([sweep.definition.name, key.name, f(view.plan.shipped[a]), recommended, verdict.kind.rawValue, stability, events,
                             tied, objective.text, evidence,
                             "\(met) of \(r.folds.count)", gaps.isEmpty ? "n/a" : f(gaps.reduce(0, +) / Double(gaps.count))])
            }
        }
        doc.beginSummary()
        doc.paragraph(results.dataSource.hasPrefix("Data:") ? results.dataSource + "." : "Data: \(results.dataSource).")
        doc.paragraph("Verdict per constant, \(results.recordings.count) recordings resampled whole (\(results.bootstrap.replicates) resamples). "
            + "Events behind each rule's metric: \(summaryEvents.joined(separator: "; ")). The full table with stability, events needed and "
            + "held-out validation follows (verdicts: Docs/spec.md#sweep-verdict).")
        doc.table(summaryRows)
        doc.endSummary()
        doc.paragraph("spatial-eval \(results.toolVersion); protocol SHA-256 \(results.protocolSHA256). Rendered from sweep.h5 alone.")
        if results.recordings.count <= 20 {
            doc.paragraph("Recordings (n = \(results.recordings.count)): \(results.recordings.joined(separator: ", ")).")
        }
        doc.heading("Shipped constant → recommended value", 2)
        doc.table(rows)
        doc.paragraph("Intervals: over \(results.bootstrap.replicates) bootstrap resamples of whole recordings (seed \(results.bootstrap.seed)), "
            + "each resample's choice is every point tied under the rule (no tie-break toward the shipped value); the interval runs from the lower "
            + "percentile of the smallest tied value to the upper percentile of the largest. Verdict (Docs/spec.md#sweep-verdict): decided when the "
            + "interval excludes the shipped value, not identifiable when it spans half the swept range or more, else consistent with shipped. "
            + "Stability: the share of resamples whose tied set holds the recommended value"
            + (results.sweeps.contains { !$0.variants.isEmpty }
               ? ", and the number of simulator-assumption variants (below) whose tied set holds it" : "") + ". Events: the rule metric's evidence at the recommended "
            + "point; in brackets the power estimate of the events needed to decide (the interval's half-width shrinking as 1/√events below "
            + "|recommended − shipped|, at least one grid step). With few recordings intervals are coarse and optimistic. \"Equally good\": the range of the key over every point that meets the rule "
            + "and ties with the recommended one on every metric the rule compares; only closeness to the shipped constants picked among them, "
            + "so a wide range means the recordings do not pin the constant down. Held-out gap: the rule's metric at the point chosen on the other "
            + "recordings minus the best value any point meeting the rule reaches on the held-out recording (0 = the choice generalised).")

        Self.variantSection(&doc, results, views: views, recommendations: recommendations)
        for (k, sweep) in results.sweeps.enumerated() {
            doc.beginDetails("Sweep \(sweep.definition.name)")
            Self.section(&doc, sweep, view: views[k], recommendation: recommendations[k], results: results)
            doc.endDetails()
        }
        Self.cosineSection(&doc, results)
        doc.heading("Understanding this report", 2)
        doc.paragraph("Every metric is pooled over recordings as a ratio of sums (Docs/sweeps.md lists the components). false_merge_rate is the "
            + "fraction of anchored detections that fed an instance of another object (blended twins, Docs/spec.md#twins-negative-result); duplicates count "
            + "objects split over several instances; convergence_mean_s is the time from the first sighting after a real move (> 0.3 m) "
            + "until an instance of the object is stored within 0.25 m of its new place (Docs/spec.md#sweep-convergence). Ties between points are broken by "
            + "the Pareto metrics, then by closeness to the shipped constants.")
        markdown = doc.markdownText
        html = doc.htmlPage(title: "Sweep report: \(results.protocolName)")
        figures = doc.figures
        self.recommendations = recommendations
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

    /// Stability of axis `a`: the share of resamples, then the variants, whose tied set holds
    /// the recommended value (spec.md#sweep-verdict, spec.md#sweep-variants).
    static func stabilityText(_ r: Recommendation, sweep: SweepResult, plan: SweepPlan, axis a: Int) -> String {
        guard let share = r.stability[a], let chosen = r.chosen else { return "n/a" }
        var text = ReportNumber.fixed(share * 100, 0) + " % of resamples"
        if !sweep.variants.isEmpty {
            let value = plan.points[chosen][a]
            let failing = sweep.variants.filter { !$0.holds(value, axis: a) }.map(\.name)
            text += "; \(sweep.variants.count - failing.count) of \(sweep.variants.count) variants"
                + (failing.isEmpty ? "" : " (not: \(failing.joined(separator: ", ")))")
        }
        return text
    }

    /// The table of the sweeps rerun on the simulator-assumption variants (absent without them).
    private static func variantSection(_ doc: inout ReportDocument, _ results: SweepResults, views: [SweepView], recommendations: [Recommendation]) {
        guard let first = results.sweeps.first(where: { !$0.variants.isEmpty }) else { return }
        let f = { (v: Double) in ReportNumber.fixed(v) }
        doc.heading("Simulator-assumption variants", 2)
        let models = first.variants.map { "\($0.name) (\($0.family): \($0.settings); \($0.recordings) recordings)" }
        doc.paragraph("Every sweep was rerun on smaller simulated corpora that change one assumption of the simulator each, on the same "
            + "scenarios, seeds and durations as the first recordings of the main corpus (Docs/sweeps.md#variants, Docs/spec.md#sweep-variants): "
            + models.joined(separator: "; ") + ". A recommendation holds in a variant when the recommended value lies within the range "
            + "of that key over the points tied under the rule there. The variants' corpora are smaller than the main one, so a variant "
            + "in which the rule is met by a wide range is weak evidence either way. All data simulated.")
        var rows = [["sweep", "key", "recommended"] + first.variants.map(\.name)]
        for (k, sweep) in results.sweeps.enumerated() where !sweep.variants.isEmpty {
            let plan = views[k].plan
            for (a, key) in plan.keys.enumerated() {
                let value = recommendations[k].chosen.map { plan.points[$0][a] }
                rows.append([sweep.definition.name, key.name, value.map(f) ?? "none"] + sweep.variants.map { v in
                    guard v.tiedLow[a].isFinite else { return "none meets the rule" }
                    let range = v.tiedLow[a] == v.tiedHigh[a] ? f(v.tiedLow[a]) : "\(f(v.tiedLow[a]))–\(f(v.tiedHigh[a]))"
                    return range + (value.map { v.holds($0, axis: a) ? " (holds)" : " (differs)" } ?? "")
                })
            }
        }
        doc.table(rows)
    }

    /// The verdict on axis `a` of `r` (events: the rule metric's evidence at `pooled`).
    static func verdict(_ r: Recommendation, plan: SweepPlan, axis a: Int, pooled: [Double], objective: Objective) -> Verdict {
        Verdict(shipped: plan.shipped[a], recommended: r.chosen.map { plan.points[$0][a] }, interval: r.intervals[a],
                axisValues: plan.points.map { $0[a] }, events: objective.minimise.evidence(pooled).count)
    }

    private static func samplingText(_ space: ParameterSpace) -> String {
        switch space.sampling {
        case .grid: return "grid " + space.axes.map { "\($0.values.count)" }.joined(separator: " × ")
        case .random(let n): return "\(n) random samples, seed \(space.seed)"
        case .latinHypercube(let n): return "\(n) Latin-hypercube samples, seed \(space.seed)"
        }
    }
}
