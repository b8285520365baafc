import EvalResults
import Recording
import ResultStore

/// The JSON dump of a results file (`spatial-eval report FILE.h5 --json`): the typed results
/// the report is rendered from, for programs and for the Python package's tests
/// (`python/`, Docs/python.md#the-json-dump).
///
/// A table is an object of columns (`{"column": [values, …]}`) named as in the file, so a
/// reader can compare it column by column; non-finite numbers are the strings `"NaN"`,
/// `"Infinity"` and `"-Infinity"` (``JSONWriter``). Every dump starts with `layout`, the root
/// `attributes` as stored (strings, numbers) and the `provenance` table.
public enum ResultsJSON {
    /// The dump of the run, sweep or warmth results file at `path` (the layout its root names).
    /// - Throws: ``InputError`` naming the file when it cannot be read as results.
    public static func dump(_ path: String) throws -> String {
        if SweepResultsFile.holdsSweep(path) { return try SweepResultsJSON.text(SweepResultsFile.read(path), path: path) }
        if WarmthResultsFile.holdsWarmth(path) { return try warmth(WarmthResultsFile.read(path).results, path: path) }
        let results: RunResults
        do {
            results = try RunResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as run results: \(error)")
        }
        return try run(results, path: path)
    }

    /// The dump of a warmth `results.h5` (layout `warmth/1`), read by
    /// ``WarmthResultsFile/read(_:)``: `layout`, `attributes`, `provenance`, `protocol_name` and
    /// `results`, the ``WarmthResults`` value with its Swift property names.
    public static func warmth(_ results: WarmthResults, path: String) throws -> String {
        var w = JSONWriter()
        w.beginObject()
        try header(&w, path: path, layout: WarmthResultsFile.layout)
        w.string("protocol_name", results.protocolName)
        w.raw("results", try JSONText.string(results, .compact))
        w.endObject()
        return w.text
    }

    /// The dump of a run's `results.h5` (layout `run/1`), read by ``RunResultsFile/read(_:)``.
    ///
    /// Keys: `layout`, `attributes`, `provenance`, `protocol_name`, `protocol_sha256`,
    /// `tool_version`, `minimum_events`, `passed`, `bootstrap` (`replicates`, `seed` as text,
    /// `confidence`, `method`), `recordings` (by name: `path`, `sha256`, `observation_count`,
    /// `duplication`, `unflags`, `data`, `duplicated_objects`, `never_anchored`,
    /// `blended_instances`, `mean_purity`, `gap_intervals` and the tables `gaps`, `errors`,
    /// `instances`, `detect_every_n`, `recorded_track_ids`, `tracking_3d`, `absence_flags`,
    /// `removals`, `lock_on`, `policy_instances`, `policy_errors`), `pooled` (`gap_intervals`,
    /// the table `recording_intervals`, `runs_differ`) and the table `gates`.
    public static func run(_ results: RunResults, path: String) throws -> String {
        var w = JSONWriter()
        w.beginObject()
        try header(&w, path: path, layout: RunResultsFile.layout)
        w.string("protocol_name", results.protocolName)
        w.string("protocol_sha256", results.protocolSHA256)
        w.string("tool_version", results.toolVersion)
        w.integer("minimum_events", results.minimumEvents)
        w.bool("passed", results.passed)
        bootstrap(&w, results.bootstrap)
        w.beginObject("recordings")
        for recording in results.recordings { self.recording(&w, recording) }
        w.endObject()
        w.beginObject("pooled")
        intervals(&w, "gap_intervals", results.pooledGaps)
        table(&w, "recording_intervals", results.recordingIntervals)
        w.beginObject("runs_differ")
        w.number("statistic", results.runsDiffer.statistic)
        w.number("p_value", results.runsDiffer.pValue)
        w.integer("groups", results.runsDiffer.groups)
        w.integer("instances", results.runsDiffer.instances)
        w.endObject()
        w.endObject()
        let gates = results.gates
        w.beginObject("gates")
        strings(&w, "metric", gates.map(\.gate.metric.rawValue))
        strings(&w, "op", gates.map(\.gate.op.rawValue))
        strings(&w, "bound", gates.map(\.gate.bound.rawValue))
        w.raw("threshold", JSONWriter.compactArray(gates.map(\.gate.value)))
        w.raw("value", JSONWriter.compactArray(gates.map(\.value)))
        w.raw("lower", JSONWriter.compactArray(gates.map(\.interval.lower)))
        w.raw("upper", JSONWriter.compactArray(gates.map(\.interval.upper)))
        integers(&w, "successes", gates.map(\.successes))
        integers(&w, "events", gates.map(\.events))
        strings(&w, "event_unit", gates.map(\.eventUnit))
        strings(&w, "verdict", gates.map(\.verdict.rawValue))
        integers(&w, "passed", gates.map { $0.passed ? 1 : 0 })
        w.endObject()
        w.endObject()
        return w.text
    }

