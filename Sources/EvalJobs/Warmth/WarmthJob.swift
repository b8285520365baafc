import EvalNumerics
import Foundation
import Recording
import Sweeps
import Warmth
import EvalResults

/// The warmth job: fidelity, baseline metrics, the sweep on the shared engine
/// (``ResumableSweep`` over a ``WarmthSweep``), the constrained choice, leave-one-session-out
/// validation, the neighbourhood, the paired comparison and the gate (Docs/warmth.md).
public enum WarmthJob {
    /// Where the warmth sweep's checkpoint lives inside `folder`.
    public static func checkpointPath(_ folder: String) -> String {
        (folder as NSString).appendingPathComponent(".warmth.checkpoint")
    }

    /// Where a warmth job checkpoints and which inputs the checkpoint belongs to.
    public struct Checkpointing: Sendable {
        /// The output folder holding the checkpoint.
        public var folder: String
        /// Identifies the protocol, the trials and the build; a checkpoint with another is ignored.
        public var fingerprint: String
        /// Points per checkpointed batch.
        public var batchSize: Int

        /// Checkpoints in `folder` for the protocol at `protocolPath` and `trials`.
        public init(folder: String, protocolPath: String, trials: [Trial], batchSize: Int = 256) throws {
            self.folder = folder
            self.batchSize = batchSize
            let build = [ToolInfo.version, ToolInfo.gitCommit() ?? "no-git"]
            let inputs = try ([protocolPath] + trials.map(\.file)).map(SHA256.fingerprint)
            fingerprint = SHA256.hexDigest(of: Array((build + ["warmth"] + inputs).joined(separator: "\n").utf8))
        }
    }

    /// Runs `proto` on `trials`. With `checkpointing`, completed grid points are saved after
    /// every batch and a rerun with the same inputs resumes from them; the checkpoint is
    /// removed once the sweep is complete. `message` receives one line per step, `progress`
    /// ("warmth sweep", points done, points total) after each batch.
    /// `known` holds points computed elsewhere (merged shards), by flat grid index; they are
    /// not recomputed.
    public static func run(_ proto: WarmthProtocol, trials: [Trial], checkpointing: Checkpointing? = nil, known: [Int: [[Double]]] = [:],
                           message: (String) -> Void = { _ in }, progress: (String, Int, Int) -> Void = { _, _, _ in }) throws -> WarmthResults {
        let fidelity = FidelityOutcome(trials)
        let h = proto.horizons, m = proto.minWarmS
        let base = proto.baseline
        let baseTraces = trials.map { Finder.replay(PreparedTrial($0, base), base) }
        let baseSummary = WarmthSummary(baseTraces, horizons: h, minWarmS: m)
        var warnings = Array(Set(trials.flatMap(\.warnings))).sorted()
        if trials.contains(where: { $0.confirmMode == "live" }) { warnings.append("live-mode trials are swept: their confirm data follow the app's own phases (Docs/warmth.md#format)") }
        let grid = proto.grid
        var results = WarmthResults(
            protocolName: proto.name, simulated: proto.simulated, trials: trials.count, sessions: Set(trials.map(\.sessionId)).count,
            gridPoints: grid.count, fidelity: fidelity, baseline: base, baselineSummary: baseSummary, robust: false, feasiblePoints: 0,
            constants: [], folds: [], neighbours: [], pareto: [], warnings: warnings)
        results.trialIds = trials.map(\.trialId)
        results.trialSessions = trials.map(\.sessionId)
        results.trialPresence = trials.map { $0.targetPresent.map { $0 ? 1 : 0 } ?? .nan }
        let gateOnBaseline = WarmthGateResult(config: proto.gate, constraints: proto.constraints, fidelityTrials: fidelity.trialsChecked,
                                              fidelityDivergences: fidelity.divergences.count, candidate: baseSummary, baseline: baseSummary)
        guard fidelity.divergences.isEmpty else {
            // the model does not reproduce the app: no sweep result is published (spec.md#warmth-fidelity)
            results.gate = gateOnBaseline
            results.warnings.append("the fidelity check diverged: the sweep was not run and nothing is recommended")
            return results
        }
        let sweep = WarmthSweep(trials: trials, grid: grid, base: base)
        let components = try sweepComponents(sweep, checkpointing: checkpointing, known: known, message: message, progress: progress, results: &results)
        results.components = components
        let figures = components.map { WarmthPointFigures($0, horizons: h) }
        let choice = WarmthSelection.choose(figures, grid: grid, constraints: proto.constraints)
        results.points = figures.indices.map { i in
            WarmthResults.PointRow(indices: grid.indices(i), figures: figures[i], feasible: proto.constraints.violations(figures[i]).isEmpty)
        }
        func label(_ flat: Int) -> String {
            let idx = grid.indices(flat)
            return zip(WarmthGrid.names, idx.enumerated().map { grid.value($0.offset, $0.element) }).map { "\($0)=\($1)" }.joined(separator: " ")
        }
        // leave one session out
        let sessions = Array(Set(trials.map(\.sessionId))).sorted()
        var heldOut: [FinderTrace] = []
        var foldChoices: [[Int]] = []
        for s in sessions {
            let keep = trials.indices.filter { trials[$0].sessionId != s }
            let inFold = components.map { perTrial in WarmthPointFigures(keep.map { perTrial[$0] }, horizons: h) }
            let c = WarmthSelection.choose(inFold, grid: grid, constraints: proto.constraints)
            let out = trials.indices.filter { trials[$0].sessionId == s }
            if let point = c.point {
                heldOut += sweep.traces(at: point, trials: out)
                foldChoices.append(grid.indices(point))
            }
            results.folds.append(.init(heldOut: s, chosen: c.point.map(label), heldOutTrials: out.count))
        }
        results.robust = choice.robust
        results.feasiblePoints = choice.feasible
        results.bestFeasiblePoint = choice.bestFeasible.map(label)
        results.bestFeasibleMedianTTF = choice.bestFeasible.flatMap { figures[$0].ttf.median }
        results.heldOutSummary = heldOut.isEmpty ? nil : WarmthSummary(heldOut, horizons: h, minWarmS: m)
        // Pareto front of median TTF against false finds per minute
        let rows = figures.map { [$0.ttf.medianForRanking, $0.falseFindsPerMinute.perMinute].map { $0.isNaN ? .infinity : $0 } }
        var seen = Set<String>()
        for i in ParetoFront.indices(rows) {
            let key = "\(rows[i][0]) \(rows[i][1])"
            guard seen.insert(key).inserted else { continue }
            results.pareto.append(.init(point: label(i), medianTTF: figures[i].ttf.median, falseFindsPerMin: figures[i].falseFindsPerMinute.perMinute))
        }
        guard let point = choice.point else {
            results.gate = gateOnBaseline
            return results
        }
        let idx = grid.indices(point)
        let recommendedSummary = WarmthSummary(sweep.traces(at: point), horizons: h, minWarmS: m)
        results.recommended = grid.parameters(idx, base: base)
        results.recommendedSummary = recommendedSummary
        results.constants = (0..<idx.count).map { d in
            let values = foldChoices.map { $0[d] }
            return .init(name: WarmthGrid.names[d], shipped: shippedText(base, dimension: d), recommended: grid.value(d, idx[d]),
                         foldLow: values.min().map { grid.value(d, $0) } ?? "–", foldHigh: values.max().map { grid.value(d, $0) } ?? "–")
        }
        results.neighbours = ([idx] + grid.neighbours(idx)).map { n in
            let f = figures[grid.flat(n)]
            return .init(point: label(grid.flat(n)), medianTTF: f.ttf.median, falseFindUpperAbsent: f.falseFindTrialsAbsent.upper,
                         falseFindsPerMinUpper: f.falseFindsPerMinute.upper, feasible: proto.constraints.violations(f).isEmpty)
        }
        results.paired = PairedFinds(candidate: components[point], baseline: baseTraces.map(\.components), sessions: trials.map(\.sessionId),
                                     resamples: proto.bootstrapResamples, seed: proto.bootstrapSeed)
        results.gate = WarmthGateResult(config: proto.gate, constraints: proto.constraints, fidelityTrials: fidelity.trialsChecked,
                                        fidelityDivergences: fidelity.divergences.count, candidate: recommendedSummary, baseline: baseSummary)
        return results
    }

