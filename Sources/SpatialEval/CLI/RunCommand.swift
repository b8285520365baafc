import Foundation
import Recording

/// `spatial-eval run`: the main job. Evaluates a protocol's recordings, writes
/// `results.h5` and renders the report from it; exits 2 when a gate fails.
struct RunCommand: Command {
    let name = "run"
    let summary = "The main job: evaluate a protocol's recordings, write results.h5 and the report, check the gates."
    let usage = ["run PROTOCOL.json [--out DIR]"]
    let discussion = """
        Runs the tracker replica (detect-every-N = 1…5) and the spatial replicas on every \
        recording the protocol names, pools the re-anchor gaps with bootstrap intervals that \
        resample whole instances, writes DIR/results.h5 (raw rows and provenance, atomically) \
        and renders DIR/report.md (SVG figures beside it) and DIR/report.html from results.h5. \
        Progress goes to standard error. Exit status: 0 when every gate passes, 2 when a gate \
        fails, 1 for bad input (protocol or recording), 64 for usage mistakes. \
        Format: Docs/protocols.md.
        """
    let options = [OptionSpec("out", "DIR", "Output folder (default Reports/<protocol name>).")]

    /// Exit status when the run completed but a gate failed.
    static let gateFailed: Int32 = 2

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError("give exactly one protocol file")
        }
        let loaded = try ProtocolLoader.load(path)
        let folder = arguments.value("out") ?? "Reports/\(loaded.evaluationProtocol.name)"
        output.err("protocol \(loaded.evaluationProtocol.name): \(loaded.recordingPaths.count) recordings\n")
        let results = try RunEvaluation.run(loaded) { output.err($0 + "\n") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let h5 = (folder as NSString).appendingPathComponent("results.h5")
        output.err("writing \(h5)\n")
        try RunResultsFile.write(results, loaded: loaded, to: h5)
        let stored = try RunResultsFile.read(h5)
        let files = try ReportFiles.write(stored, to: folder)
        output.err("report: \(folder)/report.md, report.html and \(files.count - 2) figures\n")
        for outcome in stored.gates {
            output.out("\(outcome.passed ? "PASS" : "FAIL")  \(outcome.gate.text)  (value \(ReportNumber.fixed(outcome.value)))\n")
        }
        return stored.passed ? .success : .gateFailed
    }
}

/// `spatial-eval report`: re-renders a run report from `results.h5` alone.
struct ReportCommand: Command {
    let name = "report"
    let summary = "Re-render a run or sweep report (Markdown, SVG, HTML) from results.h5 or sweep.h5 alone."
    let usage = ["report results.h5 [--out DIR]", "report sweep.h5 [--out DIR]"]
    let discussion = "Writes DIR/report.md, its SVG figures and DIR/report.html; DIR defaults to the folder of the results file."
    let options = [OptionSpec("out", "DIR", "Output folder (default: the folder holding the results file).")]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError("give exactly one results file")
        }
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "does not exist") }
        let folder = arguments.value("out") ?? (path as NSString).deletingLastPathComponent
        if SweepResultsFile.holdsSweep(path) { return try SweepReportFiles.rerender(path, to: folder.isEmpty ? "." : folder, output: output) }
        let results: RunResults
        do {
            results = try RunResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as run results: \(error)")
        }
        let files = try ReportFiles.write(results, to: folder.isEmpty ? "." : folder)
        output.err("report: \(files.count) files in \(folder.isEmpty ? "." : folder)\n")
        return .success
    }
}
