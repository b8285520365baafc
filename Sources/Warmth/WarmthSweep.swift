import EvalNumerics
import Foundation

/// The grid of a warmth sweep: values per swept constant (spec.md#warmth-sweep-grid).
/// warmOff is swept as the gap warmOn − warmOff; (k, n) as pairs.
public struct WarmthGrid: Codable, Sendable, Equatable {
    public var tau: [Double]
    public var floor: [Double]
    public var alpha: [Double]
    public var warmOn: [Double]
    public var warmGap: [Double]
    public var foundScore: [Double]
    public var kn: [[Int]]

    /// Creates a grid.
    public init(tau: [Double], floor: [Double], alpha: [Double], warmOn: [Double], warmGap: [Double], foundScore: [Double], kn: [[Int]]) {
        self.tau = tau; self.floor = floor; self.alpha = alpha; self.warmOn = warmOn
        self.warmGap = warmGap; self.foundScore = foundScore; self.kn = kn
    }

    /// The dimension names, in the order of a point's indices.
    public static let names = ["tau", "floor", "alpha", "warmOn", "warmGap", "foundScore", "k/n"]
    /// Values per dimension.
    public var sizes: [Int] { [tau.count, floor.count, alpha.count, warmOn.count, warmGap.count, foundScore.count, kn.count] }
    /// Number of points.
    public var count: Int { sizes.reduce(1, *) }

    /// Why the grid cannot be swept, or nil.
    public var problem: String? {
        if sizes.contains(0) { return "every grid dimension needs at least one value" }
        if kn.contains(where: { $0.count != 2 || $0[0] < 1 || $0[1] < $0[0] }) { return "k/n pairs must be [k, n] with 1 ≤ k ≤ n" }
        if tau.contains(where: { !($0 > 0) }) { return "tau values must be positive" }
        if warmGap.contains(where: { $0 < 0 }) { return "warmGap values must not be negative" }
        if alpha.contains(where: { !($0 > 0 && $0 <= 1) }) { return "alpha values lie in (0, 1]" }
        return nil
    }

    /// The indices of point `flat` (last dimension fastest).
    public func indices(_ flat: Int) -> [Int] {
        var rest = flat
        var out = [Int](repeating: 0, count: sizes.count)
        for d in sizes.indices.reversed() { out[d] = rest % sizes[d]; rest /= sizes[d] }
        return out
    }

    /// The flat index of `indices`.
    public func flat(_ indices: [Int]) -> Int { zip(indices, sizes).reduce(0) { $0 * $1.1 + $1.0 } }

    /// `base` with point `indices` applied.
    public func parameters(_ indices: [Int], base: FinderParameters) -> FinderParameters {
        var p = base
        p.tau = tau[indices[0]]; p.floor = floor[indices[1]]; p.alpha = alpha[indices[2]]
        p.warmOn = warmOn[indices[3]]; p.warmOff = p.warmOn - warmGap[indices[4]]
        p.foundScore = foundScore[indices[5]]; p.k = kn[indices[6]][0]; p.n = kn[indices[6]][1]
        return p
    }

    /// The value of dimension `d` at index `i`, as text.
    public func value(_ d: Int, _ i: Int) -> String {
        switch d {
        case 0: return "\(tau[i])"
        case 1: return "\(floor[i])"
        case 2: return "\(alpha[i])"
        case 3: return "\(warmOn[i])"
        case 4: return "\(warmGap[i])"
        case 5: return "\(foundScore[i])"
        default: return "\(kn[i][0])/\(kn[i][1])"
        }
    }

    /// The points one step away in one dimension.
    public func neighbours(_ indices: [Int]) -> [[Int]] {
        var out: [[Int]] = []
        for d in sizes.indices {
            for step in [-1, 1] {
                let v = indices[d] + step
                if v >= 0 && v < sizes[d] { var n = indices; n[d] = v; out.append(n) }
            }
        }
        return out
    }
}

/// The limits a recommendation must respect (spec.md#warmth-selection).
public struct WarmthConstraints: Codable, Sendable, Equatable {
    /// Upper Wilson bound of the share of trials with a false find (absent and present separately).
    public var maxFalseFindTrialShare: Double
    /// Upper Garwood bound of false finds per minute.
    public var maxFalseFindPerMin: Double
    /// Warm-without-target time share.
    public var maxWarmNoTarget: Double
    /// Warm toggles per minute.
    public var maxWarmTogglesPerMin: Double

