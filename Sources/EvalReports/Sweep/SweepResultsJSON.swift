import Recording
import EvalResults
import Sweeps

/// The JSON dump of a sweep's `sweep.h5` (`spatial-eval report sweep.h5 --json`): the typed
/// results ``SweepResultsFile/read(_:)`` returns and the recommendation and verdicts the report
/// computes from them (Docs/python.md#the-json-dump).
///
/// Keys: `layout`, `attributes`, `provenance` (as in ``ResultsJSON``), `protocol_name`,
/// `protocol_sha256`, `tool_version`, `data_source`, `bootstrap`, `recordings` (names in
/// protocol order), `cosine_pairs` (by recording: `cosine`, `same_object`) and `sweeps`, in
/// protocol order, each with `name`, `widenings`, `seconds`, `resumed_points`, `axis_keys`,
/// `axes` (by key: its values), `points` (one array per point), `cube_shape` (the grid's
/// shape, or the point count of a sampled sweep), `component_names`, `components`
/// (`[point][recording][component]`), `shipped_components` (`[recording][component]`),
/// `metrics` (by recording, then `pooled`: by metric, the cube flattened in C order),
/// `recommendation` (`rule`, `chosen_point` (−1 for none), `value`, `lower`, `upper`, `shipped`,
/// `verdict`, `verdict_reason`, `gain`, `bound` per key, `pareto_mask` flattened, the table
/// `leave_one_out`), and the tables `variants` and `pivots` (null when absent).
public enum SweepResultsJSON {
    /// The dump of `results`, read from the file at `path`.
    public static func text(_ results: SweepResults, path: String) throws -> String {
        var w = JSONWriter()
        w.beginObject()
        try ResultsJSON.header(&w, path: path, layout: ResultsLayout.tag(of: path) ?? SweepResultsFile.layout)
        w.string("protocol_name", results.protocolName)
        w.string("protocol_sha256", results.protocolSHA256)
        w.string("tool_version", results.toolVersion)
        w.string("data_source", results.dataSource)
        ResultsJSON.bootstrap(&w, results.bootstrap)
        ResultsJSON.strings(&w, "recordings", results.recordings)
        w.beginObject("cosine_pairs")
        for (name, pairs) in zip(results.recordings, results.cosinePairs) {
            w.beginObject(name)
            w.raw("cosine", JSONWriter.compactArray(pairs.cosines))
            ResultsJSON.integers(&w, "same_object", pairs.sameObject.map { $0 ? 1 : 0 })
            w.endObject()
        }
        w.endObject()
        w.beginArray("sweeps")
        for k in results.sweeps.indices { try self.sweep(&w, k, results) }
        w.endArray()
        w.endObject()
        return w.text
    }

