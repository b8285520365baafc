import Foundation
import EvalMetrics
import EvalNumerics
import Evaluation
import Simulation
import EvalResults

/// Simulates sessions of the walk-away/re-approach protocol and sets each figure the app
/// reports beside the simulator's (`spatial-eval calibrate`). The simulator's parameters are
/// never set from these figures: a figure outside the simulated range is a gap to explain
/// (Docs/simulator.md), not a parameter to move.
public enum SimulatorCalibration {
    /// Runs the calibration.
    public static func run(_ settings: CalibrationSettings) -> CalibrationReport {
        let sessions = simulate(settings, count: settings.sessions, configuration: settings.configuration)
        var shared = settings.configuration
        shared.depthNetwork.fastPassResidual = .shared
        shared.cadence.lidarMapEveryNFrames = 0
        let bound = simulate(settings, count: min(settings.boundSessions, settings.sessions), configuration: shared)
        return CalibrationReport(
            settings: settings, sessions: sessions, sharedBoundSessions: bound, rows: rows(sessions, bound: bound, settings: settings))
    }

    /// `count` sessions from `settings.sessionSeed(0)` on, measured in parallel, in seed order.
    public static func simulate(_ settings: CalibrationSettings, count: Int, configuration: SimulationConfiguration) -> [CalibrationSession] {
        let duration = settings.duration
        // Eight chunks per core, taken as cores come free: sessions differ in cost.
        return inChunks(of: count, minimumChunk: 1, perProcessor: 8) { range in
            range.map { CalibrationSession.measure(.walkawayReapproach, seed: settings.sessionSeed($0), duration: duration, configuration: configuration) }
        }.flatMap { $0 }
    }

    /// The rows of the calibration table.
    public static func rows(_ sessions: [CalibrationSession], bound: [CalibrationSession], settings: CalibrationSettings) -> [CalibrationRow] {
        guard !sessions.isEmpty else { return [] }
        let gapRows: [(String, String, Double, @Sendable ([Double]) -> Double)] = [
            ("re-anchor gap median, m", "2.8 cm (n = 33, one session)", 0.028, { Quantile.median($0) }),
            ("re-anchor gap p90, m", "19.2 cm", 0.192, { Quantile.linear($0, 0.9) }),
            ("re-anchor gap max, m", "86.6 cm", 0.866, { $0.max() ?? .nan }),
        ]
        var rows = gapRows.map { name, app, value, statistic in
            row(name, app: app, appValue: value, sessions: sessions, settings: settings, perSession: true) { units in
                let gaps = units.flatMap(\.gaps)
                return gaps.isEmpty ? .nan : statistic(gaps)
            }
        }
        rows.append(row("gaps per session", app: "33", appValue: 33, sessions: sessions, settings: settings, perSession: true) {
            Double($0.map(\.gaps.count).reduce(0, +)) / Double($0.count)
        })
        for (label, group) in [("", sessions), (" (shared-error bound)", bound)] where !group.isEmpty {
            rows.append(row("fast vs full network, Pearson r" + label, app: "0.984 (n = 32 images)", appValue: 0.984,
                            sessions: group, settings: settings, perSession: true) { pearsonR($0) ?? .nan })
            rows.append(row("fast vs full network, mean abs. difference %" + label, app: "3.5 %", appValue: 3.5,
                            sessions: group, settings: settings, perSession: true) { meanAbsolutePercentDifference($0) ?? .nan })
        }
        rows.append(row("bottle at 2.9–3.3 m: recall per detector run", app: "not detected (falsely flagged missing at 3.1 m)",
                        appValue: nil, sessions: sessions, settings: settings, perSession: false) { recall($0) })
        rows.append(row("twin pairs: same-object vs twin ROC AUC", app: "appearance cannot tell twins apart", appValue: nil,
                        sessions: sessions, settings: settings, perSession: false) { auc($0) })
        rows.append(row("twin cross-cosines ≥ 0.92, fraction", app: "none of ~20 pairs", appValue: 0, sessions: sessions,
                        settings: settings, perSession: false) { twinShare($0, at: 0.92) })
        return rows.map(judged)
    }