    /// Every grid point's components, through the shared engine, checkpointed when asked.
    private static func sweepComponents(_ sweep: WarmthSweep, checkpointing: Checkpointing?, known: [Int: [[Double]]], message: (String) -> Void,
                                        progress: (String, Int, Int) -> Void,
                                        results: inout WarmthResults) throws -> [[[Double]]] {
        let total = sweep.pointCount
        let path = checkpointing.map { checkpointPath($0.folder) }
        var checkpoint = checkpointing.flatMap {
            SweepCheckpoint.load(from: checkpointPath($0.folder), fingerprint: $0.fingerprint, pointCount: total,
                                 recordingCount: sweep.unitCount, componentCount: sweep.componentCount)
        } ?? SweepCheckpoint(fingerprint: checkpointing?.fingerprint ?? "")
        results.resumedPoints = checkpoint.points.count
        if let path {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if !checkpoint.points.isEmpty { message("warmth sweep: resuming with \(checkpoint.points.count) of \(total) points done") }
        }
        let done = try ResumableSweep.run(sweep, checkpoint: &checkpoint, known: known, batchSize: checkpointing?.batchSize ?? total) { saved, count in
            if let path { try saved.save(to: path) }
            progress("warmth sweep", count, total)
            return true
        }
        if let path { try? FileManager.default.removeItem(atPath: path) }
        return (0..<total).map { done![$0]! }
    }

    /// The shipped value of grid dimension `d`, as the constants table shows it.
    private static func shippedText(_ base: FinderParameters, dimension d: Int) -> String {
        switch d {
        case 0: return "\(base.tau)"
        case 1: return "\(base.floor)"
        case 2: return "\(base.alpha)"
        case 3: return "\(base.warmOn)"
        case 4: return "\(((base.warmOn - base.warmOff) * 1e9).rounded() / 1e9)"
        case 5: return "\(base.foundScore)"
        default: return "\(base.k)/\(base.n)"
        }
    }
}
