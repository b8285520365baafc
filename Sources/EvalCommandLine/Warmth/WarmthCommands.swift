import Foundation
import Recording
import Warmth
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval warmth-simulate`: writes a simulated trial corpus.
struct WarmthSimulateCommand: Command {
    let name = "warmth-simulate"
    let summary = "Write simulated LookFor finder trials (JSON Lines corpus with index.json)."
    let discussion = """
        Simulates target-present and target-absent trials with look-alikes, distance, approach, \
        stillness pauses and detector misses (Docs/warmth.md#simulator), records them with \
        confirm passes forced, and logs the simulated app's phase changes from the finder run \
        with the shipped constants. Every trial is labelled simulated. Exit status: 0 success, \
        1 the folder cannot be written, 64 usage error.
        """
    static let out = OptionKey<String>("out", "DIR", "Corpus folder to write (index.json, sessions/).")
    static let seed = OptionKey<UInt64>("seed", "N", "Seed.", default: 1)
    static let sessions = OptionKey<Int>("sessions", "N", "Sessions.", default: 5, bounds: .within(1...100))
    static let trials = OptionKey<Int>("trials", "N", "Trials per session.", default: 6, bounds: .within(1...100))
    static let absent = OptionKey<Int>("absent", "N", "Target-absent trials per session.", default: 2, bounds: .within(0...100))
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.out, Self.seed, Self.sessions, Self.trials, Self.absent]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        var sim = TrialSimulator()
        sim.seed = arguments[Self.seed]
        sim.sessions = arguments[Self.sessions]
        sim.trialsPerSession = arguments[Self.trials]
        sim.absentPerSession = min(arguments[Self.absent], sim.trialsPerSession)
        let out = arguments[Self.out]
        // written beside the target first and moved into place, so a failure leaves nothing half-written
        let partial = out + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        let fm = FileManager.default
        do {
            try? fm.removeItem(atPath: partial)
            try sim.write(to: partial)
            if fm.fileExists(atPath: out) { try fm.removeItem(atPath: out) }
            try fm.moveItem(atPath: partial, toPath: out)
        } catch {
            try? fm.removeItem(atPath: partial)
            throw InputError(file: out, message: "cannot write the corpus (\(error.localizedDescription))")
        }
        output.out("wrote \(sim.sessions * sim.trialsPerSession) simulated trials to \(out)\n")
        return .success
    }
}

/// `spatial-eval warmth-replay`: validation, fidelity check and metrics for one parameter set.
struct WarmthReplayCommand: Command {
    let name = "warmth-replay"
    let summary = "Replay LookFor's warmth finder on a trial corpus: fidelity check, then time-to-find and false finds."
    let discussion = """
        Reads INDEX.json and every trial it lists (a trial that breaks a format rule stops the \
        run with its file, line and reason), replays every trial that logged the app's phase \
        changes with the parameters it was recorded with and stops at the first divergence, \
        then replays all trials with --params (default: the shipped constants) and prints the \
        metrics of Docs/warmth.md: Kaplan-Meier time-to-find, false finds with Wilson and \
        Garwood intervals, warm without target, flicker, lost and re-acquire, peak warmth. \
        Exit status: 0 success, 1 bad input, 2 the fidelity check diverged, 64 usage error.
        """
    static let index = Positional<String>("INDEX.json", "The corpus index.")
    static let params = OptionKey<String?>("params", "FILE.json", "Finder parameters (missing keys keep the shipped values).")
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = [Self.index]
    let options: [any CommandOption] = [Self.params, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let trials = try TrialReader.readCorpus(index: arguments[Self.index])
        for w in trials.flatMap(\.warnings) { output.err("warning: \(w)\n") }
        let fidelity = FidelityOutcome(trials)
        if !fidelity.divergences.isEmpty {
            output.err("fidelity check failed in \(fidelity.divergences.count) of \(fidelity.trialsChecked) trials; first divergences:\n")
            for d in fidelity.divergences { output.err("  \(d)\n") }
            return .gateFailed
        }
        let p = try arguments[Self.params].map(Self.parameters) ?? FinderParameters()
        if let problem = p.problem { throw InputError(file: arguments[Self.params] ?? "parameters", message: problem) }
        let traces = trials.map { Finder.replay(PreparedTrial($0, p), p) }
        let summary = WarmthSummary(traces, horizons: [5, 10, 20], minWarmS: 1)
        switch arguments[Self.format] {
        case .json:
            struct Out: Codable { var fidelity: FidelityOutcome; var parameters: FinderParameters; var summary: WarmthSummary; var trials: [TrialOutcome] }
            output.out(try JSONText.string(Out(fidelity: fidelity, parameters: p, summary: summary, trials: traces.map(TrialOutcome.init))) + "\n")
        case .table:
            output.out("fidelity: \(fidelity.trialsChecked) trials with app phase logs, 0 divergences\n")
            var doc = ReportDocument()
            WarmthReport.metricsTable(&doc, [("parameters", summary)])
            output.out(doc.markdownText)
        }
        return .success
    }

    /// Reads finder parameters from a JSON file (missing keys keep the defaults).
    static func parameters(_ path: String) throws -> FinderParameters {
        let data = try TextFile.read(path, kind: "finder parameters")
        do { return try JSONDecoder().decode(FinderParameters.self, from: data) } catch {
            throw InputError(file: path, message: "not finder parameters: \(error)")
        }
    }
}

/// `spatial-eval warmth-stats`: the estimators alone, for the conformance check.
struct WarmthStatsCommand: Command {
    let name = "warmth-stats"
    let summary = "Kaplan-Meier, Wilson and Garwood estimates of grouped (duration, event) rows, as JSON."
    let discussion = """
        Reads a CSV with the header group,duration,event (event 1 observed, 0 censored) and \
        prints per group, as JSON: the Kaplan-Meier table with its log(-log) Greenwood band, \
        the median and its interval, the Wilson interval of events out of rows, and the \
        Garwood interval of events per minute of summed duration (Docs/warmth.md#metrics). \
        Scripts/conformance-warmth compares it with lifelines, statsmodels and scipy. \
        Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let file = Positional<String>("FILE.csv", "Rows group,duration,event.")
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = []

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let out = try SurvivalTable.read(arguments[Self.file]).estimates
        output.out(try JSONText.string(out) + "\n")
        return .success
    }
}