    /// A row: `statistic` on all sessions, its bootstrap interval, and optionally its per-session range.
    public static func row(
        _ figure: String, app: String, appValue: Double?, sessions: [CalibrationSession], settings: CalibrationSettings,
        perSession: Bool, statistic: @escaping @Sendable ([CalibrationSession]) -> Double
    ) -> CalibrationRow {
        let interval = Bootstrap.intervalOnAllCores(
            units: sessions, method: .percentile, resamples: settings.resamples, seed: settings.bootstrapSeed, statistic: statistic)
        var range: ClosedRange<Double>?
        if perSession {
            let values = sessions.map { statistic([$0]) }.filter(\.isFinite)
            if !values.isEmpty { range = Quantile.linear(values, 0.025)...Quantile.linear(values, 0.975) }
        }
        let lower = interval.lower.isFinite ? interval.lower : interval.estimate
        let upper = interval.upper.isFinite ? interval.upper : interval.estimate
        return CalibrationRow(
            figure: figure, app: app, appValue: appValue, pooled: interval.estimate,
            interval: min(lower, upper)...max(lower, upper), perSession: range, verdict: "")
    }

    /// `row` with its verdict: a single-session figure is judged against the per-session
    /// range; the qualitative figures by the rule stated in the verdict.
    public static func judged(_ row: CalibrationRow) -> CalibrationRow {
        var row = row
        if row.figure.hasPrefix("bottle") {
            let miss = { (p: Double) in pow(1 - p, 3) }
            row.verdict = "P(3 looks all miss) = \(fixed(miss(row.pooled))) [\(fixed(miss(row.interval.upperBound)))–\(fixed(miss(row.interval.lowerBound)))]"
                + (miss(row.interval.lowerBound) >= 0.05 ? ": the incident is plausible" : ": the incident is implausible (gap)")
        } else if row.figure.hasPrefix("twin pairs") {
            row.verdict = row.interval.upperBound < 0.9
                ? "consistent: the distributions overlap (AUC interval below 0.9)" : "gap: the interval reaches 0.9 (twins largely separable)"
        } else if row.figure.hasPrefix("twin cross") {
            let allBelow = pow(1 - row.pooled, 20)
            row.verdict = "P(20 pairs all < 0.92) = \(fixed(allBelow))" + (allBelow >= 0.05 ? ": consistent" : ": gap")
        } else if let value = row.appValue, let range = row.perSession {
            row.verdict = range.contains(value) ? "inside one session's range" : (value < range.lowerBound ? "below" : "above") + " one session's range (gap)"
        }
        return row
    }

    /// Pearson's r of the fast and full passes pooled over `sessions` (nil under two pixels);
    /// the figure ``ResolutionAgreement`` gives, without its other sums (a bootstrap replicate
    /// of one row needs one statistic).
    public static func pearsonR(_ sessions: [CalibrationSession]) -> Double? {
        let low = sessions.flatMap(\.fastPass), high = sessions.flatMap(\.fullPass)
        return low.count >= 2 ? ResolutionAgreement.pearsonR(low: low, high: high) : nil
    }

    /// The fast pass's mean absolute percentage difference from the full pass, pooled over
    /// `sessions` (nil under two pixels): the ratios of every session in order, one list.
    public static func meanAbsolutePercentDifference(_ sessions: [CalibrationSession]) -> Double? {
        var ratios: [Double] = []
        ratios.reserveCapacity(sessions.reduce(0) { $0 + $1.fastPass.count })
        for session in sessions {
            for (low, high) in zip(session.fastPass, session.fullPass) { ratios.append(ResolutionAgreement.percentRatio(low, high)) }
        }
        return ratios.count >= 2 ? ResolutionAgreement.meanAbsolutePercentDifference(ratios: ratios) : nil
    }

    /// Detections per look at a bottle near 3.1 m, pooled.
    public static func recall(_ sessions: [CalibrationSession]) -> Double {
        let looks = sessions.map(\.bottleLooks).reduce(0, +)
        return looks > 0 ? Double(sessions.map(\.bottleDetections).reduce(0, +)) / Double(looks) : .nan
    }

    /// ROC AUC of "cosine ≥ θ means the same object" on twin-group pairs, pooled.
    public static func auc(_ sessions: [CalibrationSession]) -> Double {
        ThresholdCurves.rocAUC(labels: sessions.flatMap(\.cosinePairs.sameObject), scores: sessions.flatMap(\.cosinePairs.cosines)) ?? .nan
    }

    /// Fraction of twin cross-object pairs with cosine ≥ `threshold`, pooled.
    public static func twinShare(_ sessions: [CalibrationSession], at threshold: Double) -> Double {
        let cross = sessions.flatMap { zip($0.cosinePairs.cosines, $0.cosinePairs.sameObject).filter { !$0.1 }.map(\.0) }
        return cross.isEmpty ? .nan : Double(cross.count { $0 >= threshold }) / Double(cross.count)
    }

    /// `value` with three decimals.
    public static func fixed(_ value: Double) -> String { ReportNumber.fixed(value) }
}
