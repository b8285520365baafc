import Foundation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("Run results: absence, lock-on and the runs-differ test")
struct RunOutcomesTests {
    /// A protocol over copies of twins-moved and absence.
    static func twoRecordingProtocol(
        in folder: TemporaryDirectory, gates: String = "", replay: String = "{}", extra: String = ""
    ) throws -> String {
        for name in ["twins-moved", "absence"] {
            try FileManager.default.copyItem(
                atPath: RunReportTests.repository + "/Data/recordings/\(name).sqlite", toPath: folder.file("\(name).sqlite"))
        }
        return try folder.write("""
            {"name": "two", "recordings": ["twins-moved.sqlite", "absence.sqlite"], "replay": \(replay),
             "bootstrap": {"replicates": 100, "seed": 3}, "gates": [\(gates)]\(extra)}
            """, to: "two.json")
    }

    @Test("results.h5 reads back to exactly what the run computed, outcome rows included")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        // One absent sample and no range gate make the sweep flag on the bundled recordings, so
        // the round trip carries flag rows (the shipped rules flag little on five short captures).
        let loaded = try ProtocolLoader.load(try Self.twoRecordingProtocol(
            in: folder, replay: #"{"absence": {"absentSamples": 1, "minRange": 10, "maxRange": 10}}"#))
        let computed = try RunEvaluation.run(loaded)
        try RunResultsFile.write(computed, loaded: loaded, to: folder.file("results.h5"))
        let read = try RunResultsFile.read(folder.file("results.h5"))
        // Field by field, NaN included (an unflagged removal has a NaN latency, and NaN ≠ NaN).
        #expect(read == computed || String(describing: read) == String(describing: computed))
        let twins = try #require(computed.recordings.first { $0.name == "twins-moved" })
        #expect(twins.lockOn.count == 2, "one lock-on row per guidance request")
        #expect(computed.recordings.contains { !$0.absenceFlags.isEmpty } && computed.recordings.contains { !$0.removals.isEmpty },
                "the round trip carries flag and removal rows")
        #expect(computed.runsDiffer.groups == 2 && computed.runsDiffer.instances == PooledFigures.gapUnits(computed.recordings).count)
    }

    @Test("outcome gates judge pooled rates; with no minimum of events a NaN rate fails its gate")
    func outcomeGates() throws {
        let folder = try TemporaryDirectory()
        let gates = #"{"metric": "guidance.empty_arrival_rate", "op": "<=", "value": 0.5}, "#
            + #"{"metric": "absence.missed_removal_rate", "op": "<=", "value": 1}, "#
            + #"{"metric": "lockon.wrong_target_rate", "op": "<=", "value": 1}"#
        let loaded = try ProtocolLoader.load(try Self.twoRecordingProtocol(in: folder, gates: gates, extra: #", "minimum_events": 0"#))
        let results = try RunEvaluation.run(loaded)
        let counts = OutcomeCounts(results.recordings)
        let emptyArrivalRate = Double(counts.emptyArrivals) / Double(counts.arrivals)
        #expect(results.gates[0].value == emptyArrivalRate || (results.gates[0].value.isNaN && emptyArrivalRate.isNaN))
        #expect(results.gates[0].passed == (results.gates[0].value <= 0.5))
        #expect(results.gates[1].passed)
        // The wrong-target rate is undefined (NaN, failing its gate) exactly when no request locked.
        let locked = counts.correctLocks + counts.wrongTarget
        #expect(results.gates[2].value.isNaN == (locked == 0))
        #expect(results.gates[2].passed == (locked > 0 && results.gates[2].value <= 1))
    }

    @Test("h5py reads the outcome tables as plain columns", .enabled(if: ReferencePython.isAvailable, "needs h5py"))
    func h5pyReadsOutcomes() throws {
        let folder = try TemporaryDirectory()
        let loaded = try ProtocolLoader.load(try Self.twoRecordingProtocol(in: folder))
        let results = try RunEvaluation.run(loaded)
        try RunResultsFile.write(results, loaded: loaded, to: folder.file("results.h5"))
        let script = """
            import sys, json, h5py
            f = h5py.File(sys.argv[1], "r")
            out = {}
            for name in f["recordings"]:
                g = f["recordings"][name]
                out[name] = {"verdicts": [v.decode() if isinstance(v, bytes) else v for v in g["absence_flags/verdict"][()]],
                             "flag_times": [float(t) for t in g["absence_flags/time_s"][()]],
                             "lock_verdicts": [v.decode() if isinstance(v, bytes) else v for v in g["lock_on/verdict"][()]],
                             "latency": [None if t != t else float(t) for t in g["removals/latency_s"][()]]}
            out["p"] = float(f["pooled/runs_differ"].attrs["p_value"])
            json.dump(out, sys.stdout)
            """
        let data = try ReferencePython.run(script, arguments: [folder.file("results.h5")])
        let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for recording in results.recordings {
            let group = try #require(read[recording.name] as? [String: Any])
            #expect(group["verdicts"] as? [String] == recording.absenceFlags.map(\.verdict.rawValue))
            #expect(group["flag_times"] as? [Double] == recording.absenceFlags.map(\.time))
            #expect(group["lock_verdicts"] as? [String] == recording.lockOn.map(\.verdict.rawValue))
            // A missed removal has no latency: NaN in the file, null in the JSON.
            let latencies = try #require(group["latency"] as? [Any]).map { $0 as? Double }
            #expect(latencies.count == recording.removals.count)
            #expect(zip(latencies, recording.removals).allSatisfy { read, removal in
                read.map { $0 == removal.latency } ?? removal.latency.isNaN })
        }
        #expect((read["p"] as? Double).map { abs($0 - results.runsDiffer.pValue) < 1e-15 } ?? results.runsDiffer.pValue.isNaN)
    }
}
