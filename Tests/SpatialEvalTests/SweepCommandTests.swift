import Foundation
import FoundationXML
import Recording
import ResultStore
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Sweeps
import TestSupport
import Testing

@Suite("Sweep command")
struct SweepCommandTests {
    /// A protocol over copies of two bundled recordings with a small merge sweep and
    /// detect-every-N, or with `sweeps` replaced.
    static func makeProtocol(in folder: TemporaryDirectory, sweeps: String? = nil, verdict: String = #"{"widenings": 0}"#) throws -> String {
        for name in ["twins-moved", "walkaway-reapproach"] {
            try FileManager.default.copyItem(atPath: RunReportTests.repository + "/Data/recordings/\(name).sqlite",
                                             toPath: folder.file("\(name).sqlite"))
        }
        let defaultSweeps = """
            [{"name": "merge", "axes": [{"key": "anchors.farCosine", "from": 0.8, "to": 0.98, "count": 4},
                                        {"key": "anchors.nearRadius", "values": [0.02, 0.35, 0.5]}],
              "objective": {"optimise": "duplicates", "caps": [{"metric": "false_merge_rate", "max": 0.01}],
                            "pareto": ["false_merge_rate", "duplicates"]}},
             {"name": "cadence", "axes": [{"key": "tracker.detectEvery", "values": [1, 3]}],
              "objective": {"optimise": "idf1", "pareto": ["detector_calls", "idf1"]}},
             {"name": "lhs", "axes": [{"key": "anchors.stepClamp", "from": 0.05, "to": 0.5}, {"key": "absence.rangePerSize", "from": 5, "to": 30},
                                      {"key": "guidance.lockOnRadius", "from": 0.2, "to": 1.0}],
              "sampling": "latin-hypercube", "samples": 6, "seed": 2,
              "objective": {"optimise": "anchor_error_mean_m", "pareto": ["anchor_error_mean_m", "false_missing_rate"]}}]
            """
        return try folder.write("""
            {"name": "tiny-sweep", "recordings": ["twins-moved.sqlite", "walkaway-reapproach.sqlite"],
             "bootstrap": {"replicates": 100, "seed": 3, "method": "percentile"}, "verdict": \(verdict), "sweeps": \(sweeps ?? defaultSweeps)}
            """, to: "tiny.json")
    }

    @Test("a sweep writes sweep.h5 with N-D cubes and the report, and the report re-renders from sweep.h5 alone")
    func endToEnd() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.makeProtocol(in: folder)
        let out = folder.file("out")
        let (status, output) = runTool(["sweep", path, "--out", out, "--batch", "5"])
        #expect(status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("merge  anchors.farCosine  0.920 → "))
        #expect(output.standardOutput.contains("cadence  tracker.detectEvery  1.000 → "))
        let entries = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(entries.contains("sweep.h5") && entries.contains("report.md") && entries.contains("report.html"))
        #expect(!entries.contains { $0.hasSuffix(".checkpoint") }, "checkpoints are removed once sweep.h5 is complete")

        let file = try ResultFile.open(atPath: out + "/sweep.h5")
        let merge = try file.root.openGroup("sweeps").openGroup("merge")
        #expect(try merge.openGroup("metrics").openGroup("pooled").readDoubles("duplicates").shape == [4, 3])
        #expect(try merge.openGroup("metrics").memberNames() == ["pooled"], "sweep/2 stores no per-recording cubes")
        #expect(try file.root.openGroup("metric_formulas").readStrings("metric") == SweepMetric.allCases.map(\.rawValue))
        #expect(try merge.openGroup("axes").readDoubles("anchors.nearRadius").values == [0.02, 0.35, 0.5])
        #expect(try merge.readDoubles("components").shape == [4, 3, 2, SweepComponent.allCases.count])
        let lhs = try file.root.openGroup("sweeps").openGroup("lhs")
        #expect(try lhs.readDoubles("points").shape == [6, 3], "sampled: one row per point")
        #expect(try lhs.openGroup("metrics").openGroup("pooled").readDoubles("anchor_error_mean_m").shape == [6])
        #expect(output.standardOutput.contains("lhs  guidance.lockOnRadius  0.350 → "))

        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(markdown.contains("| sweep | key | shipped | recommended [95% interval]"))
        #expect(markdown.contains("## Twin cross-cosine evidence"))
        let heatmap = try String(contentsOfFile: out + "/merge-heatmap-duplicates.svg", encoding: .utf8)
        #expect(try RunReportTests.elements(heatmap, "rect", class: "cell") == 12 + 32, "12 cells and a 32-step colour bar")
        #expect(try RunReportTests.elements(heatmap, "rect", class: "chosen") == 1)
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<svg ").count - 1 == entries.filter { $0.hasSuffix(".svg") }.count, "every figure inline")

