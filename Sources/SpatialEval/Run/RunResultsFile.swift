import Foundation
import ResultStore

/// Writes and reads the main job's `results.h5` (layout `run/1`, `Docs/protocols.md`):
///
/// - root attributes: `tool`, `tool_version`, `git_commit` (when known), `created_utc`,
///   `layout`, `protocol_name`, `protocol_path`, `protocol_text`, `protocol_sha256`,
///   `replay_configuration` (effective, JSON), `bootstrap_replicates`, `bootstrap_seed`,
///   `bootstrap_confidence`, `bootstrap_method`;
/// - `/provenance`: `path` and `sha256` of every input (the protocol first);
/// - `/recordings/<name>`: attributes `path`, `sha256`, `observation_count`, `duplication`;
///   tables `gaps` (`instance`, `gap_m`), `errors` (`instance`, `error_m`), `instances`,
///   `detect_every_n`, `recorded_track_ids`, `tracking_3d`, `gap_intervals`; datasets
///   `duplicated_objects`, `never_anchored`; attribute `unflags`; tables `absence_flags`
///   (`instance`, `object`, `frame`, `time_s`, `verdict`), `removals` (`object`, `time_s`,
///   `moved`, `latency_s`), `lock_on` (`request`, `object`, `instance`, `verdict`, `locks`,
///   `arrivals_at_object`, `arrivals_without_object`);
/// - `/pooled/gap_intervals`; `/pooled/runs_differ` (attributes `test`, `statistic`,
///   `p_value`, `groups`, `instances`); `/gates` (`metric`, `op`, `threshold`, `value`, `passed`);
/// - `/fusion`, when the protocol has a `fusion` section (``FusionResultsFile``).
///
/// The file appears under its final name only once complete (``ResultFile/commit()``).
public enum RunResultsFile {
    /// The layout tag written to and required from the root.
    public static let layout = "run/1"

    /// Writes `results` with the provenance of `loaded` to `path`.
    public static func write(_ results: RunResults, loaded: ProtocolLoader.Loaded, to path: String) throws {
        let file = try ResultFile.create(atPath: path)
        let root = file.root
        try ResultProvenance.write(on: root, layout: layout, toolVersion: results.toolVersion, loaded: loaded,
                                   protocolSHA256: results.protocolSHA256,
                                   recordingSHA256s: loaded.evaluationProtocol.recordings.map { given in
                                       results.recordings.first { $0.path == given }?.sha256 ?? ""
                                   }, bootstrap: results.bootstrap)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try root.setAttribute("replay_configuration", String(decoding: try encoder.encode(loaded.evaluationProtocol.replay), as: UTF8.self))
        let recordings = try root.createGroup("recordings")
        for recording in results.recordings { try write(recording, into: recordings.createGroup(recording.name)) }
        let pooled = try root.createGroup("pooled")
        try pooled.createGroup("gap_intervals").writeIntervals(results.pooledGaps)
        let differ = try pooled.createGroup("runs_differ")
        try differ.setAttribute("test", "Kruskal-Wallis H on per-instance median gaps, recordings as groups")
        try differ.setAttribute("statistic", results.runsDiffer.statistic)
        try differ.setAttribute("p_value", results.runsDiffer.pValue)
        try differ.setAttribute("groups", Int64(results.runsDiffer.groups))
        try differ.setAttribute("instances", Int64(results.runsDiffer.instances))
        let gates = try root.createGroup("gates")
        try gates.write(results.gates.map(\.gate.metric.rawValue), to: "metric")
        try gates.write(results.gates.map(\.gate.op.rawValue), to: "op")
        try gates.write(results.gates.map(\.gate.value), to: "threshold")
        try gates.write(results.gates.map(\.value), to: "value")
        try gates.write(results.gates.map { $0.passed ? Int64(1) : 0 }, to: "passed")
        if let fusion = results.fusion { try FusionResultsFile.write(fusion, into: root.createGroup("fusion")) }
        try file.commit()
    }

