import Foundation
import Recording
import Warmth
import EvalResults

/// The warmth job: fidelity, baseline metrics, the sweep, the constrained choice,
/// leave-one-session-out validation, the neighbourhood, the paired comparison and the gate
/// (Docs/warmth.md).
public enum WarmthJob {
    public static func run(_ proto: WarmthProtocol, trials: [Trial]) -> WarmthResults {
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
public enum ParetoFrontIndices {
    public static func of(_ rows: [[Double]]) -> [Int] {
        let clean = rows.map { $0.map { $0.isNaN ? Double.infinity : $0 } }
        return clean.indices.filter { b in !clean.indices.contains { a in a != b && dominates(clean[a], clean[b]) } }
    }
    private static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { $0 <= $1 } && zip(a, b).contains { $0 < $1 }
    }
}
