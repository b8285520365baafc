import Foundation
import Recording
import Warmth
import EvalResults

/// The warmth report (Markdown + HTML), rendered from the job's results (Docs/warmth.md#report).
public enum WarmthReport {
    public static func f(_ x: Double, _ digits: Int = 3) -> String { x.isNaN ? "–" : String(format: "%.\(digits)f", x) }
    public static func seconds(_ x: Double?) -> String { x.map { f($0, 2) } ?? "not reached" }
    public static func median(_ t: TimeToEvent) -> String {
        guard let m = t.median else { return "> \(f(t.lastFollowUp, 1)) s (not reached)" }
        return "\(f(m, 2)) s [\(seconds(t.medianLower)), \(seconds(t.medianUpper))]"
    }
    public static func prop(_ p: Proportion) -> String { p.n == 0 ? "no trials" : "\(p.x)/\(p.n) = \(f(p.estimate)) [\(f(p.lower)), \(f(p.upper))]" }
    public static func rate(_ r: Rate) -> String { "\(r.count) / \(f(r.minutes, 2)) min = \(f(r.perMinute)) [\(f(r.lower)), \(f(r.upper))]" }

    /// The metrics table, one column per summary.
    public static func metricsTable(_ doc: inout ReportDocument, _ columns: [(String, WarmthSummary)]) {
        var rows: [[String]] = [["metric"] + columns.map(\.0)]
        func row(_ name: String, _ value: (WarmthSummary) -> String) { rows.append([name] + columns.map { value($0.1) }) }
        row("trials (present / absent), sessions") { "\($0.trials) (\($0.presentTrials) / \($0.absentTrials)), \($0.sessions)" }
        row("median time-to-find [95 %]") { median($0.ttf) }
        if let hs = columns.first?.1.ttf.horizons {
            for (i, h) in hs.enumerated() {
                row("P(found by \(f(h, 0)) s) [95 %]") { "\(f($0.ttf.foundBy[i])) [\(f($0.ttf.foundByLower[i])), \(f($0.ttf.foundByUpper[i]))]" }
            }
        }
        row("median time-to-find after first sight [95 %]") { median($0.ttfAfterSight) }
        row("absent trials with a false find [Wilson 95 %]") { prop($0.falseFindTrialsAbsent) }
        row("present trials with a wrong-box find [Wilson 95 %]") { prop($0.falseFindTrialsPresent) }
        row("all trials with a false find [Wilson 95 %]") { prop($0.falseFindTrialsAll) }
        row("false finds (absent, wrong box)") { "\($0.falseFindsAbsent), \($0.falseFindsWrongBox)" }
        row("false finds per minute [Garwood 95 %]") { rate($0.falseFindsPerMinute) }
        row("false finds per warm minute [Garwood 95 %]") { rate($0.falseFindsPerWarmMinute) }
        row("warm-without-target time share") { f($0.warmWithoutTargetShare) }
        row("warm entries while not visible per minute") { f($0.warmEntriesNotVisiblePerMinute) }
        row("absent trials ever warm [Wilson 95 %]") { prop($0.absentTrialsEverWarm) }
        row("phase changes per minute") { f($0.phaseChangesPerMinute) }
        row("warm toggles per minute") { f($0.warmTogglesPerMinute) }
        row("short warm spells per minute") { f($0.shortWarmSpellsPerMinute) }
        row("lost (hidden / visible), re-acquired") { "\($0.lost) (\($0.lostWhileHidden) / \($0.lostWhileVisible)), \($0.reacquired)" }
        row("lost, re-acquired per found minute") { "\(f($0.lostPerFoundMinute)), \(f($0.reacquirePerFoundMinute))" }
        row("median re-acquire latency [95 %]") { $0.reacquireLatency.subjects == 0 ? "no losses" : median($0.reacquireLatency) }
        row("peak warmth present 5/50/95 %") { $0.peakWarmthPresent.map { f($0) }.joined(separator: " / ") }
        row("peak warmth absent 5/50/95 %") { $0.peakWarmthAbsent.map { f($0) }.joined(separator: " / ") }
        row("peak warmth ROC AUC (present vs absent)") { $0.peakWarmthAUC.map { f($0) } ?? "–" }
        row("direction cue on the box [Wilson 95 %]") { prop($0.cueAccuracy) }
        row("unused confirm frames") { "\($0.unusedConfirmFrames)" }
        row("live mode: eligible seconds without confirm data") { $0.uncoveredConfirmSeconds > 0 ? "\(f($0.uncoveredConfirmSeconds, 2)) (incomplete data)" : "0" }
        doc.table(rows)
    }

