import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval run`: the main job. Evaluates a protocol's recordings, writes
/// `results.h5` and renders the report from it; exits 2 when a gate fails.
struct RunCommand: Command {
    let name = "run"
    let summary = "The main job: evaluate a protocol's recordings, write results.h5 and the report, check the gates."
    let discussion = """
        Runs the tracker replica (detect-every-N = 1…5) and the spatial replicas on every \
        recording the protocol names, pools the re-anchor gaps with bootstrap intervals that \
        resample whole instances, writes DIR/results.h5 (raw rows and provenance) and renders \
        DIR/report.md (SVG figures beside it) and DIR/report.html from results.h5; the set is \
        swapped into DIR together, under a lock (Docs/spec.md#output-folders). \
        Progress goes to standard error. Exit status: 0 when no gate fails, 2 when a gate \
        fails, 4 when the protocol has gates and none could be measured (no recording holds \
        labelled boxes or marks for any gated figure, Docs/spec.md#not-measurable), 1 for bad \
        input (protocol or recording), 64 for usage mistakes. \
        Format: Docs/protocols.md.
        """
    static let protocolFile = Positional<String>("PROTOCOL.json", "The evaluation protocol (Docs/protocols.md).")
    static let out = OptionKey<String?>("out", "DIR", "Output folder (default Reports/<protocol name>).")
    let positionals: [any CommandPositional] = [Self.protocolFile]
    let options: [any CommandOption] = [Self.out]

    /// Exit status when the run completed but a gate failed.
    static let gateFailed: Int32 = 2

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let loaded = try ProtocolLoader.load(arguments[Self.protocolFile])
        let folder = try arguments[Self.out] ?? OutputName.defaultFolder(loaded)
        let out = try OutputFolder.open(folder)
        defer { out.close() }
        output.err("protocol \(loaded.evaluationProtocol.name): \(loaded.recordingPaths.count) recordings\n")
        let results = try RunEvaluation.run(loaded) { output.err($0 + "\n") }
        let h5 = (folder as NSString).appendingPathComponent("results.h5")
        output.err("writing \(h5)\n")
        try RunResultsFile.write(results, loaded: loaded, to: out.staged("results.h5"))
        let stored = try RunResultsFile.read(out.staged("results.h5"))
        let files = try RunReportFiles.write(stored, to: out.staging)
        try out.commit(files + ["results.h5"])
        output.err("report: \(folder)/report.md, report.html and \(files.count - 2) figures\n")
        for outcome in stored.gates {
            output.out(outcome.verdict == .notMeasurable ? "NOT MEASURABLE  \(outcome.gate.text)  (\(outcome.verdictText))\n"
                       : "\(outcome.verdict.text)  \(outcome.gate.text)  (\(outcome.evidenceText))\n")
        }
        if !stored.passed { return .gateFailed }
        return stored.nothingMeasured ? .notMeasured : .success
    }
}
