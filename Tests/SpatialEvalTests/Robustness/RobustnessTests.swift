import CSQLite
import Evaluation
import Foundation
import Recording
import Replay
import ResultStore
import Simulation
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import Sweeps
import TestSupport
import Testing

/// Issue 13, part A: one case per class of bad input, each built at test time from the
/// bundled data (Data/recordings, Data/mot-sample) and run through the command-line tool in
/// process. Each asserts the exit status (1 bad input, 64 usage) and that the message names
/// the file, or that the input is accepted where acceptance is right. The table of classes,
/// bounds and tests is Docs/robustness.md.
@Suite("Robustness")
struct RobustnessTests {
    static let repository = RunReportTests.repository
    static let twins = repository + "/Data/recordings/twins-moved.sqlite"
    static let motGT = repository + "/Data/mot-sample/gt/SYN-300x8/gt/gt.txt"
    static let motTracker = repository + "/Data/mot-sample/tracker/SYN-300x8.txt"

    /// Runs the tool and checks the status and that standard error names `file`.
    @discardableResult
    func expectRejected(_ arguments: [String], status: Int32, naming file: String, containing words: [String] = []) -> String {
        let result = runTool(arguments)
        let message = result.output.standardError
        #expect(result.status == status, "\(arguments): \(message)")
        #expect(message.contains(file), "message does not name \(file): \(message)")
        for word in words { #expect(message.contains(word), "message lacks '\(word)': \(message)") }
        return message
    }

    /// A copy of the bundled twins-moved recording with `change` applied, written to `folder`.
    func recording(in folder: TemporaryDirectory, _ name: String, _ change: (inout Recording) -> Void) throws -> String {
        var recording = try RecordingStore.read(from: Self.twins)
        change(&recording)
        let path = folder.file(name)
        try RecordingStore.write(recording, to: path)
        return path
    }

    /// A copy of the bundled recording changed by SQL statements (what `RecordingStore.write` refuses to write).
    func editedRecording(in folder: TemporaryDirectory, _ name: String, sql: String) throws -> String {
        let path = folder.file(name)
        try FileManager.default.copyItem(atPath: Self.twins, toPath: path)
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
        return path
    }

    /// A protocol over the bundled twins-moved recording with `extra` JSON members.
    func protocolFile(in folder: TemporaryDirectory, _ extra: String, name: String = "p.json") throws -> String {
        try folder.write(#"{"name": "robust", "recordings": ["\#(Self.twins)"], \#(extra) "gates": []}"#, to: name)
    }

    // MARK: - Counts read from input are bounded before allocation or loops

    @Test("counts: frame numbers, seqLength, --seq-length, replicates, --resamples, sweep count, duration, /dev/zero")
    func boundedCounts() throws {
        let folder = try TemporaryDirectory()
        let gt = try folder.write(try String(contentsOfFile: Self.motGT, encoding: .utf8) + "2000000000,1,10,10,5,5,1,1,1\n", to: "gt.txt")
        expectRejected(["score-mot", "--gt", gt, "--hyp", Self.motTracker], status: 1, naming: gt, containing: ["out of range"])
        expectRejected(["score-mot", "--gt", Self.motGT, "--hyp", Self.motTracker, "--seq-length", "1000000000000"], status: 64, naming: "--seq-length")
        let bench = try folder.write("[Sequence]\nname=S\nseqLength=1000000000000\n", to: "bench/S/seqinfo.ini")
        _ = try folder.write(try String(contentsOfFile: Self.motGT, encoding: .utf8), to: "bench/S/gt/gt.txt")
        _ = try folder.write(try String(contentsOfFile: Self.motTracker, encoding: .utf8), to: "tracker/S.txt")
        expectRejected(["score-mot", "--benchmark", folder.file("bench"), "--tracker", folder.file("tracker")], status: 1, naming: bench,
                       containing: ["seqLength"])
        let replicates = try protocolFile(in: folder, #""bootstrap": {"replicates": 1000000000000},"#, name: "replicates.json")
        expectRejected(["run", replicates, "--out", folder.file("out")], status: 1, naming: replicates, containing: ["bootstrap.replicates"])
        expectRejected(["paired-test", "--pairs", gt, "--resamples", "1000000000000"], status: 64, naming: "--resamples")
        let sweep = try protocolFile(in: folder, #"""
            "sweeps": [{"name": "s", "axes": [{"key": "anchors.nearRadius", "from": 0.1, "to": 0.5, "count": 1000000000}],
                        "objective": {"optimise": "duplicates", "pareto": ["false_merge_rate", "duplicates"]}}],
            """#, name: "sweep.json")
        expectRejected(["sweep", sweep, "--out", folder.file("sweep")], status: 1, naming: sweep, containing: ["count"])
        expectRejected(["simulate", "--scenario", "twins-moved", "--seed", "1", "--out", folder.file("s.sqlite"), "--duration", "1000000000"],
                       status: 64, naming: "--duration")
        let fps = try folder.write(try simulatorConfiguration { $0["framesPerSecond"] = 1e9 }, to: "fps.json")
        expectRejected(["simulate", "--scenario", "twins-moved", "--seed", "1", "--out", folder.file("s.sqlite"), "--config", fps],
                       status: 1, naming: fps, containing: ["framesPerSecond"])
        expectRejected(["score-mot", "--gt", "/dev/zero", "--hyp", Self.motTracker], status: 1, naming: "/dev/zero", containing: ["not a regular file"])
        expectRejected(["ate", "--ref", "/dev/zero", "--est", "/dev/zero"], status: 1, naming: "/dev/zero", containing: ["not a regular file"])
        // The warmth and shard readers too: the trial index, finder parameters, a survival table, a plan.
        expectRejected(["warmth-replay", "/dev/zero"], status: 1, naming: "/dev/zero", containing: ["not a regular file"])
        expectRejected(["warmth-replay", Self.repository + "/Data/warmth/index.json", "--params", "/dev/zero"],
                       status: 1, naming: "/dev/zero", containing: ["not a regular file"])
        expectRejected(["warmth-stats", "/dev/zero"], status: 1, naming: "/dev/zero", containing: ["not a regular file"])
        try FileManager.default.createDirectory(atPath: folder.file("plan"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("plan/plan.json"), withDestinationPath: "/dev/zero")
        expectRejected(["shard-status", folder.file("plan")], status: 1, naming: folder.file("plan/plan.json"), containing: ["not a regular file"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("s.sqlite")))
    }

    /// The default simulator configuration as JSON, changed by `change`.
    func simulatorConfiguration(_ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(SimulationConfiguration())) as! [String: Any]
        change(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    // MARK: - Non-finite values are rejected where they enter

    @Test("non-finite: run and evaluate-recording reject what inspect rejects, with the same messages")
    func nonFiniteRecordings() throws {
        let folder = try TemporaryDirectory()
        let nan = try recording(in: folder, "nan.sqlite") { $0.frames[5].pose.rowMajor[3] = .nan }
        let huge = try recording(in: folder, "huge.sqlite") { $0.frames[5].pose.rowMajor[7] = 1e308 }
        let focal = try recording(in: folder, "focal.sqlite") { $0.frames[5].intrinsics.fx = 0; $0.frames[5].intrinsics.fy = 0 }
        for (path, words) in [(nan, ["pose has non-finite elements"]), (huge, ["pose translation"]), (focal, ["positive focal lengths"])] {
            let inspect = expectRejected(["inspect", path], status: 1, naming: path, containing: words)
            let evaluate = expectRejected(["evaluate-recording", path], status: 1, naming: path, containing: words)
            let firstProblem = inspect.split(separator: "\n").first { $0.contains(words[0]) }.map(String.init)
            #expect(firstProblem.map { evaluate.contains($0) } == true, "evaluate-recording: \(evaluate)")
            let spec = try folder.write(#"{"name": "nf", "recordings": ["\#(path)"], "gates": []}"#, to: "nf.json")
            expectRejected(["run", spec, "--out", folder.file("nf-out")], status: 1, naming: path, containing: words)
            #expect(!FileManager.default.fileExists(atPath: folder.file("nf-out/results.h5")))
        }
        // parity replays too: a logged recording with a NaN pose is refused with inspect's message.
        var logged = ReplicaDecisionLog.attach(to: try RecordingStore.read(from: Self.twins))
        logged.frames[5].pose.rowMajor[3] = .nan
        let loggedPath = folder.file("nan-logged.sqlite")
        try RecordingStore.write(logged, to: loggedPath)
        expectRejected(["parity", loggedPath], status: 1, naming: loggedPath, containing: ["pose has non-finite elements"])
    }

    @Test("non-finite: chart code never converts a non-finite number to an integer")
    func chartsTakeNonFinite() {
        #expect(NiceTicks.ticks(.nan, 1) == [0, 1])
        #expect(NiceTicks.ticks(-.infinity, .infinity) == [0, 1])
        let wide = NiceTicks.ticks(-1e308, 1e308)
        #expect(wide.count == 2 && wide[0].isFinite && wide[1].isFinite)
        #expect(ReportCharts.edges(upTo: .infinity, width: 0.025).count == 2)
        #expect(ReportCharts.edges(upTo: .nan, width: 0.025).count == 2)
        #expect(ReportCharts.edges(upTo: 1e300, width: 0.025).count == ReportCharts.maximumBins + 1)
        #expect(HeatmapChart.colour(.nan) == HeatmapChart.colour(0))
    }

    @Test("non-finite: report renders (or refuses) a results file with NaN, infinite and 1e308 values without trapping")
    func reportOfNonFiniteResults() throws {
        let folder = try TemporaryDirectory()
        let valid = try ResultsFileFixtures.runFile(in: folder)
        let edits: [String: ResultsFileFixtures.Edit] = [
            "/recordings/r/gaps/gap_m": .doubles([.nan, 1e308]), "/recordings/r/errors/error_m": .doubles([.infinity]),
            "/gates/value": .doubles([-1e308]),
        ]
        let odd = folder.file("odd.h5")
        try ResultsFileFixtures.copy(valid, to: odd, edits: edits)
        let result = runTool(["report", odd, "--out", folder.file("report")])
        #expect(result.status == 0 || result.status == 1, "\(result.output.standardError)")
        if result.status == 1 { #expect(result.output.standardError.contains(odd)) }
    }

    // MARK: - Lengths that must agree are checked when read

    @Test("lengths: a depth grid or LiDAR map blob shorter than rows × cols is refused naming the file")
    func shortBlobs() throws {
        let folder = try TemporaryDirectory()
        let grid = try editedRecording(in: folder, "grid.sqlite", sql: "UPDATE depth_grids SET u = substr(u, 1, 8) WHERE rowid = (SELECT min(rowid) FROM depth_grids)")
        expectRejected(["inspect", grid], status: 1, naming: grid, containing: ["depth_grids", "rows × cols"])
        expectRejected(["evaluate-recording", grid], status: 1, naming: grid, containing: ["depth_grids"])
        let map = try editedRecording(in: folder, "map.sqlite", sql: "UPDATE lidar_maps SET rows = 1000000000000 WHERE rowid = (SELECT min(rowid) FROM lidar_maps)")
        expectRejected(["inspect", map], status: 1, naming: map, containing: ["lidar_maps", "rows"])
    }

    @Test("lengths: results files whose columns disagree in length are refused by report, naming the file", arguments: [
        "/gates/value", "/gates/events", "/recordings/r/gaps/instance",
    ])
    func unequalColumns(dataset: String) throws {
        let folder = try TemporaryDirectory()
        let valid = try ResultsFileFixtures.runFile(in: folder)
        let broken = folder.file("broken.h5")
        try ResultsFileFixtures.copy(valid, to: broken, edits: [dataset: .truncate])
        expectRejected(["report", broken, "--out", folder.file("report")], status: 1, naming: broken)
        #expect(!FileManager.default.fileExists(atPath: folder.file("report/report.md")))
    }

    @Test("lengths: fusion results whose box or sample indices point past their lists are refused when read")
    func indicesPastTheirLists() throws {
        let folder = try TemporaryDirectory()
        let recording = try RecordingStore.read(from: Self.twins)
        let study = FusionStudy.run([("twins-moved", recording)], configuration: .init(),
                                    settings: FusionStudySettings(variants: [.app]), bootstrap: BootstrapSettings(replicates: 10))
        func written(_ name: String, _ change: (inout FusionResults) -> Void) throws -> String {
            var results = study
            change(&results)
            let path = folder.file(name)
            let file = try ResultFile.create(atPath: path)
            try FusionResultsFile.write(results, into: SchemaGroup(file.root.createGroup("fusion"), ResultsSchema.fusion.root))
            try file.commit()
            return path
        }
        let valid = try written("valid.h5") { _ in }
        #expect(try FusionResultsFile.readIfPresent(ResultFile.open(atPath: valid).root) != nil)
        for (name, change) in [("recording.h5", { (r: inout FusionResults) in r.boxes.recording[0] = 7 }),
                               ("box.h5", { (r: inout FusionResults) in r.samples.box[0] = Int64(r.boxes.detection.count) })] {
            let path = try written(name, change)
            let error = #expect(throws: ResultsLayoutError.self) { _ = try FusionResultsFile.readIfPresent(ResultFile.open(atPath: path).root) }
            #expect(error.map { "\($0)" }?.contains(path) == true && error.map { "\($0)" }?.contains("past the") == true, "\(String(describing: error))")
        }
    }

    // MARK: - Negative or inverted settings

    @Test("settings: negative, zero and inverted replay and simulator settings are refused naming the key", arguments: [
        (#""replay": {"absence": {"budgetPerPass": -1}},"#, "replay.absence.budgetPerPass"),
        (#""replay": {"tracker": {"detectEvery": 0}},"#, "replay.tracker.detectEvery"),
        (#""replay": {"tracker": {"detectEvery": -3}},"#, "replay.tracker.detectEvery"),
        (#""replay": {"anchors": {"consensusCount": 0}},"#, "replay.anchors.consensusCount"),
        (#""replay": {"absence": {"minRange": 5, "maxRange": 2}},"#, "replay.absence.minRange"),
        (#""bootstrap": {"seed": -1},"#, "bootstrap.seed"),
    ])
    func protocolSettings(member: String, key: String) throws {
        let folder = try TemporaryDirectory()
        let spec = try protocolFile(in: folder, member)
        let message = expectRejected(["run", spec, "--out", folder.file("out")], status: 1, naming: spec, containing: [key])
        #expect(!message.contains("not valid JSON"))
    }

    @Test("settings: every shipped protocol, sweep and corpus spec passes the range checks (acceptance)")
    func shippedSettingsAccepted() throws {
        let folder = Self.repository + "/Protocols"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".json") {
            let path = folder + "/" + name
            if name.hasPrefix("corpus") {
                #expect(throws: Never.self, "\(name)") { _ = try CorpusBuilder.spec(at: path) }
            } else if name.hasPrefix("warmth") {
                #expect(throws: Never.self, "\(name)") { _ = try WarmthProtocol.load(path) }
            } else {
                #expect(throws: Never.self, "\(name)") {
                    let loaded = try ProtocolLoader.load(path)
                    #expect(loaded.evaluationProtocol.replay.problems().isEmpty)
                }
            }
        }
        #expect(SimulationConfiguration().problem() == nil)
        #expect(ReplayConfiguration().problems().isEmpty)
    }

    @Test("settings: simulator framesPerSecond, embeddings.dimension, focal lengths, drift block; empty or garbage --config exits 1", arguments: [
        ("framesPerSecond", -30.0), ("embeddings.dimension", -1.0),
        // Found by a mutation pass over the simulator configuration: these trapped converting to Int.
        ("depthNetwork.residualFieldFocalPixels", 1e308), ("depthNetwork.residualFieldFocalPixels", -1e308),
        ("drift.blockMetres", 1e308), ("drift.blockMetres", 4.6e18), ("camera.fx", 1e-300),
    ])
    func simulatorSettings(key: String, value: Double) throws {
        let folder = try TemporaryDirectory()
        let text = try simulatorConfiguration { object in
            let parts = key.split(separator: ".").map(String.init)
            if parts.count == 1 { object[key] = value } else {
                var inner = object[parts[0]] as! [String: Any]
                inner[parts[1]] = value
                object[parts[0]] = inner
            }
        }
        let config = try folder.write(text, to: "c.json")
        let out = folder.file("s.sqlite")
        expectRejected(["simulate", "--scenario", "twins-moved", "--seed", "1", "--out", out, "--config", config], status: 1, naming: config, containing: [key])
        for garbage in ["", "\u{1}\u{2}garbage"] {
            let bad = try folder.write(garbage, to: "bad.json")
            expectRejected(["simulate", "--scenario", "twins-moved", "--seed", "1", "--out", out, "--config", bad], status: 1, naming: bad)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("settings: a checkpoint with a duplicated or out-of-range point index is not resumed from")
    func checkpointShape() {
        var checkpoint = SweepCheckpoint(fingerprint: "f")
        checkpoint.points = [0, 0]
        checkpoint.components = [[[0]], [[0]]]
        #expect(!checkpoint.isWellFormed(pointCount: 4, recordingCount: nil))
        checkpoint.points = [0, 9]
        #expect(!checkpoint.isWellFormed(pointCount: 4, recordingCount: nil))
        checkpoint.points = [0, 1]
        #expect(checkpoint.isWellFormed(pointCount: 4, recordingCount: nil))
        #expect(!checkpoint.isWellFormed(pointCount: 4, recordingCount: 1))  // one component, not SweepComponent.allCases.count
    }

    // MARK: - A recording whose meta table is a recursive view

    @Test("recursive view: a meta view is refused at once, naming the file")
    func recursiveView() throws {
        let folder = try TemporaryDirectory()
        let path = try editedRecording(in: folder, "view.sqlite", sql: """
            DROP TABLE meta;
            CREATE VIEW meta(key, value) AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 'k', n FROM r;
            """)
        let start = Date()
        expectRejected(["inspect", path], status: 1, naming: path, containing: ["view"])
        expectRejected(["evaluate-recording", path], status: 1, naming: path, containing: ["view"])
        #expect(Date().timeIntervalSince(start) < 30)
    }

    // MARK: - Text input: CRLF, byte order mark, long lines, directories

    @Test("text: CRLF and a UTF-8 byte order mark are accepted by the MOTChallenge, seqinfo.ini, TUM, JSON Lines and CSV readers")
    func windowsText() throws {
        let folder = try TemporaryDirectory()
        func windows(_ text: String) -> String { "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n") }
        let gtText = try String(contentsOfFile: Self.motGT, encoding: .utf8)
        let gt = try folder.write(windows(gtText), to: "gt.txt")
        let plain = runTool(["score-mot", "--gt", Self.motGT, "--hyp", Self.motTracker, "--format", "json"])
        let crlf = runTool(["score-mot", "--gt", gt, "--hyp", Self.motTracker, "--format", "json"])
        #expect(crlf.status == 0, "\(crlf.output.standardError)")
        #expect(crlf.output.standardOutput.replacingOccurrences(of: gt, with: Self.motGT) == plain.output.standardOutput)
        let info = try SequenceInfo.parse(windows("[Sequence]\nname=S\nseqLength=12\nframeRate=30\n"), path: "seqinfo.ini")
        #expect(info.length == 12 && info.name == "S" && info.frameRate == 30)
        let tum = try folder.write(windows("# t x y z qx qy qz qw\n1.0 0 0 0 0 0 0 1\n2.0 1 0 0 0 0 0 1\n"), to: "t.tum")
        #expect(try TUMTrajectory.read(path: tum).count == 2)
        let ate = runTool(["ate", "--ref", tum, "--est", tum])
        #expect(ate.status == 0, "\(ate.output.standardError)")
        let small = try recording(in: folder, "small.sqlite") { recording in
            let kept = Set(recording.frames.prefix(20).map(\.index))
            recording.frames = recording.frames.filter { kept.contains($0.index) }
            recording.detections = recording.detections.filter { kept.contains($0.frame) }
            let detections = Set(recording.detections.map(\.id))
            recording.depthGrids = recording.depthGrids.filter { detections.contains($0.detection) }
            recording.depthNetworkPasses = recording.depthNetworkPasses.filter { detections.contains($0.detection) }
            recording.observations = recording.observations.filter { kept.contains($0.frame) }
            recording.groundTruthBoxes = recording.groundTruthBoxes.filter { kept.contains($0.frame) }
            recording.lidarMaps = recording.lidarMaps.filter { kept.contains($0.frame) }
            recording.guidanceRequests = []
            recording.decisions = []
        }
        #expect(runTool(["export", "--jsonl", small, "--out", folder.file("small.jsonl")]).status == 0)
        let jsonl = try folder.write(windows(try String(contentsOfFile: folder.file("small.jsonl"), encoding: .utf8)), to: "crlf.jsonl")
        let imported = runTool(["import", "--jsonl", jsonl, "--out", folder.file("crlf.sqlite")])
        #expect(imported.status == 0, "\(imported.output.standardError)")
        #expect(runTool(["import", "--jsonl", folder.file("small.jsonl"), "--out", folder.file("lf.sqlite")]).status == 0)
        // Compared as exported bytes: depth grids hold NaN, which no value equals.
        for name in ["crlf", "lf"] {
            #expect(runTool(["export", "--jsonl", folder.file("\(name).sqlite"), "--out", folder.file("\(name)-again.jsonl")]).status == 0)
        }
        #expect(FileManager.default.contentsEqual(atPath: folder.file("crlf-again.jsonl"), andPath: folder.file("lf-again.jsonl")))
        let rows = "a,b\n1,2\n2,1\n3,3\n"
        let pareto = try folder.write(windows(rows), to: "p.csv"), unix = try folder.write(rows, to: "u.csv")
        let mask = runTool(["curves", pareto, "--pareto"]), reference = runTool(["curves", unix, "--pareto"])
        #expect(mask.status == 0)
        #expect(mask.output.standardOutput == reference.output.standardOutput)
        #expect(reference.output.standardOutput.filter { $0 == "1" }.count == 2, "\(reference.output.standardOutput)")
    }

    @Test("text: a 5 MB line is cut in the message; a directory given as a file gets a plain message")
    func longLinesAndDirectories() throws {
        let folder = try TemporaryDirectory()
        let long = try folder.write("1.0 " + String(repeating: "x", count: 5_000_000) + " 0 0 0 0 0 1\n", to: "long.tum")
        let message = expectRejected(["ate", "--ref", long, "--est", long], status: 1, naming: long)
        #expect(message.count < 600, "message of \(message.count) characters")
        let motLong = try folder.write("1,1," + String(repeating: "9x", count: 2_500_000) + ",1,1,1,1\n", to: "long.txt")
        let motMessage = expectRejected(["score-mot", "--gt", motLong, "--hyp", Self.motTracker], status: 1, naming: motLong)
        #expect(motMessage.count < 600)
        try FileManager.default.createDirectory(atPath: folder.file("dir.txt"), withIntermediateDirectories: true)
        for arguments in [["score-mot", "--gt", folder.file("dir.txt"), "--hyp", Self.motTracker],
                          ["ate", "--ref", folder.file("dir.txt"), "--est", folder.file("dir.txt")],
                          ["run", folder.file("dir.txt")],
                          ["simulate", "--scenario", "twins-moved", "--seed", "1", "--out", folder.file("x.sqlite"), "--config", folder.file("dir.txt")]] {
            let text = expectRejected(arguments, status: 1, naming: folder.file("dir.txt"), containing: ["is a directory"])
            #expect(!text.contains("Code="), "\(text)")
        }
    }

    // MARK: - Messages

    @Test("messages: recording errors name the file")
    func recordingErrorsNameTheFile() throws {
        let folder = try TemporaryDirectory()
        let path = try editedRecording(in: folder, "typed.sqlite", sql: "UPDATE frames SET fx = 'abc' WHERE rowid = 1")
        expectRejected(["inspect", path], status: 1, naming: path, containing: ["frames"])
        expectRejected(["evaluate-recording", path], status: 1, naming: path, containing: ["frames"])
    }
}
