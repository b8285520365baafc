import Evaluation
import Foundation
import Recording
import Replay
@testable import EvalResults
@testable import EvalJobs
@testable import EvalReports
@testable import EvalCommandLine
import TestSupport
import Testing

@Suite("parity command")
struct ParityCommandTests {
    /// The bundled twins-moved recording with the shipped replicas' decisions as its app log.
    static let logged = ReplicaDecisionLog.attach(
        to: try! RecordingStore.read(from: RunReportTests.repository + "/Data/recordings/twins-moved.sqlite"))

    static func write(_ recording: Recording, in folder: TemporaryDirectory, as name: String = "logged.sqlite") throws -> String {
        try RecordingStore.write(recording, to: folder.file(name))
        return folder.file(name)
    }

    @Test("the replicas against their own log: 100 % per kind, no divergence, exit 0; JSON says the same")
    func agreesWithItsOwnLog() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.write(Self.logged, in: folder)
        let run = runTool(["parity", path])
        #expect(run.status == 0, "\(run.output.standardError)")
        let text = run.output.standardOutput
        #expect(text.contains("first divergence: none") && text.contains("result: every kind agrees at least 99.0 % (exit 0)"))
        let instances = Set(Self.logged.decisions.filter { $0.kind == .instance }.map(\.instance)).count
        #expect(instances > 3 && text.contains("instances: app \(instances), replicas \(instances), paired \(instances)"))
        let json = runTool(["parity", path, "--format", "json", "--threshold", "1"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.standardOutput.utf8)) as! [String: Any]
        #expect(object["passed"] as? Bool == true && object["first_divergence"] is NSNull)
        let kinds = object["kinds"] as! [[String: Any]]
        #expect(kinds.filter { ($0["app"] as! Int) > 0 }.allSatisfy { $0["agreement"] as? Double == 1 })
    }

    @Test("a configuration that refuses near-cosine merges: exit 2, the first divergence named with its context")
    func changedConstantDiverges() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.write(Self.logged, in: folder)
        let config = try folder.write(#"{"anchors": {"nearCosine": 0.999}}"#, to: "strict.json")
        let run = runTool(["parity", path, "--config", config])
        #expect(run.status == 2)
        let text = run.output.standardOutput
        // The near cosine also governs same-track routing within the near radius (a track earns
        // no exemption from the merge rules), so the first divergence is at or before the first near-cosine merge.
        let firstMerge = try #require(Self.logged.decisions.first { $0.mergeRule == .nearCosine || $0.mergeRule == .sameTrack })
        let marker = try #require(text.range(of: "first divergence: frame "))
        let frame = try #require(Int64(text[marker.upperBound...].prefix { $0.isNumber }))
        #expect(frame <= firstMerge.frame)
        #expect(text.contains("instance (fields differ)")
            && (text.contains("rule: app near_cosine, replicas ") || text.contains("rule: app same_track, replicas ")))
        #expect(text.contains("around it in the app's log:") && text.contains("around it in the replicas' decisions:"))
        #expect(text.contains("result: below 99.0 %: instance "))
        #expect(runTool(["parity", path, "--config", config, "--threshold", "0"]).status == 0)
    }

    @Test("a log imported from JSON Lines compares the same as the SQLite one")
    func jsonLinesLog() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.write(Self.logged, in: folder)
        #expect(runTool(["export", "--jsonl", path, "--out", folder.file("log.jsonl")]).status == 0)
        #expect(runTool(["import", "--jsonl", folder.file("log.jsonl"), "--out", folder.file("again.sqlite")]).status == 0)
        let run = runTool(["parity", folder.file("again.sqlite")])
        #expect(run.status == 0, "\(run.output.standardError)")
        let inspect = runTool(["inspect", folder.file("again.sqlite")])
        #expect(inspect.output.standardOutput.contains("(recording schema v2)"))
        #expect(inspect.output.standardOutput.contains("app decisions  \(Self.logged.decisions.count)"))
    }

    @Test("bad input exits 1: no decisions (a v1 file), a malformed decision row (file, table and row named), a bad configuration")
    func badInput() throws {
        let folder = try TemporaryDirectory()
        let v1 = runTool(["parity", RunReportTests.repository + "/Data/recordings/twins-moved.sqlite"])
        #expect(v1.status == 1 && v1.output.standardError.contains("no app decisions to compare"))

        var broken = Self.logged
        let index = broken.decisions.firstIndex { $0.kind == .anchorUpdate }!
        broken.decisions[index].gap = nil
        let path = try Self.write(broken, in: folder, as: "broken.sqlite")
        let run = runTool(["parity", path])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains(
            "error: \(path):app_decisions:\(broken.decisions[index].id): anchor_update: gap: missing (required for kind anchor_update)"))
        let inspect = runTool(["inspect", path])
        #expect(inspect.status == 1 && inspect.output.standardError.contains("\(path):app_decisions:\(broken.decisions[index].id):"))

        let good = try Self.write(Self.logged, in: folder)
        let typo = try folder.write(#"{"anchors": {"stepclamp": 0.05}}"#, to: "typo.json")
        let bad = runTool(["parity", good, "--config", typo])
        #expect(bad.status == 1 && bad.output.standardError.contains("\(typo): key 'anchors.stepclamp': unknown key"))
        #expect(runTool(["parity", good, "--config", folder.file("missing.json")]).status == 1)
    }

    @Test("replay-config prints every shipped constant; given back as a parity --config file it changes nothing")
    func replayConfigRoundTrip() throws {
        let printed = runTool(["replay-config"])
        #expect(printed.status == 0)
        let folder = try TemporaryDirectory()
        let file = try folder.write(printed.output.standardOutput, to: "replay.json")
        #expect(try ProtocolLoader.replayConfiguration(at: file) == ReplayConfiguration())
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(printed.output.standardOutput.utf8)) as? [String: Any])
        #expect(keys.keys.sorted() == ["absence", "anchors", "depthFusion", "guidance", "labelAnchoring", "tracker"])
        #expect((keys["anchors"] as? [String: Any])?["nearRadius"] as? Double == 0.35)
    }

    @Test("the example session of Docs/app-decision-logs.md imports and agrees with --track-source recorded, not with the tracker replica")
    func documentedExample() throws {
        let page = try String(contentsOfFile: RunReportTests.repository + "/Docs/app-decision-logs.md", encoding: .utf8)
        let afterMarker = try #require(page.range(of: "<!-- parity-example")).upperBound
        let open = try #require(page.range(of: "```json\n", range: afterMarker..<page.endIndex))
        let close = try #require(page.range(of: "```", range: open.upperBound..<page.endIndex))
        let folder = try TemporaryDirectory()
        let source = try folder.write(String(page[open.upperBound..<close.lowerBound]), to: "example.jsonl")
        let imported = runTool(["import", "--jsonl", source, "--out", folder.file("example.sqlite")])
        #expect(imported.status == 0, "\(imported.output.standardError)")
        let recorded = runTool(["parity", folder.file("example.sqlite"), "--track-source", "recorded", "--threshold", "1"])
        #expect(recorded.status == 0, "\(recorded.output.standardOutput)")
        for kind in ["instance", "anchor_update", "guidance_start", "absence_look", "lock_on", "arrival", "guidance_end"] {
            #expect(recorded.output.standardOutput
                .split(separator: "\n").contains { $0.hasPrefix(kind + " ") && $0.hasSuffix("100.0 %") }, "\(kind)")
        }
        let replica = runTool(["parity", folder.file("example.sqlite")])
        #expect(replica.status == 2)
        #expect(replica.output.standardOutput.contains("first divergence: frame 1, t 0.000 s, instance (only in the app)"))
    }

    @Test("usage mistakes exit 64", arguments: [
        ["parity"], ["parity", "a.sqlite", "b.sqlite"], ["parity", "a.sqlite", "--threshold", "1.5"],
        ["parity", "a.sqlite", "--threshold", "most"], ["parity", "a.sqlite", "--format", "xml"],
        ["parity", "a.sqlite", "--track-source", "app"], ["parity", "a.sqlite", "--bogus"],
    ])
    func usageMistakes(_ arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.status == 64, "\(arguments): \(run.output.standardError)")
        #expect(run.output.standardError.contains("See 'spatial-eval parity --help'."))
    }

    @Test("simulate --with-decisions writes a v2 recording the replicas agree with")
    func simulateWithDecisions() throws {
        let folder = try TemporaryDirectory()
        let out = folder.file("sim.sqlite")
        let simulate = runTool(["simulate", "--scenario", "twins-moved", "--seed", "3", "--duration", "8", "--out", out, "--with-decisions"])
        #expect(simulate.status == 0 && simulate.output.standardOutput.contains(" app decisions\n"))
        #expect(try RecordingStore.schemaVersion(at: out) == 2)
        #expect(runTool(["parity", out, "--threshold", "1"]).status == 0)
        #expect(runTool(["parity", "--help"]).output.standardOutput.contains("--track-source SOURCE"))
    }
}