    public static func document(_ r: WarmthResults, horizons: [Double], constraints: WarmthConstraints) -> ReportDocument {
        var doc = ReportDocument()
        let sim = r.simulated ? " (simulated data)" : ""
        doc.heading("Warmth finder replay: \(r.protocolName)\(sim)", 1)
        doc.beginSummary()
        doc.paragraph(DataStatement.trials(simulated: r.simulated, trials: r.trials, sessions: r.sessions, present: r.baselineSummary.presentTrials,
                                           absent: r.baselineSummary.absentTrials)
            + "; \(r.gridPoints) grid points, \(r.feasiblePoints) meeting the constraints.")
        if let g = r.gate {
            doc.paragraph("Verdict: release gate \(g.passed ? "PASSED" : "FAILED") (candidate: \(r.recommended == nil ? "the shipped constants, nothing being recommended" : "the recommended constants"); baseline: the shipped constants). Fidelity: \(r.fidelity.divergences.count) of \(r.fidelity.trialsChecked) trials diverged.")
        }
        var headline: [[String]] = [["figure", "shipped"] + (r.recommendedSummary == nil ? [] : ["recommended (in-sample)"])]
        func headlineRow(_ name: String, _ value: (WarmthSummary) -> String) {
            headline.append([name, value(r.baselineSummary)] + (r.recommendedSummary.map { [value($0)] } ?? []))
        }
        headlineRow("median time-to-find [95 %]") { median($0.ttf) }
        headlineRow("absent trials with a false find [Wilson 95 %]") { prop($0.falseFindTrialsAbsent) }
        headlineRow("false finds per minute [Garwood 95 %]") { rate($0.falseFindsPerMinute) }
        doc.table(headline)
        if r.fidelity.divergences.isEmpty, r.recommended != nil {
            doc.table([["constant", "shipped", "recommended", "leave-one-session-out range"]] + r.constants.map { [$0.name, $0.shipped, $0.recommended, "[\($0.foldLow), \($0.foldHigh)]"] })
        }
        doc.endSummary()
        doc.heading("Data and method", 2)
        if r.simulated {
            doc.paragraph("SIMULATED: every figure below comes from simulated trials, not from recordings of the app. The simulated app's phase log is produced by this replay, so the fidelity check here shows the machinery works, not that the model matches the app.")
        }
        doc.paragraph("Replay is open loop: the recorded camera path does not react to what a different parameter set would have shown, so these figures measure detection and decision latency, not guidance.")
        doc.heading("Fidelity check", 2)
        doc.paragraph("\(r.fidelity.trialsChecked) trials carry the app's phase log; \(r.fidelity.divergences.count) diverged. Assumed options with zero divergences: " + (r.fidelity.zeroDivergenceOptions.isEmpty ? "none" : r.fidelity.zeroDivergenceOptions.joined(separator: "; ")) + ".")
        for d in r.fidelity.divergences.prefix(10) { doc.paragraph("Divergence: \(d)") }
        if !r.warnings.isEmpty { doc.paragraph("Warnings: " + r.warnings.joined(separator: "; ")) }
        doc.heading("Recommended constants\(sim)", 2)
        if !r.fidelity.divergences.isEmpty {
            doc.paragraph("The fidelity check diverged, so the finder model does not reproduce the app: the sweep was not run and nothing is recommended.")
        } else if r.recommended == nil {
            doc.paragraph("No grid point meets the constraints; nothing is recommended.")
        } else {
            doc.paragraph("Chosen as the smallest Kaplan-Meier median time-to-find among points meeting the constraints (absent and present false-find Wilson upper bound ≤ \(constraints.maxFalseFindTrialShare), false finds per minute upper bound ≤ \(constraints.maxFalseFindPerMin), warm-without-target share ≤ \(constraints.maxWarmNoTarget), warm toggles ≤ \(constraints.maxWarmTogglesPerMin) per minute), preferring points whose grid neighbours all meet them too (\(r.robust ? "the chosen point is such a point" : "no such point exists: the chosen point is isolated")); \(r.feasiblePoints) of \(r.gridPoints) points are feasible. The range in the summary's table is the lowest and highest value the leave-one-session-out folds chose.")
            if let b = r.bestFeasiblePoint, r.robust {
                doc.paragraph("The best feasible point ignoring its neighbours is \(b) (median time-to-find \(seconds(r.bestFeasibleMedianTTF))); it is passed over when some neighbour breaks a constraint.")
            }
        }
        doc.heading("Metrics\(sim)", 2)
        var columns: [(String, WarmthSummary)] = [("shipped", r.baselineSummary)]
        if let s = r.recommendedSummary { columns.append(("recommended (in-sample)", s)) }
        if let s = r.heldOutSummary { columns.append(("held-out pooled", s)) }
        metricsTable(&doc, columns)
        if let p = r.paired {
            doc.heading("Recommended against shipped, trial by trial\(sim)", 2)
            doc.table([["earlier", "later", "same", "only recommended finds", "only shipped finds", "neither", "median TTF difference [session bootstrap 95 %]"],
                       ["\(p.earlier)", "\(p.later)", "\(p.same)", "\(p.onlyCandidate)", "\(p.onlyBaseline)", "\(p.neither)",
                        "\(seconds(p.medianDifference)) [\(seconds(p.differenceLower)), \(seconds(p.differenceUpper))] (\(p.undefinedResamples) of \(p.resamples) resamples undefined)"]])
        }
        doc.heading("Leave one session out", 2)
        doc.table([["held-out session", "trials", "chosen on the others"]] + r.folds.map { [$0.heldOut, "\($0.heldOutTrials)", $0.chosen ?? "nothing feasible"] })
        if !r.neighbours.isEmpty {
            doc.heading("Neighbourhood of the chosen point\(sim)", 2)
            doc.table([["point", "median TTF", "absent false-find upper", "false finds/min upper", "meets constraints"]]
                + r.neighbours.map { [$0.point, seconds($0.medianTTF), f($0.falseFindUpperAbsent), f($0.falseFindsPerMinUpper), $0.feasible ? "yes" : "no"] })
        }
        doc.heading("Pareto front: median time-to-find against false finds per minute\(sim)", 2)
        doc.table([["point", "median TTF", "false finds/min"]] + r.pareto.prefix(30).map { [$0.point, seconds($0.medianTTF), f($0.falseFindsPerMin)] })
        doc.heading("Release gate", 2)
        if let g = r.gate {
            doc.paragraph("Gate \(g.passed ? "PASSED" : "FAILED") (candidate: \(r.recommended == nil ? "the shipped constants, nothing being recommended" : "the recommended constants"); baseline: the shipped constants).")
            doc.table([["check"]] + g.checks.map { [$0] })
        }
        doc.paragraph("Peak warmth in the app's own calibration: real objects 0.46–0.57, background scenes at most 0.24 (Docs/warmth.md#metrics); compare with the quantiles above.")
        return doc
    }
}

