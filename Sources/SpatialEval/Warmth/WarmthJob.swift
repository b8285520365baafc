import Foundation
import Recording
import Warmth

/// A warmth protocol file (Docs/warmth.md#protocol).
struct WarmthProtocol: Codable {
    var name: String
    var description: String?
    /// Whether the corpus is simulated (every figure is then labelled so).
    var simulated: Bool
    /// The corpus index, relative to the protocol file.
    var corpus: String
    var horizons: [Double]
    var minWarmS: Double
    /// The shipped (baseline) parameters; missing keys keep the shipped values.
    var baseline: FinderParameters
    var grid: WarmthGrid
    var constraints: WarmthConstraints
    var gate: WarmthGateConfig
    var bootstrapResamples: Int
    var bootstrapSeed: UInt64

    static func load(_ path: String) throws -> (WarmthProtocol, corpus: String) {
        let data = TextFile.withoutByteOrderMark(try TextFile.read(path, kind: "a warmth protocol"))
        let p: WarmthProtocol
        do { p = try JSONDecoder().decode(WarmthProtocol.self, from: data) } catch {
            throw InputError(file: path, message: "not a warmth protocol: \(error)")
        }
        if let problem = p.grid.problem { throw InputError(file: path, message: "grid: \(problem)") }
        if let problem = p.baseline.problem { throw InputError(file: path, message: "baseline: \(problem)") }
        guard !p.horizons.isEmpty, p.horizons.allSatisfy({ $0 > 0 }) else { throw InputError(file: path, message: "horizons must be positive seconds") }
        guard (0...BootstrapSettings.maximumReplicates).contains(p.bootstrapResamples) else {
            throw InputError(file: path, message: "key 'bootstrapResamples': must be from 0 to \(BootstrapSettings.maximumReplicates) (spec.md#limits-bootstrap)")
        }
        let corpus = p.corpus.hasPrefix("/") ? p.corpus : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(p.corpus)
        return (p, corpus)
    }
}

/// Everything the warmth job computes, as written to `results.json`.
struct WarmthResults: Codable {
    var protocolName: String
    var simulated: Bool
    var trials: Int
    var sessions: Int
    var gridPoints: Int
    var fidelity: FidelityOutcome
    var baseline: FinderParameters
    var baselineSummary: WarmthSummary
    var recommended: FinderParameters?
    var recommendedSummary: WarmthSummary?
    var robust: Bool
    var feasiblePoints: Int
    /// The best feasible point ignoring its neighbours, and its median time-to-find.
    var bestFeasiblePoint: String?
    var bestFeasibleMedianTTF: Double?
    /// Per constant: recommended value and the range the leave-one-session-out folds chose.
    var constants: [ConstantRow]
    var heldOutSummary: WarmthSummary?
    var folds: [Fold]
    var neighbours: [Neighbour]
    var pareto: [ParetoPoint]
    var paired: PairedFinds?
    var gate: WarmthGateResult?
    var warnings: [String]

    struct ConstantRow: Codable { var name: String; var shipped: String; var recommended: String; var foldLow: String; var foldHigh: String }
    struct Fold: Codable { var heldOut: String; var chosen: String?; var heldOutTrials: Int }
    struct Neighbour: Codable { var point: String; var medianTTF: Double?; var falseFindUpperAbsent: Double; var falseFindsPerMinUpper: Double; var feasible: Bool }
    struct ParetoPoint: Codable { var point: String; var medianTTF: Double?; var falseFindsPerMin: Double }
}