        let again = folder.file("again")
        let (rerender, rerenderOutput) = runTool(["report", out + "/sweep.h5", "--out", again])
        #expect(rerender == 0, "\(rerenderOutput.standardError)")
        #expect(try String(contentsOfFile: again + "/report.md", encoding: .utf8) == markdown)
    }

    @Test("a sweep killed after its first batch of recordings resumes from the checkpoint to the same cubes")
    func killedSweepResumes() throws {
        let folder = try TemporaryDirectory()
        let loaded = try ProtocolLoader.load(try Self.makeProtocol(in: folder))
        let straight = try #require(try SweepJob.run(loaded, folder: folder.file("a"), batchSize: 1))

        let out = folder.file("b")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(try SweepJob.run(loaded, folder: out, batchSize: 1, stopAfterBatches: 1) == nil)
        let checkpoint = SweepJob.checkpointPath(out, sweep: "merge")
        #expect(FileManager.default.fileExists(atPath: checkpoint))
        #expect(!FileManager.default.fileExists(atPath: out + "/sweep.h5"), "no partial results file")
        var messages: [String] = []
        let resumed = try #require(try SweepJob.run(loaded, folder: out, batchSize: 1, message: { messages.append($0) }))
        #expect(messages.contains("sweep merge: resumed with 1 of 2 recordings done"))
        #expect(resumed.sweeps[0].resumed == 12, "the round's points came partly from the checkpoint")
        #expect(resumed.cosinePairs == straight.cosinePairs && resumed.dataSource == straight.dataSource)
        #expect(resumed.sweeps.map(\.outcome) == straight.sweeps.map(\.outcome))
        #expect(resumed.sweeps.map(\.shipped) == straight.sweeps.map(\.shipped))
        let merge = straight.sweeps[0].outcome.pooled().map(SweepMetric.duplicates.value)
        #expect(Set(merge).count > 1, "the swept keys must change the duplicates, or this test proves nothing")
    }

    @Test("a recording changed between two passes of a sweep is an error naming it, not a sweep over two versions of it")
    func changedRecordingMidSweep() throws {
        let folder = try TemporaryDirectory()
        let loaded = try ProtocolLoader.load(try Self.makeProtocol(in: folder))
        let changed = folder.file("twins-moved.sqlite")
        var error: InputError?
        do {
            _ = try SweepJob.run(loaded, folder: folder.file("out"), message: { line in
                // The first sweep is done; the second sweep's pass reads the recordings again.
                guard line.hasPrefix("sweep merge: done") else { return }
                try? FileManager.default.removeItem(atPath: changed)
                try? FileManager.default.copyItem(atPath: RunReportTests.repository + "/Data/recordings/absence.sqlite", toPath: changed)
            })
        } catch let thrown as InputError {
            error = thrown
        }
        #expect(error?.file == changed && error?.message.contains("changed while the sweep ran") == true, "\(String(describing: error))")
    }

    @Test("bad sweep definitions fail at load time naming the key path, exit 1")
    func badDefinitions() throws {
        let cases: [(String, String)] = [
            (#"[{"name": "m", "axes": [{"key": "anchors.noSuch", "values": [1]}], "objective": {"optimise": "duplicates", "pareto": ["duplicates", "instances"]}}]"#,
             "sweeps[0].axes[0].key"),
            (#"[{"name": "m", "axes": [{"key": "anchors.farCosine", "values": [1]}], "objective": {"optimise": "nonsense", "pareto": ["duplicates", "instances"]}}]"#,
             "sweeps[0].objective.optimise"),
            (#"[{"name": "m", "axes": [{"key": "anchors.farCosine", "values": [1]}], "sampling": "latin-hypercube", "samples": 5, "objective": {"optimise": "duplicates", "pareto": ["duplicates", "instances"]}}]"#,
             "sweeps[0].axes"),
            (#"[{"name": "m", "axes": [{"key": "anchors.farCosine", "values": [1]}], "extra": 1, "objective": {"optimise": "duplicates", "pareto": ["duplicates", "instances"]}}]"#,
             "sweeps[0].extra"),
            (#"[{"name": "m", "axes": [{"key": "anchors.farCosine", "values": [1]}], "objective": {"optimise": "duplicates", "practical": -1, "pareto": ["duplicates", "instances"]}}]"#,
             "sweeps[0].objective.practical"),
        ]
        for (sweeps, keyPath) in cases {
            let folder = try TemporaryDirectory()
            let path = try Self.makeProtocol(in: folder, sweeps: sweeps)
            let (status, output) = runTool(["sweep", path, "--out", folder.file("out")])
            #expect(status == 1)
            #expect(output.standardError.contains("\(path): key '\(keyPath)'"), "\(output.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("out/sweep.h5")))
        }
        let folder = try TemporaryDirectory()
        let path = try Self.makeProtocol(in: folder, sweeps: "[]")
        #expect(runTool(["sweep", path, "--out", folder.file("out")]).status == 1)
        #expect(runTool(["sweep"]).status == 64)
    }

    @Test("bad verdict thresholds fail at load time, exit 1")
    func badVerdictRules() throws {
        for (verdict, needle) in [(#"{"widenings": 11}"#, "widenings must lie in 0...10"), (#"{"stabilityFloor": 2}"#, "stabilityFloor"),
                                  (#"{"extra": 1}"#, "verdict.extra")] {
            let folder = try TemporaryDirectory()
            let path = try Self.makeProtocol(in: folder, verdict: verdict)
            let (status, output) = runTool(["sweep", path, "--out", folder.file("out")])
            #expect(status == 1)
            #expect(output.standardError.contains(path) && output.standardError.contains(needle), "\(output.standardError)")
        }
    }

    @Test("a recommendation on an open edge widens the grid; only the new points run; sweep.h5 keeps both spaces")
    func openEdgeWidens() throws {
        let sweeps = #"[{"name": "edge", "axes": [{"key": "anchors.farCosine", "values": [0.9, 0.95]}], "objective": {"optimise": "duplicates", "pareto": ["false_merge_rate", "duplicates"]}}]"#
        let folder = try TemporaryDirectory()
        let fixed = try #require(try SweepJob.run(ProtocolLoader.load(try Self.makeProtocol(in: folder, sweeps: sweeps)), folder: folder.file("a")))
        let wide = try TemporaryDirectory()
        let loaded = try ProtocolLoader.load(try Self.makeProtocol(in: wide, sweeps: sweeps, verdict: #"{"widenings": 1, "widenSteps": 2}"#))
        var messages: [String] = []
        let widened = try #require(try SweepJob.run(loaded, folder: wide.file("b"), message: { messages.append($0) }))
        let sweep = widened.sweeps[0]
        #expect(sweep.widenings == 1 && sweep.definition.space.axes[0].values == [0.9, 0.95])
        let values = sweep.space.axes[0].values
        #expect(values.count >= 4 && values.contains(0.9) && values.contains(0.95) && values.first! < 0.9, "\(values)")
        #expect(messages.contains { $0.contains("widening round 1") })
        for (old, value) in [0.9, 0.95].enumerated() {
            #expect(sweep.outcome.components[values.firstIndex(of: value)!] == fixed.sweeps[0].outcome.components[old], "the first round's points carried over")
        }
        let h5 = wide.file("sweep.h5")
        try SweepResultsFile.write(widened, loaded: loaded, to: h5)
        let read = try SweepResultsFile.read(h5)
        #expect(read.sweeps[0].space == sweep.space && read.sweeps[0].widenings == 1 && read.sweeps[0].definition == sweep.definition)
        #expect(read.verdictRules == loaded.evaluationProtocol.verdict)
        let verdicts = try ResultFile.open(atPath: h5).root.openGroup("sweeps").openGroup("edge").openGroup("recommendation").readStrings("verdict")
        #expect(verdicts.count == 1 && !verdicts[0].isEmpty)
        let (status, output) = runTool(["capture-plan", h5])
        #expect(status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("Capture plan for tiny-sweep. Data: ") && output.standardOutput.contains("edge · anchors.farCosine"))
        #expect(runTool(["capture-plan", folder.file("tiny.json")]).status == 1, "not a sweep results file")
    }

    @Test("a sweep read back from its file takes the recommendation it was written with only when its inputs are the same to the bit")
    func readBackAdoptsTheRecommendationOfIdenticalInputs() throws {
        let folder = try TemporaryDirectory()
        let loaded = try ProtocolLoader.load(try Self.makeProtocol(in: folder))
        let results = try #require(try SweepJob.run(loaded, folder: folder.file("a")))
        let h5 = folder.file("sweep.h5")
        try SweepResultsFile.write(results, loaded: loaded, to: h5)
        let bootstrap = results.bootstrap
        // A stand-in that no computation from the stored inputs gives (the computed recommendation
        // with one more infeasible resample; another resampling seed can give the same choice on
        // two recordings): seeing it after the adoption shows the adoption, not a recomputation.
        var source = results
        for k in source.sweeps.indices {
            var standIn = try results.sweeps[k].recommendation(bootstrap)
            standIn.infeasibleResamples += 1
            source.sweeps[k].remember(standIn, for: bootstrap)
        }
        let computed = try SweepResultsFile.read(h5).sweeps.map { try $0.recommendation(bootstrap) }
        #expect(computed != source.sweeps.map { try! $0.recommendation(bootstrap) }, "the stand-in must differ from the computed recommendation")

        var same = try SweepResultsFile.read(h5)
        same.adoptRecommendations(from: source)
        #expect(try same.sweeps.map { try $0.recommendation(bootstrap) } == source.sweeps.map { try $0.recommendation(bootstrap) })

        // One component one ulp away, a different objective, or other bootstrap settings:
        // nothing is adopted, and the recommendation is the one the stored inputs give.
        var nudged = try SweepResultsFile.read(h5)
        nudged.sweeps[0].outcome.components[0][0][0] = nudged.sweeps[0].outcome.components[0][0][0].nextUp
        nudged.adoptRecommendations(from: source)
        #expect(try nudged.sweeps[0].recommendation(bootstrap) != source.sweeps[0].recommendation(bootstrap))
        #expect(try nudged.sweeps[1].recommendation(bootstrap) == source.sweeps[1].recommendation(bootstrap), "the other sweeps still adopt")
        var other = try SweepResultsFile.read(h5)
        other.sweeps[0].definition.objective = results.sweeps[1].definition.objective
        other.adoptRecommendations(from: source)
        #expect(try other.sweeps[0].recommendation(bootstrap) != source.sweeps[0].recommendation(bootstrap))
        var reseeded = try SweepResultsFile.read(h5)
        reseeded.bootstrap.seed &+= 1
        reseeded.adoptRecommendations(from: source)
        #expect(try reseeded.sweeps.map { try $0.recommendation(bootstrap) } == computed)
    }

    @Test("sweep.h5 reads in h5py: axes as 1-D datasets, cubes shaped by the axes",
          .enabled(if: ReferencePython.isAvailable, "needs the reference Python (h5py)"))
    func h5pyReadsTheCubes() throws {
        let folder = try TemporaryDirectory()
        let out = folder.file("out")
        #expect(runTool(["sweep", try Self.makeProtocol(in: folder), "--out", out]).status == 0)
        let script = """
            import h5py, json, sys
            f = h5py.File(sys.argv[1], "r")
            g = f["sweeps/merge"]
            keys = [k.decode() for k in g["axis_keys"][()]]
            print(json.dumps({"keys": keys, "axes": [len(g["axes"][k]) for k in keys],
                              "cube": list(g["metrics/pooled/duplicates"].shape), "layout": f.attrs["layout"]}))
            """
        let reply = try JSONSerialization.jsonObject(with: try ReferencePython.run(script, arguments: [out + "/sweep.h5"])) as! [String: Any]
        #expect(reply["keys"] as? [String] == ["anchors.farCosine", "anchors.nearRadius"])
        #expect(reply["axes"] as? [Int] == [4, 3])
        #expect(reply["cube"] as? [Int] == [4, 3])
        #expect(reply["layout"] as? String == "sweep/2")
    }
}