    /// The constraints `s` breaks, in words (empty when it meets them all).
    public func violations(_ s: WarmthSummary) -> [String] {
        var out: [String] = []
        func share(_ p: Proportion, _ name: String) {
            if p.n > 0, !(p.upper <= maxFalseFindTrialShare) { out.append("\(name) trials with a false find: upper bound \(fmt(p.upper)) > \(maxFalseFindTrialShare)") }
        }
        share(s.falseFindTrialsAbsent, "absent")
        share(s.falseFindTrialsPresent, "present")
        if !(s.falseFindsPerMinute.upper <= maxFalseFindPerMin) { out.append("false finds per minute: upper bound \(fmt(s.falseFindsPerMinute.upper)) > \(maxFalseFindPerMin)") }
        if s.warmWithoutTargetShare > maxWarmNoTarget { out.append("warm-without-target share \(fmt(s.warmWithoutTargetShare)) > \(maxWarmNoTarget)") }
        if s.warmTogglesPerMinute > maxWarmTogglesPerMin { out.append("warm toggles per minute \(fmt(s.warmTogglesPerMinute)) > \(maxWarmTogglesPerMin)") }
        return out
    }
    private func fmt(_ x: Double) -> String { String(format: "%.4f", x) }
}

/// A sweep's replays: per grid point, one trace per trial (spec.md#warmth-sweep-grid).
public struct WarmthSweep: Sendable {
    public var grid: WarmthGrid
    public var base: FinderParameters
    /// traces[point][trial], trials in corpus order.
    public var traces: [[FinderTrace]]

    /// Replays every trial at every grid point. The guide and re-rank stages run once per
    /// (τ, floor); the rest per point, in parallel, deterministically.
    public init(trials: [Trial], grid: WarmthGrid, base: FinderParameters) {
        self.grid = grid
        self.base = base
        let sizes = grid.sizes
        var prepared: [[PreparedTrial]] = []
        for ti in 0..<sizes[0] {
            for fi in 0..<sizes[1] {
                var p = base; p.tau = grid.tau[ti]; p.floor = grid.floor[fi]
                prepared.append(trials.map { PreparedTrial($0, p) })
            }
        }
        let frozen = prepared
        let chunks = inChunks(of: grid.count, minimumChunk: 16) { range in
            range.map { flat -> [FinderTrace] in
                let idx = grid.indices(flat)
                let p = grid.parameters(idx, base: base)
                return frozen[idx[0] * sizes[1] + idx[1]].map { Finder.replay($0, p) }
            }
        }
        traces = chunks.flatMap { $0 }
    }
}

/// The choice among grid points (spec.md#warmth-selection).
public enum WarmthSelection {
    /// The outcome of choosing.
    public struct Choice: Sendable {
        /// Flat index of the chosen point, nil when no point meets the constraints.
        public var point: Int?
        /// Whether every neighbour of the chosen point also meets the constraints.
        public var robust: Bool
        /// Feasible points.
        public var feasible: Int
        /// The best feasible point ignoring its neighbours (equal to `point` when that is robust and best).
        public var bestFeasible: Int?
    }

    /// Whether a is better than b: smaller median TTF, then higher P(found by the first
    /// horizon), then fewer warm toggles; grid order last.
    static func better(_ a: (Int, WarmthSummary), _ b: (Int, WarmthSummary)) -> Bool {
        if a.1.ttf.medianForRanking != b.1.ttf.medianForRanking { return a.1.ttf.medianForRanking < b.1.ttf.medianForRanking }
        let fa = a.1.ttf.foundBy.first ?? 0, fb = b.1.ttf.foundBy.first ?? 0
        if fa != fb { return fa > fb }
        if a.1.warmTogglesPerMinute != b.1.warmTogglesPerMinute { return a.1.warmTogglesPerMinute < b.1.warmTogglesPerMinute }
        return a.0 < b.0
    }

    /// Chooses among `summaries` (one per grid point): the best feasible point whose
    /// neighbours are all feasible, else the best feasible point.
    public static func choose(_ summaries: [WarmthSummary], grid: WarmthGrid, constraints: WarmthConstraints) -> Choice {
        let ok = summaries.map { constraints.violations($0).isEmpty }
        let feasible = summaries.indices.filter { ok[$0] }
        let robust = feasible.filter { i in grid.neighbours(grid.indices(i)).allSatisfy { ok[grid.flat($0)] } }
        func best(_ set: [Int]) -> Int? { set.map { ($0, summaries[$0]) }.min(by: better)?.0 }
        let top = best(feasible)
        if let r = best(robust) { return Choice(point: r, robust: true, feasible: feasible.count, bestFeasible: top) }
        return Choice(point: top, robust: false, feasible: feasible.count, bestFeasible: top)
    }
}