/// Writes the warmth report of a results file into a folder (`spatial-eval warmth`, and
/// `spatial-eval report results.h5` on a warmth file).
public enum WarmthReportFiles {
    /// Renders `contents` into `folder` (created when missing); returns the file names written.
    @discardableResult
    public static func write(_ contents: WarmthResultsFile.Contents, to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let doc = WarmthReport.document(contents.results, horizons: contents.warmthProtocol.horizons,
                                        constraints: contents.warmthProtocol.constraints)
        let files = [("report.md", doc.markdownText), ("report.html", doc.htmlPage(title: "Warmth finder replay"))]
        for (name, text) in files { try AtomicFile.write(text, to: (folder as NSString).appendingPathComponent(name)) }
        return files.map(\.0)
    }

    /// The lines a command prints: counts and the gate, then one line per gate check.
    public static func summary(_ r: WarmthResults) -> String {
        "warmth: \(r.trials) trials, \(r.gridPoints) grid points, \(r.feasiblePoints) feasible; gate \(r.gate?.passed == true ? "PASSED" : "FAILED")\n"
            + (r.gate?.checks ?? []).map { "  \($0)\n" }.joined()
    }

    /// Re-renders the report of the warmth results at `path` into `folder`.
    public static func rerender(_ path: String, to folder: String) throws -> [String] {
        let contents: WarmthResultsFile.Contents
        do {
            contents = try WarmthResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as warmth results: \(error)")
        }
        return try write(contents, to: folder)
    }
}
