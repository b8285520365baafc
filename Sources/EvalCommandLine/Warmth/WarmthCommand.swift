import Foundation
import Recording
import Warmth
import EvalResults
import EvalJobs
import EvalReports


/// `spatial-eval warmth`: the warmth protocol → results.json, report.md, report.html.
struct WarmthCommand: Command {
let name = "warmth"
let summary = "Run a warmth protocol: fidelity check, metrics, sweep, leave-one-session-out, release gate, report."
let discussion = """
        Reads the protocol (Docs/warmth.md#protocol) and its trial corpus, runs the fidelity \
        check, the metrics with the shipped constants, the sweep over the grid with the \
        constrained choice, leave-one-session-out validation, the neighbourhood and the paired \
        comparison, and the release gate; writes results.json, report.md and report.html into \
        --out. Exit status: 0 the gate passed, 1 bad input, 2 the gate failed (or the fidelity \
        check diverged), 64 usage error.
        """
static let protocolFile = Positional<String>("PROTOCOL.json", "The warmth protocol.")
static let out = OptionKey<String>("out", "DIR", "Folder for results.json and the report.")
let positionals: [any CommandPositional] = [Self.protocolFile]
let options: [any CommandOption] = [Self.out]

func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let (proto, corpus) = try WarmthProtocol.load(arguments[Self.protocolFile])
        let trials = try TrialReader.readCorpus(index: corpus)
        let results = WarmthJob.run(proto, trials: trials)
        let doc = WarmthReport.document(results, horizons: proto.horizons, constraints: proto.constraints)
        let folder = arguments[Self.out]
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try AtomicFile.write(WarmthJSON.encode(results), to: url.appendingPathComponent("results.json").path)
            try AtomicFile.write(doc.markdownText, to: url.appendingPathComponent("report.md").path)
            try AtomicFile.write(doc.htmlPage(title: "Warmth finder replay"), to: url.appendingPathComponent("report.html").path)
        } catch {
            throw InputError(file: folder, message: "cannot write the report (\(error.localizedDescription))")
        }
        for d in results.fidelity.divergences { output.err("fidelity: \(d)\n") }
        let gate = results.gate
        output.out("warmth: \(results.trials) trials, \(results.gridPoints) grid points, \(results.feasiblePoints) feasible; gate \(gate?.passed == true ? "PASSED" : "FAILED")\n")
        for line in gate?.checks ?? [] { output.out("  \(line)\n") }
        return gate?.passed == true ? .success : .gateFailed
    }
}
