import Foundation
import ResultStore
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine
import TestSupport
import Testing

/// Collects what a command writes.
final class CapturedOutput: OutputSink {
    var standardOutput = ""
    var standardError = ""
    func out(_ text: String) { standardOutput += text }
    func err(_ text: String) { standardError += text }
}

/// Runs the tool in-process.
func runTool(_ arguments: [String]) -> (status: Int32, output: CapturedOutput) {
    let output = CapturedOutput()
    let status = CommandLineTool().run(arguments, output: output)
    return (status, output)
}

/// A two-sequence benchmark with a tracker that is right most of the time.
func makeBenchmark(in folder: TemporaryDirectory) throws -> (gt: String, tracker: String) {
    for (name, frames) in [("seqA", 6), ("seqB", 4)] {
        var gt = "", tracker = ""
        for frame in 1...frames {
            for object in 1...3 {
                let x = object * 100 + frame * 3
                gt += "\(frame),\(object),\(x),50,40,80,1,1,1\n"
                if (frame + object) % 4 != 0 {
                    tracker += "\(frame),\(object + (frame > 3 ? 10 : 0)),\(x + 4),52,40,80,1,-1,-1,-1\n"
                }
            }
        }
        try folder.write(gt, to: "bench/\(name)/gt/gt.txt")
        try folder.write("[Sequence]\nname=\(name)\nseqLength=\(frames)\n", to: "bench/\(name)/seqinfo.ini")
        try folder.write(tracker, to: "tracker/\(name).txt")
    }
    return (folder.file("bench"), folder.file("tracker"))
}

@Suite("Command line")
struct CommandLineTests {
    struct Invocation: Sendable, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var description: String { arguments.joined(separator: " ") }
    }

    static let invocations: [Invocation] = [
        Invocation(arguments: [], status: 0), Invocation(arguments: ["--help"], status: 0),
        Invocation(arguments: ["score-mot", "--help"], status: 0), Invocation(arguments: ["--version"], status: 0),
        Invocation(arguments: ["frobnicate"], status: 64), Invocation(arguments: ["score-mot"], status: 64),
        Invocation(arguments: ["score-mot", "--gt", "a.txt"], status: 64),
        Invocation(arguments: ["score-mot", "--gt", "a", "--hyp", "b", "--format", "xml"], status: 64),
        Invocation(arguments: ["score-mot", "--gt", "a", "--hyp", "b", "--seq-length", "0"], status: 64),
        Invocation(arguments: ["score-mot", "--gt", "a", "--hyp", "b", "--bogus"], status: 64),
    ]

    @Test("help and version exit 0; usage mistakes exit 64", arguments: invocations)
    func exitStatuses(invocation: Invocation) {
        let arguments = invocation.arguments, status = invocation.status
        let run = runTool(arguments)
        #expect(run.status == status, "\(arguments): \(run.output.standardError)")
        if status == 64 { #expect(run.output.standardError.hasPrefix("error: ")) }
        if status == 0 { #expect(!run.output.standardOutput.isEmpty) }
    }

    @Test("bad input exits 1 naming the file and line, and leaves no results file")
    func badInput() throws {
        let folder = try TemporaryDirectory()
        let gt = try folder.write("1,1,0,0,10,10,1,1,1\n1,2,0,0,10,10,1,1,1\n", to: "gt.txt")
        let hyp = try folder.write("1,5,0,0,10,10,1\n2,5,0,0,10,-3,1\n", to: "hyp.txt")
        let out = folder.file("results.h5")
        let run = runTool(["score-mot", "--gt", gt, "--hyp", hyp, "--out", out])
        #expect(run.status == 1)
        #expect(run.output.standardError.contains("\(hyp):2: negative box size"))
        #expect(try folder.entries() == ["gt.txt", "hyp.txt"])
    }

    @Test("JSON has one object per sequence and the combined row, with the reference tool's keys")
    func jsonOutput() throws {
        let folder = try TemporaryDirectory()
        let (gt, tracker) = try makeBenchmark(in: folder)
        for (convention, combined, keys) in [
            ("trackeval", "COMBINED", ["HOTA", "MOTA", "IDF1", "CLR_TP", "HOTA(0)"]),
            ("motmetrics", "OVERALL", ["mota", "motp", "idf1", "num_frames"]),
        ] {
            let run = runTool(["score-mot", "--benchmark", gt, "--tracker", tracker, "--format", "json", "--convention", convention])
            #expect(run.status == 0, "\(run.output.standardError)")
            let document = try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any]
            #expect(document?["convention"] as? String == convention)
            let results = document?["results"] as? [String: [String: Any]] ?? [:]
            #expect(Set(results.keys) == ["seqA", "seqB", combined])
            for key in keys { #expect(results[combined]?[key] is NSNumber, "\(key)") }
            if convention == "trackeval" {
                #expect((results["seqA"]?["alpha"] as? [String: [Double]])?["HOTA"]?.count == 19)
            }
        }
    }

    @Test("CSV and table list every sequence and the combined row")
    func textFormats() throws {
        let folder = try TemporaryDirectory()
        let (gt, tracker) = try makeBenchmark(in: folder)
        let csv = runTool(["score-mot", "--benchmark", gt, "--tracker", tracker, "--format", "csv"]).output.standardOutput
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("sequence,HOTA,"))
        #expect(lines.map { $0.split(separator: ",").count }.allSatisfy { $0 == lines[0].split(separator: ",").count })
        let table = runTool(["score-mot", "--benchmark", gt, "--tracker", tracker]).output.standardOutput
        #expect(table.contains("COMBINED") && table.contains("seqB") && table.contains("IDF1"))
    }

    @Test("--out writes the summary, per-α arrays, events and input fingerprints")
    func resultsFile() throws {
        let folder = try TemporaryDirectory()
        let (gt, tracker) = try makeBenchmark(in: folder)
        let out = folder.file("results.h5")
        let run = runTool(["score-mot", "--benchmark", gt, "--tracker", tracker, "--out", out, "--format", "json"])
        #expect(run.status == 0, "\(run.output.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any]
        let results = json?["results"] as? [String: [String: Any]] ?? [:]
        let root = try ResultFile.open(atPath: out).root
        #expect(try root.attributeString("convention") == "trackeval")
        let summary = try root.openGroup("summary")
        #expect(try summary.readStrings("sequence") == ["seqA", "seqB", "COMBINED"])
        let mota = try summary.readDoubles("MOTA").values
        #expect(mota == ["seqA", "seqB", "COMBINED"].map { (results[$0]?["MOTA"] as? NSNumber)?.doubleValue ?? .nan })
        #expect(try summary.readInt64s("CLR_TP").values.last == (results["COMBINED"]?["CLR_TP"] as? NSNumber)?.int64Value)
        #expect(try root.openGroup("hota_alpha").readDoubles("HOTA").shape == [3, 19])
        let events = try root.openGroup("events").openGroup("seqA")
        let kinds = try events.readInt64s("kind").values
        let tp = (results["seqA"]?["CLR_TP"] as? NSNumber)?.intValue
        #expect(kinds.filter { $0 <= 1 }.count == tp)
        let provenance = try root.openGroup("provenance")
        let paths = try provenance.readStrings("path")
        let digests = try provenance.readStrings("sha256")
        #expect(paths.count == 6)
        let reference = try Subprocess.run("/usr/bin/sha256sum", [paths[0]])
        #expect(String(decoding: reference.standardOutput, as: UTF8.self).hasPrefix(digests[0]))
    }
}