    private static func recording(_ w: inout JSONWriter, _ r: RecordingResults) {
        w.beginObject(r.name)
        w.string("path", r.path)
        w.string("sha256", r.sha256)
        w.integer("observation_count", Int(r.observationCount))
        w.integer("duplication", Int(r.duplication))
        w.integer("unflags", Int(r.unflags))
        w.beginObject("data")
        for (key, value) in r.data.meta.sorted(by: { $0.key < $1.key }) { w.string(key, value) }
        w.endObject()
        integers(&w, "duplicated_objects", r.duplicatedObjects)
        integers(&w, "never_anchored", r.neverAnchored)
        integers(&w, "blended_instances", r.blendedInstances)
        w.number("mean_purity", r.meanPurity)
        intervals(&w, "gap_intervals", r.gapIntervals)
        w.beginObject("gaps")
        integers(&w, "instance", r.gapInstances)
        w.raw("gap_m", JSONWriter.compactArray(r.gaps))
        w.endObject()
        w.beginObject("errors")
        integers(&w, "instance", r.errorInstances)
        w.raw("error_m", JSONWriter.compactArray(r.errors))
        w.endObject()
        table(&w, "instances", r.instances)
        table(&w, "detect_every_n", r.detectEveryN)
        table(&w, "recorded_track_ids", r.recordedIDs)
        table(&w, "tracking_3d", r.tracking3D)
        table(&w, "absence_flags", r.absenceFlags)
        table(&w, "removals", r.removals)
        table(&w, "lock_on", r.lockOn)
        table(&w, "policy_instances", r.policyInstances)
        table(&w, "policy_errors", r.policyErrors)
        w.endObject()
    }

    /// `layout`, the root `attributes` as stored and the `provenance` table of the file at `path`.
    public static func header(_ w: inout JSONWriter, path: String, layout: String) throws {
        let file = try ResultFile.open(atPath: path)
        let root = file.root
        w.string("layout", layout)
        w.beginObject("attributes")
        for name in try root.attributeNames() {
            switch try root.attributeInfo(name)?.elementClass {
            case .string: w.string(name, try root.attributeString(name))
            case .integer: w.integer(name, Int(try root.attributeInt64(name)))
            case .float: w.number(name, try root.attributeDouble(name))
            case .other, nil: w.null(name)
            }
        }
        w.endObject()
        let provenance = try root.openGroup("provenance")
        w.beginObject("provenance")
        strings(&w, "path", try provenance.readStrings("path"))
        strings(&w, "sha256", try provenance.readStrings("sha256"))
        w.endObject()
    }

    /// `"key": {"replicates", "seed" (decimal text: it may exceed 2^53), "confidence", "method"}`.
    public static func bootstrap(_ w: inout JSONWriter, _ b: BootstrapSettings) {
        w.beginObject("bootstrap")
        w.integer("replicates", b.replicates)
        w.string("seed", String(b.seed))
        w.number("confidence", b.confidence)
        w.string("method", b.method)
        w.endObject()
    }

    private static func intervals(_ w: inout JSONWriter, _ key: String, _ gaps: GapIntervals) {
        w.beginObject(key)
        w.interval("median", estimate: gaps.median.estimate, lower: gaps.median.lower, upper: gaps.median.upper)
        w.interval("p90", estimate: gaps.p90.estimate, lower: gaps.p90.lower, upper: gaps.p90.upper)
        w.endObject()
    }

    /// A table of `rows` as an object of its columns, named and ordered as in the file.
    public static func table<Row: ColumnRow>(_ w: inout JSONWriter, _ key: String, _ rows: [Row]) {
        w.beginObject(key)
        for (name, path) in Row.doubleColumns { w.raw(name, JSONWriter.compactArray(rows.map { $0[keyPath: path] })) }
        for (name, path) in Row.integerColumns { integers(&w, name, rows.map { $0[keyPath: path] }) }
        for (name, path) in Row.stringColumns { strings(&w, name, rows.map { $0[keyPath: path] }) }
        w.endObject()
    }

    /// `"key": [1, 2, …]` on one line.
    public static func integers(_ w: inout JSONWriter, _ key: String, _ values: [Int64]) {
        w.raw(key, "[" + values.map(String.init).joined(separator: ", ") + "]")
    }

    /// `"key": ["a", "b", …]` on one line.
    public static func strings(_ w: inout JSONWriter, _ key: String, _ values: [String]) {
        w.raw(key, "[" + values.map { JSONWriter.quoted($0) }.joined(separator: ", ") + "]")
    }
}
