import Foundation
import Recording
import Warmth
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval warmth`: the warmth protocol → results.h5, report.md, report.html.
struct WarmthCommand: Command {
    let name = "warmth"
    let summary = "Run a warmth protocol: fidelity check, metrics, sweep, leave-one-session-out, release gate, report."
    let discussion = """
        Reads the protocol (Docs/warmth.md#protocol) and its trial corpus, runs the fidelity \
        check, the metrics with the shipped constants, the sweep over the grid on the shared \
        sweep engine (checkpointed in --out after every batch: a killed run resumes) with the \
        constrained choice, leave-one-session-out validation, the neighbourhood and the paired \
        comparison, and the release gate; writes results.h5 (layout warmth/1, \
        Docs/result-store.md) and the report rendered from it, report.md and report.html, into \
        --out. Progress goes to standard error when it is a terminal. Exit status: 0 the gate \
        passed, 1 bad input, 2 the gate failed (or the fidelity check diverged), 64 usage error.
        """
    static let protocolFile = Positional<String>("PROTOCOL.json", "The warmth protocol.")
    static let out = OptionKey<String>("out", "DIR", "Folder for results.h5 and the report.")
    static let batch = OptionKey<Int>("batch", "N", "Grid points per checkpointed batch.", default: 256, bounds: .atLeast(1))
    let positionals: [any CommandPositional] = [Self.protocolFile]
    let options: [any CommandOption] = [Self.out, Self.batch]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.protocolFile]
        let (proto, corpus) = try WarmthProtocol.load(path)
        let trials = try TrialReader.readCorpus(index: corpus)
        let folder = arguments[Self.out]
        let out = try OutputFolder.open(folder)
        defer { out.close() }
        let terminal = isatty(STDERR_FILENO) != 0
        let checkpointing = try WarmthJob.Checkpointing(folder: folder, protocolPath: path, trials: trials, batchSize: arguments[Self.batch])
        let results = try WarmthJob.run(proto, trials: trials, checkpointing: checkpointing, message: { output.err($0 + "\n") },
                                        progress: { stage, done, total in
                                            guard terminal else { return }
                                            output.err("\r\(stage): \(done)/\(total) points" + (done == total ? "\n" : ""))
                                        })
        try WarmthResultsFile.write(results, grid: proto.grid, protocolPath: path, trialFiles: trials.map(\.file), to: out.staged("results.h5"))
        let files = try WarmthReportFiles.write(try WarmthResultsFile.read(out.staged("results.h5")), to: out.staging)
        try out.commit(files + ["results.h5"])
        for d in results.fidelity.divergences { output.err("fidelity: \(d)\n") }
        output.out(WarmthReportFiles.summary(results))
        return results.gate?.passed == true ? .success : .gateFailed
    }
}