    private static func write(_ r: RecordingResults, into group: ResultGroup) throws {
        try group.setAttribute("path", r.path)
        try group.setAttribute("sha256", r.sha256)
        try group.setAttribute("observation_count", r.observationCount)
        try group.setAttribute("duplication", r.duplication)
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
    }

    /// Reads the results back from `path` (everything the report shows).
    public static func read(_ path: String) throws -> RunResults {
        let file = try ResultFile.open(atPath: path)
        let root = file.root
        guard (try? root.attributeString("layout")) == layout else {
            throw ResultsLayoutError(message: "\(path) is not a run results file (layout \(layout))")
        }
        let bootstrap = try ResultProvenance.bootstrap(of: root)
        let group = try root.openGroup("recordings")
        let recordings = try group.memberNames().map { try read(name: $0, from: group.openGroup($0)) }
        let gates = try root.openGroup("gates")
        let metrics = try gates.readStrings("metric"), ops = try gates.readStrings("op")
        let thresholds = try gates.readDoubles("threshold").values, values = try gates.readDoubles("value").values
        let passed = try gates.readInt64s("passed").values
        let outcomes = try metrics.indices.map { k in
            guard let metric = GateMetric(rawValue: metrics[k]), let op = GateComparison(rawValue: ops[k]) else {
                throw ResultsLayoutError(message: "unknown gate \(metrics[k]) \(ops[k])")
            }
            return GateOutcome(gate: Gate(metric: metric, op: op, value: thresholds[k]), value: values[k], passed: passed[k] != 0)
        }
        return RunResults(
            protocolName: try root.attributeString("protocol_name"), protocolSHA256: try root.attributeString("protocol_sha256"),
            toolVersion: try root.attributeString("tool_version"), bootstrap: bootstrap, recordings: recordings,
            pooledGaps: try root.openGroup("pooled").openGroup("gap_intervals").readIntervals(), gates: outcomes,
            runsDiffer: try readRunsDiffer(root.openGroup("pooled").openGroup("runs_differ")),
            fusion: try FusionResultsFile.readIfPresent(root))
    }

    private static func readRunsDiffer(_ group: ResultGroup) throws -> RunsDifferTest {
        RunsDifferTest(
            statistic: try group.attributeDouble("statistic"), pValue: try group.attributeDouble("p_value"),
            groups: Int(try group.attributeInt64("groups")), instances: Int(try group.attributeInt64("instances")))
    }

    private static func read(name: String, from group: ResultGroup) throws -> RecordingResults {
        let gaps = try group.openGroup("gaps"), errors = try group.openGroup("errors")
        return RecordingResults(
            name: name, path: try group.attributeString("path"), sha256: try group.attributeString("sha256"),
            observationCount: try group.attributeInt64("observation_count"),
            gaps: try gaps.readDoubles("gap_m").values, gapInstances: try gaps.readInt64s("instance").values,
            errors: try errors.readDoubles("error_m").values, errorInstances: try errors.readInt64s("instance").values,
            instances: try group.openGroup("instances").readRows(InstanceRow.self),
            detectEveryN: try group.openGroup("detect_every_n").readRows(TrackingRow.self),
            recordedIDs: try group.openGroup("recorded_track_ids").readRows(TrackingRow.self),
            tracking3D: try group.openGroup("tracking_3d").readRows(Tracking3DRow.self),
            duplicatedObjects: try group.readInt64s("duplicated_objects").values,
            neverAnchored: try group.readInt64s("never_anchored").values,
            duplication: try group.attributeInt64("duplication"),
            gapIntervals: try group.openGroup("gap_intervals").readIntervals(),
            absenceFlags: try group.openGroup("absence_flags").readRows(AbsenceFlagRow.self),
            removals: try group.openGroup("removals").readRows(RemovalRow.self),
            unflags: try group.attributeInt64("unflags"),
            lockOn: try group.openGroup("lock_on").readRows(LockOnRow.self))
    }
}
