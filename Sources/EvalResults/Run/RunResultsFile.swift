import Recording
import Foundation
import ResultStore

/// Writes and reads the main job's `results.h5` (layout `run/1`): the datasets, groups and
/// attributes that ``ResultsSchema/run`` declares (`Docs/result-store.md` shows them), with
/// `/fusion` (``FusionResultsFile``) when the protocol has a `fusion` section. Writing goes
/// through the schema and is checked against it before the commit; reading checks the file
/// against it first.
///
/// The file appears under its final name only once complete (``ResultFile/commit()``).
public enum RunResultsFile {
    /// The layout tag written to and required from the root.
    public static let layout = "run/1"

    /// Writes `results` with the provenance of `loaded` to `path`.
    public static func write(_ results: RunResults, loaded: ProtocolLoader.Loaded, to path: String) throws {
        let file = try ResultFile.create(atPath: path)
        let root = SchemaGroup(file.root, ResultsSchema.run.root)
        try ResultProvenance.write(on: root, layout: layout, toolVersion: results.toolVersion, loaded: loaded,
                                   protocolSHA256: results.protocolSHA256,
                                   recordingSHA256s: loaded.evaluationProtocol.recordings.map { given in
                                       results.recordings.first { $0.path == given }?.sha256 ?? ""
                                   }, bootstrap: results.bootstrap)
        try root.setAttribute("replay_configuration", try JSONText.string(loaded.evaluationProtocol.replay, .compact))
        try root.setAttribute("minimum_events", Int64(results.minimumEvents))
        if let runReport = results.runReport { try root.setAttribute("run_report", runReport) }
        let recordings = try root.createGroup("recordings")
        for recording in results.recordings { try write(recording, into: recordings.createGroup(recording.name)) }
        let pooled = try root.createGroup("pooled")
        try pooled.createGroup("gap_intervals").writeIntervals(results.pooledGaps)
        try pooled.createGroup("recording_intervals").writeRows(results.recordingIntervals)
        let differ = try pooled.createGroup("runs_differ")
        try differ.setAttribute("test", "Kruskal-Wallis H on per-instance median gaps, recordings as groups")
        try differ.setAttribute("statistic", results.runsDiffer.statistic)
        try differ.setAttribute("p_value", results.runsDiffer.pValue)
        try differ.setAttribute("groups", Int64(results.runsDiffer.groups))
        try differ.setAttribute("instances", Int64(results.runsDiffer.instances))
        let gates = try root.createGroup("gates")
        try gates.write(results.gates.map(\.gate.metric.rawValue), to: "metric")
        try gates.write(results.gates.map(\.gate.op.rawValue), to: "op")
        try gates.write(results.gates.map(\.gate.bound.rawValue), to: "bound")
        try gates.write(results.gates.map(\.gate.value), to: "threshold")
        try gates.write(results.gates.map(\.value), to: "value")
        try gates.write(results.gates.map(\.interval.lower), to: "lower")
        try gates.write(results.gates.map(\.interval.upper), to: "upper")
        try gates.write(results.gates.map(\.successes), to: "successes")
        try gates.write(results.gates.map(\.events), to: "events")
        try gates.write(results.gates.map(\.eventUnit), to: "event_unit")
        try gates.write(results.gates.map(\.verdict.rawValue), to: "verdict")
        try gates.write(results.gates.map { $0.passed ? Int64(1) : 0 }, to: "passed")
        if let fusion = results.fusion { try FusionResultsFile.write(fusion, into: root.createGroup("fusion")) }
        try SchemaGroup.checkWritten(file.root, layout: ResultsSchema.run)
        try file.commit()
    }

    private static func write(_ r: RecordingResults, into group: SchemaGroup) throws {
        try group.setAttribute("path", r.path)
        try group.setAttribute("sha256", r.sha256)
        try group.setAttribute("observation_count", r.observationCount)
        try group.setAttribute("duplication", r.duplication)
        let data = try group.createGroup("data")
        try data.write(r.data.meta.map(\.key), to: "key")
        try data.write(r.data.meta.map(\.value), to: "value")
        let gaps = try group.createGroup("gaps")
        try gaps.write(r.gapInstances, to: "instance")
        try gaps.write(r.gaps, to: "gap_m")
        try gaps.setAttribute("units", on: "gap_m", "m")
        let errors = try group.createGroup("errors")
        try errors.write(r.errorInstances, to: "instance")
        try errors.write(r.errors, to: "error_m")
        try errors.setAttribute("units", on: "error_m", "m")
        try group.createGroup("instances").writeRows(r.instances)
        try group.createGroup("detect_every_n").writeRows(r.detectEveryN)
        try group.createGroup("recorded_track_ids").writeRows(r.recordedIDs)
        try group.createGroup("tracking_3d").writeRows(r.tracking3D)
        try group.createGroup("gap_intervals").writeIntervals(r.gapIntervals)
        try group.write(r.duplicatedObjects, to: "duplicated_objects")
        try group.write(r.neverAnchored, to: "never_anchored")
        try group.setAttribute("unflags", r.unflags)
        try group.createGroup("absence_flags").writeRows(r.absenceFlags)
        try group.createGroup("removals").writeRows(r.removals)
        try group.createGroup("lock_on").writeRows(r.lockOn)
        try group.createGroup("policy_instances").writeRows(r.policyInstances)
        try group.createGroup("policy_errors").writeRows(r.policyErrors)
    }

