import Foundation

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

    /// The constraints figures `s` break, in words (empty when they meet them all).
    public func violations(_ s: WarmthPointFigures) -> [String] {
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
        let v = constraints.violations(candidate.figures)
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
