import Evaluation
import Foundation
import ResultStore
import Sweeps
import Replay

/// Writes and reads `sweep.h5` (layout `sweep/2`, `Docs/sweeps.md`): the datasets, groups
/// and attributes that ``ResultsSchema/sweep`` declares (`Docs/result-store.md` shows them).
/// Writing goes through the schema and is checked against it before the commit; reading
/// checks the file against it first. Files of the earlier layout `sweep/1`
/// (``ResultsSchema/sweepVersion1``, which also stored every recording's metric cubes) are
/// read as well; nothing of a sweep is read from those cubes, which derive from the components.
///
/// The component cube, the one part that grows with points × recordings, is written and read
/// one point at a time, never held twice (Docs/sweeps.md#streaming).
///
/// The file appears under its final name only once complete (``ResultFile/commit()``).
public enum SweepResultsFile {
    /// The layout tag written to the root.
    public static let layout = "sweep/2"
    /// The earlier layout, still read.
    public static let layoutVersion1 = "sweep/1"

    /// Writes `results` with the provenance of `loaded` to `path`.
    public static func write(_ results: SweepResults, loaded: ProtocolLoader.Loaded, to path: String) throws {
        let file = try ResultFile.create(atPath: path)
        let root = SchemaGroup(file.root, ResultsSchema.sweep.root)
        try ResultProvenance.write(on: root, layout: layout, toolVersion: results.toolVersion, loaded: loaded,
                                   protocolSHA256: results.protocolSHA256,
                                   recordingSHA256s: try loaded.recordingPaths.map(SHA256.fingerprint), bootstrap: results.bootstrap)
        try root.setAttribute("data_source", results.dataSource)
        try root.setAttribute("verdict_rules", try json(results.verdictRules))
        let recordings = try root.createGroup("recordings")
        try recordings.write(results.recordings, to: "name")
        if results.origins.contains(where: \.recorded) {
            try recordings.write(results.origins.map { $0.recorded ? "recorded" : "simulated" }, to: "source")
            try recordings.write(results.origins.map(\.cluster), to: "cluster")
        }
        let pairs = try root.createGroup("cosine_pairs")
        for (name, p) in zip(results.recordings, results.cosinePairs) {
            let group = try pairs.createGroup(name)
            try group.write(p.cosines, to: "cosine")
            try group.write(p.sameObject.map { $0 ? Int64(1) : 0 }, to: "same_object")
        }
        let formulas = try root.createGroup("metric_formulas")
        try formulas.write(SweepMetric.allCases.map(\.rawValue), to: "metric")
        try formulas.write(SweepMetric.allCases.map { MetricFormula.text($0.formula.numerator) }, to: "numerator")
        try formulas.write(SweepMetric.allCases.map { MetricFormula.text($0.formula.denominator) }, to: "denominator")
        try formulas.write(SweepMetric.allCases.map(\.formula.divisor), to: "divisor")
        try root.write(results.sweeps.map(\.definition.name), to: "sweep_names")
        let sweeps = try root.createGroup("sweeps")
        for (k, sweep) in results.sweeps.enumerated() {
            // The verdicts of the source the decisions rest on: recorded sessions when there are any.
            let decisive = try results.assessments(k).last!
            try write(sweep, recordings: results.recordings, bootstrap: results.bootstrap, assessment: decisive.assessment,
                      into: sweeps.createGroup(sweep.definition.name))
        }
        try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.sweep)
        try file.commit()
    }

    private static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func write(_ sweep: SweepResult, recordings: [String], bootstrap: BootstrapSettings, assessment: SweepAssessment,
                              into group: SchemaGroup) throws {
        let plan = try sweep.plan()
        var swept = sweep.definition
        swept.space = sweep.space
        try group.setAttribute("definition", try json(sweep.definition))
        try group.setAttribute("swept_definition", try json(swept))
        try group.setAttribute("widenings", Int64(sweep.widenings))
        try group.setAttribute("base_configuration", try json(sweep.base))
        try group.setAttribute("seconds", sweep.seconds)
        try group.setAttribute("resumed_points", Int64(sweep.resumed))
        try group.write(plan.keys.map(\.name), to: "axis_keys")
        let axes = try group.createGroup("axes")
        for axis in sweep.space.axes { try axes.write(axis.values, to: axis.key) }
        try group.write(plan.points.flatMap { $0 }, to: "points", shape: [plan.points.count, plan.keys.count])
        let shape = plan.space.gridShape ?? [plan.points.count]
        let components = SweepComponent.allCases.count
        try group.write(to: "components", shape: shape + [recordings.count, components], trailing: 2) { sweep.outcome.components.blocks[$0] }
        try group.write(SweepComponent.allCases.map { "\($0)" }, to: "component_names")
        try group.write(sweep.shipped.flatMap { $0 }, to: "shipped_components", shape: [recordings.count, components])
        if !sweep.variants.isEmpty {
            try writeEvidence(sweep.variants, keys: plan.keys.map(\.name), into: group.createGroup("variants"))
        }
        if !sweep.pivots.isEmpty {
            let table = try group.createGroup("pivots")
            let rows = sweep.pivots.flatMap { p in p.steps.flatMap { _ in plan.keys.indices.map { _ in p } } }
            try table.write(rows.map(\.measure), to: "measure")
            try table.write(rows.map(\.prior), to: "measured")
            try writeEvidence(sweep.pivots.flatMap(\.steps), keys: plan.keys.map(\.name), into: table)
            let stepRows = sweep.pivots.flatMap(\.steps).flatMap { step in plan.keys.indices.map { _ in step } }
            if stepRows.contains(where: { $0.probeValue != nil }) || rows.contains(where: { $0.measurement != nil }) {
                try table.write(stepRows.map { $0.probeValue ?? .nan }, to: "probe_value")
                let m = rows.map(\.measurement)
                try table.write(m.map { $0?.probe ?? "" }, to: "measured_probe")
                try table.write(m.map { $0?.value ?? .nan }, to: "measured_value")
                try table.write(m.map { $0?.lower ?? .nan }, to: "measured_lower")
                try table.write(m.map { $0?.upper ?? .nan }, to: "measured_upper")
                try table.write(m.map { Int64($0?.sessions ?? 0) }, to: "measured_sessions")
                try table.write(m.map { Int64($0?.events ?? 0) }, to: "measured_events")
                try table.write(m.map { $0?.unit ?? "" }, to: "measured_unit")
            }
        }
        let pooled = sweep.outcome.pooled()
        let cubes = try group.createGroup("metrics").createGroup("pooled")
        for metric in SweepMetric.allCases { try cubes.write(pooled.map(metric.value), to: metric.rawValue, shape: shape) }
        let r = try sweep.recommendation(bootstrap)
        let rec = try group.createGroup("recommendation")
        try rec.setAttribute("rule", sweep.definition.objective.text)
        try rec.write([Int64(r.chosen ?? -1)], to: "chosen_point")
        try rec.write(plan.keys.indices.map { a in r.chosen.map { plan.points[$0][a] } ?? .nan }, to: "value")
        try rec.write(r.intervals.map { $0?.lower ?? .nan }, to: "lower")
        try rec.write(r.intervals.map { $0?.upper ?? .nan }, to: "upper")
        try rec.write(plan.shipped, to: "shipped")
        try rec.write(assessment.verdicts.map(\.text), to: "verdict")
        try rec.write(assessment.verdicts.map(\.reason), to: "verdict_reason")
        try rec.write(assessment.evidence.map { $0.gain ?? .nan }, to: "gain")
        try rec.write(assessment.bounds, to: "bound")
        try rec.write(r.paretoMask.map { $0 ? Int64(1) : 0 }, to: "pareto_mask", shape: shape)
        let folds = try rec.createGroup("leave_one_out")
        try folds.write(r.folds.map { recordings[$0.heldOut] }, to: "held_out")
        try folds.write(r.folds.map { Int64($0.chosen ?? -1) }, to: "chosen_point")
        try folds.write(r.folds.map(\.heldOutValue), to: "held_out_value")
        try folds.write(r.folds.map(\.heldOutBest), to: "held_out_best")
        try folds.write(r.folds.map { $0.heldOutFeasible ? Int64(1) : 0 }, to: "held_out_feasible")
    }

    /// One row per (variant or pivot step, swept key): the variant's own recommendation and interval.
    private static func writeEvidence(_ evidence: [VariantEvidence], keys: [String], into table: SchemaGroup) throws {
        let rows = evidence.flatMap { v in keys.indices.map { (v, $0) } }
        try table.write(rows.map(\.0.name), to: "variant")
        try table.write(rows.map(\.0.family), to: "family")
        try table.write(rows.map(\.0.settings), to: "settings")
        try table.write(rows.map { $0.0.pivotValue ?? .nan }, to: "value")
        try table.write(rows.map { keys[$0.1] }, to: "key")
        try table.write(rows.map { Int64($0.0.recordings) }, to: "recordings")
        try table.write(rows.map { $0.0.recommended[$0.1] }, to: "recommended")
        try table.write(rows.map { $0.0.lower[$0.1] }, to: "lower")
        try table.write(rows.map { $0.0.upper[$0.1] }, to: "upper")
        try table.write(rows.map { $0.0.tiedLow[$0.1] }, to: "tied_low")
        try table.write(rows.map { $0.0.tiedHigh[$0.1] }, to: "tied_high")
        try table.write(rows.map { Int64($0.0.events) }, to: "events")
        try table.write(rows.map { $0.0.shift[$0.1] }, to: "shift")
        try table.write(rows.map { $0.0.shiftLower[$0.1] }, to: "shift_lower")
        try table.write(rows.map { $0.0.shiftUpper[$0.1] }, to: "shift_upper")
    }

    /// A sweep's `components` read point by point; a point equal to `source`'s, bit for bit,
    /// takes its storage.
    private static func readCube(_ g: SchemaGroup, recordings r: Int, width c: Int, sharing source: ComponentCube?) throws -> ComponentCube {
        let shared = source.flatMap { $0.recordings == r && $0.width == c ? $0.blocks : nil } ?? []
        var blocks: [[Double]] = []
        try g.readDoubles("components", trailing: 2) { p, values in
            guard values.count == r * c else {
                throw ResultsLayoutError(file: g.group.file.path, object: g.group.objectPath + "/components",
                                         message: "holds \(values.count) values per point, not \(r) recordings × \(c) components")
            }
            if p < shared.count, shared[p].withUnsafeBufferPointer({ zip($0, values).allSatisfy { $0.bitPattern == $1.bitPattern } }) {
                blocks.append(shared[p])
            } else {
                blocks.append(Array(values))
            }
        }
        return ComponentCube(recordings: r, width: c, blocks: blocks)
    }

    /// The rows of an evidence table, regrouped into one ``VariantEvidence`` per variant.
    private static func readEvidence(_ t: SchemaGroup, axes: Int) throws -> [VariantEvidence] {
        let names = try t.strings("variant"), families = try t.strings("family"), settings = try t.strings("settings")
        let values = try t.doubles("value"), counts = try t.int64s("recordings"), events = try t.int64s("events")
        let recommended = try t.doubles("recommended"), lower = try t.doubles("lower"), upper = try t.doubles("upper")
        let low = try t.doubles("tied_low"), high = try t.doubles("tied_high")
        let shift = try t.doubles("shift"), shiftLower = try t.doubles("shift_lower"), shiftUpper = try t.doubles("shift_upper")
        return stride(from: 0, to: names.count - axes + 1, by: axes).map { start in
            let span = start..<start + axes
            return VariantEvidence(
                name: names[start], family: families[start], settings: settings[start], recordings: Int(counts[start]),
                pivotValue: values[start].isNaN ? nil : values[start], recommended: Array(recommended[span]), lower: Array(lower[span]),
                upper: Array(upper[span]), tiedLow: Array(low[span]), tiedHigh: Array(high[span]), events: Int(events[start]),
                shift: Array(shift[span]), shiftLower: Array(shiftLower[span]), shiftUpper: Array(shiftUpper[span]))
        }
    }

    /// The measurement of each pivot row, when the table holds the columns (empty otherwise).
    private static func readMeasurements(_ t: SchemaGroup) throws -> [MeasuredAssumption?] {
        guard t.group.contains("measured_probe") else { return [] }
        let probes = try t.strings("measured_probe"), values = try t.doubles("measured_value")
        let lower = try t.doubles("measured_lower"), upper = try t.doubles("measured_upper")
        let sessions = try t.int64s("measured_sessions"), events = try t.int64s("measured_events"), units = try t.strings("measured_unit")
        return probes.indices.map { k in
            probes[k].isEmpty ? nil : MeasuredAssumption(probe: probes[k], value: values[k], lower: lower[k], upper: upper[k],
                                                         sessions: Int(sessions[k]), events: Int(events[k]), unit: units[k])
        }
    }

    /// Whether `path` is an HDF5 file with a sweep layout (`sweep/2` or `sweep/1`).
    public static func holdsSweep(_ path: String) -> Bool { [layout, layoutVersion1].contains(ResultsLayout.tag(of: path)) }

    /// Reads the results back from `path` (everything the report shows).
    ///
    /// - Parameter sharing: results `path` was just written from: a point's components equal
    ///   to the same sweep's point there, bit for bit, take its storage instead of a copy, so
    ///   reading a file back beside its source does not hold the component cube twice. The
    ///   results are those of the file either way.
    public static func read(_ path: String, sharing source: SweepResults? = nil) throws -> SweepResults {
        let version1 = ResultsLayout.tag(of: path) == layoutVersion1
        let root = try SchemaGroup.open(path, layout: version1 ? ResultsSchema.sweepVersion1 : ResultsSchema.sweep)
        let bootstrap = try ResultProvenance.bootstrap(of: root)
        let recordingsGroup = try root.openGroup("recordings")
        let recordings = try recordingsGroup.strings("name")
        var origins: [RecordingOrigin] = []
        if recordingsGroup.group.contains("source") {
            let clusters = try recordingsGroup.strings("cluster")
            origins = try recordingsGroup.strings("source").enumerated().map { k, source in
                RecordingOrigin(recorded: source == "recorded", cluster: k < clusters.count ? clusters[k] : "")
            }
        }
        let pairsGroup = try root.openGroup("cosine_pairs")
        let pairs = try recordings.map { name in
            let g = try pairsGroup.openGroup(name)
            return CosinePairs(cosines: try g.doubles("cosine"), sameObject: try g.int64s("same_object").map { $0 != 0 })
        }
        let sweepsGroup = try root.openGroup("sweeps")
        let sweeps = try root.strings("sweep_names").map { name in
            let g = try sweepsGroup.openGroup(name)
            let stored = try JSONDecoder().decode(SweepDefinition.self, from: Data(try g.attributeString("definition").utf8))
            let base = try JSONDecoder().decode(ReplayConfiguration.self, from: Data(try g.attributeString("base_configuration").utf8))
            let c = SweepComponent.allCases.count, r = recordings.count
            guard try g.strings("component_names") == SweepComponent.allCases.map({ "\($0)" }) else {
                throw ResultsLayoutError(file: path, object: g.group.objectPath + "/component_names", message: "are not the components this version computes")
            }
            let outcome = SweepOutcome(components: try readCube(g, recordings: r, width: c,
                                                                sharing: source?.sweeps.first { $0.definition.name == name }?.outcome.components))
            let shippedFlat = try g.doubles("shipped_components")
            let axes = max(1, try g.strings("axis_keys").count)
            let swept = try JSONDecoder().decode(SweepDefinition.self, from: Data(try g.attributeString("swept_definition").utf8))
            var result = SweepResult(definition: stored, base: base, outcome: outcome,
                                     shipped: (0..<r).map { Array(shippedFlat[$0 * c..<($0 + 1) * c]) }, seconds: try g.attributeDouble("seconds"),
                                     resumed: Int(try g.attributeInt64("resumed_points")), space: swept.space,
                                     widenings: Int(try g.attributeInt64("widenings")))
            if g.group.contains("variants") { result.variants = try readEvidence(try g.openGroup("variants"), axes: axes) }
            if g.group.contains("pivots") {
                let t = try g.openGroup("pivots")
                var steps = try readEvidence(t, axes: axes)
                let measures = try t.strings("measure"), priors = try t.strings("measured")
                let measurements = try readMeasurements(t)
                if t.group.contains("probe_value") {
                    let probeValues = try t.doubles("probe_value")
                    for k in steps.indices where k * axes < probeValues.count && !probeValues[k * axes].isNaN { steps[k].probeValue = probeValues[k * axes] }
                }
                // Steps of one pivot are consecutive rows with the same family and measure.
                var scans: [PivotScan] = []
                for (k, step) in steps.enumerated() {
                    let measure = measures[k * axes]
                    if let last = scans.last, last.family == step.family, last.measure == measure {
                        scans[scans.count - 1].steps.append(step)
                    } else {
                        scans.append(PivotScan(family: step.family, measure: measure, prior: priors[k * axes], steps: [step],
                                               measurement: measurements.isEmpty ? nil : measurements[k * axes]))
                    }
                }
                result.pivots = scans
            }
            return result
        }
        let rules = try JSONDecoder().decode(VerdictRules.self, from: Data(try root.attributeString("verdict_rules").utf8))
        return SweepResults(
            protocolName: try root.attributeString("protocol_name"), protocolSHA256: try root.attributeString("protocol_sha256"),
            toolVersion: try root.attributeString("tool_version"), bootstrap: bootstrap,
            dataSource: (try? root.attributeString("data_source")) ?? "not stated (written before data statements)", recordings: recordings,
            cosinePairs: pairs, sweeps: sweeps, verdictRules: rules, origins: origins)
    }
}