/// The warmth job: fidelity, baseline metrics, the sweep, the constrained choice,
/// leave-one-session-out validation, the neighbourhood, the paired comparison and the gate
/// (Docs/warmth.md).
enum WarmthJob {
    static func run(_ proto: WarmthProtocol, trials: [Trial]) -> WarmthResults {
        let fidelity = FidelityOutcome(trials)
        let h = proto.horizons, m = proto.minWarmS
        let base = proto.baseline
        let baseTraces = trials.map { Finder.replay(PreparedTrial($0, base), base) }
        let baseSummary = WarmthSummary(baseTraces, horizons: h, minWarmS: m)
        var warnings = Array(Set(trials.flatMap(\.warnings))).sorted()
        if trials.contains(where: { $0.confirmMode == "live" }) { warnings.append("live-mode trials are swept: their confirm data follow the app's own phases (Docs/warmth.md#format)") }
        let grid = proto.grid
        guard fidelity.divergences.isEmpty else {
            // the model does not reproduce the app: no sweep result is published (spec.md#warmth-fidelity)
            return WarmthResults(
                protocolName: proto.name, simulated: proto.simulated, trials: trials.count, sessions: Set(trials.map(\.sessionId)).count,
                gridPoints: grid.count, fidelity: fidelity, baseline: base, baselineSummary: baseSummary, recommended: nil,
                recommendedSummary: nil, robust: false, feasiblePoints: 0, bestFeasiblePoint: nil, bestFeasibleMedianTTF: nil,
                constants: [], heldOutSummary: nil, folds: [], neighbours: [], pareto: [], paired: nil,
                gate: WarmthGateResult(config: proto.gate, constraints: proto.constraints, fidelityTrials: fidelity.trialsChecked,
                                       fidelityDivergences: fidelity.divergences.count, candidate: baseSummary, baseline: baseSummary),
                warnings: warnings + ["the fidelity check diverged: the sweep was not run and nothing is recommended"])
        }
        let sweep = WarmthSweep(trials: trials, grid: grid, base: base)
        let summaries = sweep.traces.map { WarmthSummary($0, horizons: h, minWarmS: m) }
        let choice = WarmthSelection.choose(summaries, grid: grid, constraints: proto.constraints)
        func label(_ flat: Int) -> String {
            let idx = grid.indices(flat)
            return zip(WarmthGrid.names, idx.enumerated().map { grid.value($0.offset, $0.element) }).map { "\($0)=\($1)" }.joined(separator: " ")
        }
        // leave one session out
        let sessions = Array(Set(trials.map(\.sessionId))).sorted()
        var folds: [WarmthResults.Fold] = []
        var heldOut: [FinderTrace] = []
        var foldChoices: [[Int]] = []
        for s in sessions {
            let keep = trials.indices.filter { trials[$0].sessionId != s }
            let inFold = sweep.traces.map { traces in keep.map { traces[$0] } }
            let c = WarmthSelection.choose(inFold.map { WarmthSummary($0, horizons: h, minWarmS: m) }, grid: grid, constraints: proto.constraints)
            let out = trials.indices.filter { trials[$0].sessionId == s }
            if let point = c.point {
                heldOut += out.map { sweep.traces[point][$0] }
                foldChoices.append(grid.indices(point))
            }
            folds.append(.init(heldOut: s, chosen: c.point.map(label), heldOutTrials: out.count))
        }
        var results = WarmthResults(
            protocolName: proto.name, simulated: proto.simulated, trials: trials.count, sessions: sessions.count, gridPoints: grid.count,
            fidelity: fidelity, baseline: base, baselineSummary: baseSummary, recommended: nil, recommendedSummary: nil,
            robust: choice.robust, feasiblePoints: choice.feasible, bestFeasiblePoint: choice.bestFeasible.map(label),
            bestFeasibleMedianTTF: choice.bestFeasible.flatMap { summaries[$0].ttf.median }, constants: [], heldOutSummary: heldOut.isEmpty ? nil : WarmthSummary(heldOut, horizons: h, minWarmS: m),
            folds: folds, neighbours: [], pareto: [], paired: nil, gate: nil, warnings: warnings)
        // Pareto front of median TTF against false finds per minute
        let rows = summaries.map { [$0.ttf.medianForRanking, $0.falseFindsPerMinute.perMinute] }
        var seen = Set<String>()
        for i in ParetoFrontIndices.of(rows) {
            let key = "\(rows[i][0]) \(rows[i][1])"
            guard seen.insert(key).inserted else { continue }
            results.pareto.append(.init(point: label(i), medianTTF: summaries[i].ttf.median, falseFindsPerMin: summaries[i].falseFindsPerMinute.perMinute))
        }
        guard let point = choice.point else {
            results.gate = WarmthGateResult(config: proto.gate, constraints: proto.constraints, fidelityTrials: fidelity.trialsChecked,
                                            fidelityDivergences: fidelity.divergences.count, candidate: baseSummary, baseline: baseSummary)
            return results
        }
        let idx = grid.indices(point)
        let rec = grid.parameters(idx, base: base)
        results.recommended = rec
        results.recommendedSummary = summaries[point]
        results.constants = (0..<idx.count).map { d in
            let shipped: String
            switch d {
            case 0: shipped = "\(base.tau)"
            case 1: shipped = "\(base.floor)"
            case 2: shipped = "\(base.alpha)"
            case 3: shipped = "\(base.warmOn)"
            case 4: shipped = "\(((base.warmOn - base.warmOff) * 1e9).rounded() / 1e9)"
            case 5: shipped = "\(base.foundScore)"
            default: shipped = "\(base.k)/\(base.n)"
            }
            let values = foldChoices.map { $0[d] }
            return .init(name: WarmthGrid.names[d], shipped: shipped, recommended: grid.value(d, idx[d]),
                         foldLow: values.min().map { grid.value(d, $0) } ?? "–", foldHigh: values.max().map { grid.value(d, $0) } ?? "–")
        }
        results.neighbours = ([idx] + grid.neighbours(idx)).map { n in
            let s = summaries[grid.flat(n)]
            return .init(point: label(grid.flat(n)), medianTTF: s.ttf.median, falseFindUpperAbsent: s.falseFindTrialsAbsent.upper,
                         falseFindsPerMinUpper: s.falseFindsPerMinute.upper, feasible: proto.constraints.violations(s).isEmpty)
        }
        results.paired = PairedFinds(candidate: sweep.traces[point], baseline: baseTraces, resamples: proto.bootstrapResamples, seed: proto.bootstrapSeed)
        results.gate = WarmthGateResult(config: proto.gate, constraints: proto.constraints, fidelityTrials: fidelity.trialsChecked,
                                        fidelityDivergences: fidelity.divergences.count, candidate: summaries[point], baseline: baseSummary)
        return results
    }
}

/// Pareto indices with both objectives minimised; NaN rates count as +∞.
enum ParetoFrontIndices {
    static func of(_ rows: [[Double]]) -> [Int] {
        let clean = rows.map { $0.map { $0.isNaN ? Double.infinity : $0 } }
        return clean.indices.filter { b in !clean.indices.contains { a in a != b && dominates(clean[a], clean[b]) } }
    }
    private static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { $0 <= $1 } && zip(a, b).contains { $0 < $1 }
    }
}

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
