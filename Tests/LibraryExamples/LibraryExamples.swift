// The three examples of Docs/library.md, compiled and run as tests. They import the library
// as an app or a script would (no @testable): only the public API is reachable. Each example
// sits between `// example: NAME` and `// end`, and Docs/library.md shows the same lines
// (DocumentedExamplesTests keeps the two equal).
import EvalCommandLine
import EvalJobs
import EvalMetrics
import EvalResults
import Foundation
import Sweeps
import Testing
import TestSupport

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

@Suite("library examples (Docs/library.md)")
struct LibraryExamples {
    @Test("run a protocol and read its pooled figures")
    func runProtocol() throws {
        let folder = try TemporaryDirectory()
        let recording = repository + "/Data/recordings/walkaway-reapproach.sqlite"
        let protocolPath = try folder.write(#"{"name": "one", "recordings": ["\#(recording)"], "bootstrap": {"replicates": 500}}"#, to: "one.json")
        // example: run
        let loaded = try EvaluationJobs.loadProtocol(protocolPath)
        let results = try EvaluationJobs.run(loaded)
        let median = results.pooledGaps.median
        print("re-anchor gap median \(median.estimate) m [\(median.lower), \(median.upper)]",
              "from \(results.recordings.map(\.gaps.count).reduce(0, +)) gaps")
        for outcome in results.gates { print(outcome.verdict.text, outcome.gate.text) }
        // end
        let gaps = results.recordings.flatMap(\.gaps).sorted()
        #expect(results.recordings.count == 1 && !gaps.isEmpty)
        #expect(median.lower <= median.estimate && median.estimate <= median.upper)
        #expect(median.estimate >= gaps.first! && median.estimate <= gaps.last!)
        // The same protocol through the command line writes the same pooled figure into results.h5.
        let out = folder.file("cli")
        let status = CommandLineTool().run(["run", protocolPath, "--out", out], output: DiscardingSink())
        #expect(status == 0 || status == 2)
        let stored = try RunResultsFile.read(out + "/results.h5")
        #expect(stored.pooledGaps.median == median)
    }

    @Test("sweep one key over given recordings and read the verdict")
    func sweepOneKey() throws {
        let folder = try TemporaryDirectory()
        let recordings = ["twins-moved", "walkaway-reapproach"].map { repository + "/Data/recordings/\($0).sqlite" }
        // example: sweep
        let loaded = try EvaluationJobs.sweepProtocol(
            name: "far-cosine", recordings: recordings, key: "anchors.farCosine", values: [0.80, 0.86, 0.92, 0.98],
            objective: SweepObjectiveSpec(optimise: "duplicates", pareto: ["blended_twin_pair_rate", "duplicates"],
                                          caps: ["blended_twin_pair_rate": 0.02],
                                          reason: "fewest duplicates with at most 1 in 50 twin pairs blended"),
            in: folder.path)
        guard let results = try EvaluationJobs.sweep(loaded, checkpointsIn: folder.path) else { return }
        let sweep = results.sweeps[0]
        let assessment = try sweep.assessment(results.bootstrap, rules: results.verdictRules)
        let (verdict, evidence) = (assessment.verdicts[0], assessment.evidence[0])
        print("anchors.farCosine: shipped \(evidence.shipped), recommended \(evidence.recommended.map { "\($0)" } ?? "none"),",
              "verdict \(verdict.kind.rawValue) (\(verdict.reason)), evidence \(verdict.events) events")
        // end
        #expect(assessment.verdicts.count == 1)
        #expect(evidence.shipped == 0.92)
        // The grid keeps the given values; a recommendation on an open end widens it (spec.md#sweep-grid-edge).
        #expect(Set([0.80, 0.86, 0.92, 0.98]).isSubset(of: evidence.axisValues))
        #expect(evidence.axisValues.count == 4 || evidence.widenings > 0)
        // Two recordings and no simulator-assumption variants: nothing can rest on this verdict.
        #expect(verdict.kind != .decided)
    }

    @Test("score a MOTChallenge pair")
    func scoreMOTPair() throws {
        let sequence = repository + "/Data/mot-sample/gt/SYN-300x8"
        let tracker = repository + "/Data/mot-sample/tracker/SYN-300x8.txt"
        // example: score-mot
        let report = try EvaluationJobs.scoreMOT(groundTruth: sequence + "/gt/gt.txt", tracker: tracker,
                                                 sequenceInfo: sequence + "/seqinfo.ini")
        let fields = Dictionary(report.combined.fields, uniquingKeysWith: { first, _ in first })
        print("MOTA \(fields["MOTA"]?.scalar ?? .nan)  IDF1 \(fields["IDF1"]?.scalar ?? .nan)  HOTA \(fields["HOTA"]?.scalar ?? .nan)")
        // end
        guard case .trackeval(let clear, _, _) = report.combined else { Issue.record("not the TrackEval convention"); return }
        let mota = 1 - Double(clear.falseNegatives + clear.falsePositives + clear.identitySwitches)
            / Double(clear.truePositives + clear.falseNegatives)
        #expect(abs((fields["MOTA"]?.scalar ?? .nan) - mota) < 1e-12)
        // The command line's JSON for the same pair holds the same MOTA.
        let sink = CollectingSink()
        let status = CommandLineTool().run(["score-mot", "--gt", sequence + "/gt/gt.txt", "--hyp", tracker,
                                            "--seq-length", "300", "--format", "json"], output: sink)
        #expect(status == 0)
        // (compared as text: Foundation's JSON parser on Linux may round the last digit)
        #expect(sink.text.contains("\"MOTA\": \(fields["MOTA"]?.scalar ?? .nan),"))
    }
}

/// Throws everything away.
final class DiscardingSink: OutputSink {
    func out(_ text: String) {}
    func err(_ text: String) {}
}

/// Keeps standard output.
final class CollectingSink: OutputSink {
    var text = ""
    func out(_ text: String) { self.text += text }
    func err(_ text: String) {}
}

@Suite("Docs/library.md shows the compiled examples")
struct DocumentedExamplesTests {
    @Test("every example block of the test appears, line for line, as a Swift block of Docs/library.md")
    func examplesMatch() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let doc = try String(contentsOfFile: repository + "/Docs/library.md", encoding: .utf8)
        let blocks = doc.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        var examples: [String] = []
        var current: [String]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// example: ") { current = []; continue }
            if trimmed == "// end", let lines = current { examples.append(lines.joined(separator: "\n")); current = nil; continue }
            current?.append(String(line.dropFirst(8)))
        }
        #expect(examples.count == 3)
        #expect(blocks == examples)
    }
}