    /// Reads the results back from `path` (everything the report shows).
    public static func read(_ path: String) throws -> RunResults {
        let root = try SchemaGroup.open(path, layout: ResultsSchema.run)
        let bootstrap = try ResultProvenance.bootstrap(of: root)
        let group = try root.openGroup("recordings")
        let recordings = try group.placeholderGroupNames().map { try read(name: $0, from: group.openGroup($0)) }
        let gates = try root.openGroup("gates")
        let metrics = try gates.strings("metric"), ops = try gates.strings("op")
        let thresholds = try gates.doubles("threshold"), values = try gates.doubles("value")
        let lowers = try gates.doubles("lower"), uppers = try gates.doubles("upper"), bounds = try gates.strings("bound")
        let successes = try gates.int64s("successes"), events = try gates.int64s("events"), units = try gates.strings("event_unit")
        let verdicts = try gates.strings("verdict")
        let lengths = [metrics.count, ops.count, thresholds.count, values.count, lowers.count, uppers.count, bounds.count,
                       successes.count, events.count, units.count, verdicts.count]
        guard Set(lengths).count == 1 else {
            throw ResultsLayoutError(file: path, object: "/gates", message: "columns have unequal lengths \(lengths)")
        }
        let outcomes = try metrics.indices.map { k in
            guard let metric = GateMetric(rawValue: metrics[k]), let op = GateComparison(rawValue: ops[k]),
                  let bound = GateBound(rawValue: bounds[k]), let verdict = GateVerdict(rawValue: verdicts[k]) else {
                throw ResultsLayoutError(file: path, object: "/gates",
                                         message: "row \(k): unknown gate \(metrics[k]) \(ops[k]) \(bounds[k]) \(verdicts[k])")
            }
            return GateOutcome(gate: Gate(metric: metric, op: op, value: thresholds[k], bound: bound),
                               interval: IntervalEstimate(estimate: values[k], lower: lowers[k], upper: uppers[k]),
                               successes: successes[k], events: events[k], eventUnit: units[k], verdict: verdict)
        }
        return RunResults(
            protocolName: try root.attributeString("protocol_name"), protocolSHA256: try root.attributeString("protocol_sha256"),
            toolVersion: try root.attributeString("tool_version"), bootstrap: bootstrap, recordings: recordings,
            pooledGaps: try root.openGroup("pooled").openGroup("gap_intervals").readIntervals(), gates: outcomes,
            minimumEvents: Int(try root.attributeInt64("minimum_events")),
            recordingIntervals: try root.openGroup("pooled").openGroup("recording_intervals").readRows(FigureInterval.self),
            runsDiffer: try readRunsDiffer(root.openGroup("pooled").openGroup("runs_differ")),
            fusion: try FusionResultsFile.readIfPresent(root.group),
            runReport: try root.group.attributeNames().contains("run_report") ? root.attributeString("run_report") : nil)
    }

    private static func readRunsDiffer(_ group: SchemaGroup) throws -> RunsDifferTest {
        RunsDifferTest(
            statistic: try group.attributeDouble("statistic"), pValue: try group.attributeDouble("p_value"),
            groups: Int(try group.attributeInt64("groups")), instances: Int(try group.attributeInt64("instances")))
    }

    private static func read(name: String, from group: SchemaGroup) throws -> RecordingResults {
        let gaps = try group.openGroup("gaps"), errors = try group.openGroup("errors"), data = try group.openGroup("data")
        let meta = Dictionary(zip(try data.strings("key"), try data.strings("value")), uniquingKeysWith: { first, _ in first })
        return RecordingResults(
            name: name, path: try group.attributeString("path"), sha256: try group.attributeString("sha256"),
            data: RecordingData(meta: meta),
            observationCount: try group.attributeInt64("observation_count"),
            gaps: try gaps.doubles("gap_m"), gapInstances: try gaps.int64s("instance"),
            errors: try errors.doubles("error_m"), errorInstances: try errors.int64s("instance"),
            instances: try group.openGroup("instances").readRows(InstanceRow.self),
            detectEveryN: try group.openGroup("detect_every_n").readRows(TrackingRow.self),
            recordedIDs: try group.openGroup("recorded_track_ids").readRows(TrackingRow.self),
            tracking3D: try group.openGroup("tracking_3d").readRows(Tracking3DRow.self),
            duplicatedObjects: try group.int64s("duplicated_objects"),
            neverAnchored: try group.int64s("never_anchored"),
            duplication: try group.attributeInt64("duplication"),
            gapIntervals: try group.openGroup("gap_intervals").readIntervals(),
            absenceFlags: try group.openGroup("absence_flags").readRows(AbsenceFlagRow.self),
            removals: try group.openGroup("removals").readRows(RemovalRow.self),
            unflags: try group.attributeInt64("unflags"),
            lockOn: try group.openGroup("lock_on").readRows(LockOnRow.self),
            policyInstances: try group.openGroup("policy_instances").readRows(PolicyInstanceRow.self),
            policyErrors: try group.openGroup("policy_errors").readRows(PolicyErrorRow.self))
    }
}

extension RunResultsFile {
    /// The run results of `path`, as an ``InputError`` when missing or unreadable.
    public static func load(_ path: String) throws -> RunResults {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "does not exist") }
        do {
            return try RunResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as run results (results.h5 of `spatial-eval run`): \(error)")
        }
    }
}
