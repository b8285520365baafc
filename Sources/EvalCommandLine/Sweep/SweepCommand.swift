import Foundation
import Recording
import Sweeps
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval sweep`: runs a protocol's threshold sweeps, writes `sweep.h5` and renders
/// the sweep report from it; a killed sweep restarted with the same folder resumes.
struct SweepCommand: Command {
    let name = "sweep"
    let summary = "Run a protocol's threshold sweeps: sweep.h5 (metric cubes), recommendations with intervals, the report."
    let discussion = """
        Runs every sweep of the protocol's "sweeps" list over its recordings with the staged \
        engine (tracker and depth fusion once per recording and upstream configuration, the \
        anchor registry per point) on all cores, streaming the recordings: each is read when a \
        core is free, runs every point of the sweep (or widening round) and is let go, so memory \
        holds the component cube, not the recordings; progress goes to standard error when it is \
        a terminal. Completed recordings are checkpointed in DIR after every batch of N \
        recordings (default 32): rerunning the same command after a kill continues from them. Writes \
        DIR/sweep.h5, renders DIR/report.md (SVG figures beside it) and DIR/report.html from \
        it, swaps the set into DIR together under a lock (Docs/spec.md#output-folders), and \
        prints the table "shipped constant → recommended value [interval]". Re-render later with `spatial-eval report DIR/sweep.h5`. Exit \
        status: 0 success, 1 bad input (protocol or recording), 64 usage error. Docs/sweeps.md.
        """
    static let protocolFile = Positional<String>("PROTOCOL.json", "A protocol with a \"sweeps\" list (Docs/sweeps.md).")
    static let out = OptionKey<String?>("out", "DIR", "Output folder (default Reports/<protocol name>).")
    static let batch = OptionKey<Int>("batch", "N", "Recordings per checkpointed batch.", default: SweepRunner.defaultBatchSize, bounds: .atLeast(1))
    let positionals: [any CommandPositional] = [Self.protocolFile]
    let options: [any CommandOption] = [Self.out, Self.batch]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let batch = arguments[Self.batch]
        let loaded = try ProtocolLoader.load(arguments[Self.protocolFile])
        let folder = try arguments[Self.out] ?? OutputName.defaultFolder(loaded)
        for (k, sweep) in loaded.evaluationProtocol.sweeps.enumerated() {
            try OutputName.check(sweep.name, key: "sweeps[\(k)].name", file: loaded.path)
        }
        let out = try OutputFolder.open(folder)
        defer { out.close() }
        let terminal = isatty(STDERR_FILENO) != 0
        guard let results = try SweepJob.run(
            loaded, folder: folder, batchSize: batch, message: { output.err($0 + "\n") },
            progress: { sweep, done, total in
                guard terminal else { return }
                output.err("\r\(sweep): \(done)/\(total) recordings" + (done == total ? "\n" : ""))
            }, corpusProgress: SimulateCorpusCommand.progress())
        else { return .failure }
        let h5 = (folder as NSString).appendingPathComponent("sweep.h5")
        output.err("writing \(h5)\n")
        try SweepResultsFile.write(results, loaded: loaded, to: out.staged("sweep.h5"))
        var stored = try SweepResultsFile.read(out.staged("sweep.h5"), sharing: results)
        stored.adoptRecommendations(from: results)
        let (report, files) = try SweepReportFiles.write(stored, to: out.staging)
        try out.commit(files + ["sweep.h5"])
        SweepJob.removeCheckpoints(loaded, folder: folder)
        output.err("report: \(folder)/report.md, report.html and \(files.count - 2) figures\n")
        output.out(try SweepReportFiles.summary(stored, report: report))
        return .success
    }
}