    private static func sweep(_ w: inout JSONWriter, _ k: Int, _ results: SweepResults) throws {
        let sweep = results.sweeps[k]
        let plan = try sweep.plan()
        let recordings = results.recordings
        w.beginObject()
        w.string("name", sweep.definition.name)
        w.integer("widenings", sweep.widenings)
        w.number("seconds", sweep.seconds)
        w.integer("resumed_points", sweep.resumed)
        ResultsJSON.strings(&w, "axis_keys", plan.keys.map(\.name))
        w.beginObject("axes")
        for axis in sweep.space.axes { w.raw(axis.key, JSONWriter.compactArray(axis.values)) }
        w.endObject()
        w.raw("points", "[" + plan.points.map { JSONWriter.compactArray($0) }.joined(separator: ", ") + "]")
        ResultsJSON.integers(&w, "cube_shape", (plan.space.gridShape ?? [plan.points.count]).map(Int64.init))
        ResultsJSON.strings(&w, "component_names", SweepComponent.allCases.map { "\($0)" })
        w.raw("components", "[" + sweep.outcome.components.map { point in
            "[" + point.map { JSONWriter.compactArray($0) }.joined(separator: ", ") + "]"
        }.joined(separator: ", ") + "]")
        w.raw("shipped_components", "[" + sweep.shipped.map { JSONWriter.compactArray($0) }.joined(separator: ", ") + "]")
        w.beginObject("metrics")
        let pooled = sweep.outcome.pooled()
        for (k, name) in zip(0..., recordings + ["pooled"]) {
            w.beginObject(name)
            for metric in SweepMetric.allCases {
                let values = k < recordings.count ? sweep.outcome.components.map { metric.value($0[k]) } : pooled.map(metric.value)
                w.raw(metric.rawValue, JSONWriter.compactArray(values))
            }
            w.endObject()
        }
        w.endObject()
        // The verdicts of the source the decisions rest on, as sweep.h5 stores them.
        let assessment = try results.assessments(k).last!.assessment
        let r = assessment.recommendation
        w.beginObject("recommendation")
        w.string("rule", sweep.definition.objective.text)
        w.integer("chosen_point", r.chosen ?? -1)
        w.raw("value", JSONWriter.compactArray(plan.keys.indices.map { a in r.chosen.map { plan.points[$0][a] } ?? .nan }))
        w.raw("lower", JSONWriter.compactArray(r.intervals.map { $0?.lower ?? .nan }))
        w.raw("upper", JSONWriter.compactArray(r.intervals.map { $0?.upper ?? .nan }))
        w.raw("shipped", JSONWriter.compactArray(plan.shipped))
        ResultsJSON.strings(&w, "verdict", assessment.verdicts.map(\.text))
        ResultsJSON.strings(&w, "verdict_reason", assessment.verdicts.map(\.reason))
        w.raw("gain", JSONWriter.compactArray(assessment.evidence.map { $0.gain ?? .nan }))
        ResultsJSON.strings(&w, "bound", assessment.bounds)
        ResultsJSON.integers(&w, "pareto_mask", r.paretoMask.map { $0 ? 1 : 0 })
        w.beginObject("leave_one_out")
        ResultsJSON.strings(&w, "held_out", r.folds.map { recordings[$0.heldOut] })
        ResultsJSON.integers(&w, "chosen_point", r.folds.map { Int64($0.chosen ?? -1) })
        w.raw("held_out_value", JSONWriter.compactArray(r.folds.map(\.heldOutValue)))
        w.raw("held_out_best", JSONWriter.compactArray(r.folds.map(\.heldOutBest)))
        ResultsJSON.integers(&w, "held_out_feasible", r.folds.map { $0.heldOutFeasible ? 1 : 0 })
        w.endObject()
        w.endObject()
        let keys = plan.keys.map(\.name)
        if sweep.variants.isEmpty { w.null("variants") } else { evidence(&w, "variants", sweep.variants, keys: keys) }
        if sweep.pivots.isEmpty {
            w.null("pivots")
        } else {
            let rows = sweep.pivots.flatMap { p in p.steps.flatMap { _ in keys.indices.map { _ in p } } }
            evidence(&w, "pivots", sweep.pivots.flatMap(\.steps), keys: keys,
                     extra: [("measure", rows.map(\.measure)), ("measured", rows.map(\.prior))])
        }
        w.endObject()
    }

    /// One row per (variant or pivot step, swept key), as `sweep.h5` stores it.
    private static func evidence(_ w: inout JSONWriter, _ key: String, _ evidence: [VariantEvidence], keys: [String],
                                 extra: [(String, [String])] = []) {
        let rows = evidence.flatMap { v in keys.indices.map { (v, $0) } }
        w.beginObject(key)
        for (name, values) in extra { ResultsJSON.strings(&w, name, values) }
        ResultsJSON.strings(&w, "variant", rows.map(\.0.name))
        ResultsJSON.strings(&w, "family", rows.map(\.0.family))
        ResultsJSON.strings(&w, "settings", rows.map(\.0.settings))
        w.raw("value", JSONWriter.compactArray(rows.map { $0.0.pivotValue ?? .nan }))
        ResultsJSON.strings(&w, "key", rows.map { keys[$0.1] })
        ResultsJSON.integers(&w, "recordings", rows.map { Int64($0.0.recordings) })
        w.raw("recommended", JSONWriter.compactArray(rows.map { $0.0.recommended[$0.1] }))
        w.raw("lower", JSONWriter.compactArray(rows.map { $0.0.lower[$0.1] }))
        w.raw("upper", JSONWriter.compactArray(rows.map { $0.0.upper[$0.1] }))
        w.raw("tied_low", JSONWriter.compactArray(rows.map { $0.0.tiedLow[$0.1] }))
        w.raw("tied_high", JSONWriter.compactArray(rows.map { $0.0.tiedHigh[$0.1] }))
        ResultsJSON.integers(&w, "events", rows.map { Int64($0.0.events) })
        w.raw("shift", JSONWriter.compactArray(rows.map { $0.0.shift[$0.1] }))
        w.raw("shift_lower", JSONWriter.compactArray(rows.map { $0.0.shiftLower[$0.1] }))
        w.raw("shift_upper", JSONWriter.compactArray(rows.map { $0.0.shiftUpper[$0.1] }))
        w.endObject()
    }
}