/// Paired comparison of two parameter sets on the same trials (spec.md#warmth-selection).
public struct PairedFinds: Sendable, Codable, Equatable {
    public var earlier = 0, later = 0, same = 0, onlyCandidate = 0, onlyBaseline = 0, neither = 0
    /// Median TTF difference (candidate − baseline), nil when either median is not reached.
    public var medianDifference: Double?
    /// Session-bootstrap percentile interval of the difference, over resamples where both medians exist.
    public var differenceLower: Double?
    public var differenceUpper: Double?
    /// Resamples where a median was not reached (left out of the interval).
    public var undefinedResamples = 0
    public var resamples = 0

    /// Compares `candidate` with `baseline` trace by trace (same trial order).
    public init(candidate: [FinderTrace], baseline: [FinderTrace], resamples: Int, seed: UInt64) {
        for (c, b) in zip(candidate, baseline) where c.targetPresent == true {
            switch (c.firstCorrectFind, b.firstCorrectFind) {
            case let (x?, y?): if x < y { earlier += 1 } else if x > y { later += 1 } else { same += 1 }
            case (_?, nil): onlyCandidate += 1
            case (nil, _?): onlyBaseline += 1
            case (nil, nil): neither += 1
            }
        }
        func median(_ traces: [FinderTrace]) -> Double? {
            KaplanMeier(traces.filter { $0.targetPresent == true }.map { ($0.firstCorrectFind ?? $0.exposure, $0.firstCorrectFind != nil) }).median
        }
        if let a = median(candidate), let b = median(baseline) { medianDifference = a - b }
        let sessions = Array(Set(candidate.map(\.sessionId))).sorted()
        var g = SplitMix64(seed: seed)
        var diffs: [Double] = []
        self.resamples = resamples
        for _ in 0..<resamples {
            var c: [FinderTrace] = [], b: [FinderTrace] = []
            for _ in sessions {
                let s = sessions[Int(g.next() % UInt64(sessions.count))]
                c += candidate.filter { $0.sessionId == s }
                b += baseline.filter { $0.sessionId == s }
            }
            if let x = median(c), let y = median(b) { diffs.append(x - y) } else { undefinedResamples += 1 }
        }
        if !diffs.isEmpty {
            differenceLower = Quantile.linear(diffs, 0.025)
            differenceUpper = Quantile.linear(diffs, 0.975)
        }
    }
}

/// The release gate's thresholds (spec.md#warmth-gate).
public struct WarmthGateConfig: Codable, Sendable, Equatable {
    public var minFidelityTrials: Int
    public var ttfSlack: Double
    public var ttfCapS: Double
    public var fpMargin: Double
}

/// The gate's verdict with one line per condition.
public struct WarmthGateResult: Sendable, Codable, Equatable {
    public var passed: Bool
    public var checks: [String]

    /// Judges a candidate against the baseline.
    public init(config: WarmthGateConfig, constraints: WarmthConstraints, fidelityTrials: Int, fidelityDivergences: Int,
                candidate: WarmthSummary, baseline: WarmthSummary) {
        var checks: [String] = []
        var ok = true
        func check(_ pass: Bool, _ text: String) { checks.append((pass ? "PASS " : "FAIL ") + text); ok = ok && pass }
        check(fidelityDivergences == 0 && fidelityTrials >= config.minFidelityTrials,
              "fidelity: \(fidelityTrials) trials with app phase logs (need \(config.minFidelityTrials)), \(fidelityDivergences) diverged")
        let v = constraints.violations(candidate)
        check(v.isEmpty, "false-find constraints" + (v.isEmpty ? " hold" : ": " + v.joined(separator: "; ")))
        let cm = candidate.ttf.medianForRanking, bm = baseline.ttf.medianForRanking
        let ttfOK = cm <= bm * (1 + config.ttfSlack) || cm <= config.ttfCapS
        check(ttfOK, "median TTF \(Self.text(candidate.ttf.median)) ≤ baseline \(Self.text(baseline.ttf.median)) × \(1 + config.ttfSlack) or ≤ \(config.ttfCapS) s")
        let pairs: [(String, Double, Double)] = [
            ("absent trials with a false find", candidate.falseFindTrialsAbsent.estimate, baseline.falseFindTrialsAbsent.estimate),
            ("present trials with a false find", candidate.falseFindTrialsPresent.estimate, baseline.falseFindTrialsPresent.estimate),
            ("false finds per minute", candidate.falseFindsPerMinute.perMinute, baseline.falseFindsPerMinute.perMinute),
        ]
        for (name, c, b) in pairs {
            check(!(c > b + config.fpMargin), "\(name) \(String(format: "%.4f", c)) ≤ baseline \(String(format: "%.4f", b)) + \(config.fpMargin)")
        }
        passed = ok
        self.checks = checks
    }

    private static func text(_ x: Double?) -> String { x.map { String(format: "%.3f s", $0) } ?? "not reached" }
}
