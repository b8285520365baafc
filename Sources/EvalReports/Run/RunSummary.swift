import EvalResults
/// The first screen of a run report (spec.md#report-layout): what the data is, what the
/// figures rest on, and the headline figures with their intervals and gates. Pure functions
/// of ``RunResults``, shared by the run report and `compare`.
public enum RunSummary {
    /// Every headline figure in table order, with the words a reader sees.
    public static let headline: [(metric: GateMetric, title: String)] = [
        (.motaN1, "tracking MOTA (detect every frame)"), (.idf1N1, "tracking IDF1"), (.hotaN1, "tracking HOTA"),
        (.reanchorMedian, "re-anchor gap median m"), (.reanchorP90, "re-anchor gap p90 m"),
        (.anchorErrorMedian, "anchor error median m"), (.anchorErrorP90, "anchor error p90 m"), (.meanPurity, "anchor purity (mean)"),
        (.falseMissingRate, "false \"missing\" rate"), (.missedRemovalRate, "missed-removal rate"),
        (.wrongTargetRate, "wrong-target lock rate"), (.emptyArrivalRate, "green arrival over empty space rate"),
    ]

    /// The figure of `metric` judged on `results`: the protocol's gate when it has one, an
    /// ungated outcome (verdict pass, never shown) otherwise.
    public static func outcome(_ metric: GateMetric, _ results: RunResults) -> (outcome: GateOutcome, gated: Bool) {
        if let gated = results.gates.first(where: { $0.gate.metric == metric }) { return (gated, true) }
        let probe = Gate(metric: metric, op: .atMost, value: .infinity)
        let judged = PooledFigures.judge([probe], results.recordings, pooledGaps: results.pooledGaps, intervals: results.recordingIntervals,
                                         settings: results.bootstrap, minimumEvents: results.minimumEvents)
        return (judged[0], false)
    }

    /// Where tracking truth came from, as a suffix of a tracking figure's title: empty when
    /// every recording with ground truth has labelled boxes, " (from projected marks)" when
    /// the figures rest on boxes projected from marks (spec.md#projected-marks), with a count
    /// when only some do.
    public static func trackingSource(_ recordings: [RecordingResults]) -> String {
        let judged = PooledFigures.withGroundTruth(recordings)
        let projected = judged.count { $0.data.route?.projectsMarks == true }
        if projected == 0 { return "" }
        return projected == judged.count ? " (from projected marks)" : " (from projected marks on \(projected) of \(judged.count) recordings)"
    }

    /// The headline table: figure, estimate [interval] with its evidence, gate, result.
    public static func table(_ results: RunResults) -> [[String]] {
        let source = trackingSource(results.recordings)
        return [["figure", "estimate [\(ReportNumber.fixed(results.bootstrap.confidence * 100, 0))% interval], evidence", "gate", "result"]]
            + headline.map { metric, headlineTitle in
                let title = [.motaN1, .idf1N1, .hotaN1].contains(metric) ? headlineTitle + source : headlineTitle
                let (o, gated) = outcome(metric, results)
                let gate = gated ? "\(o.gate.op.rawValue) \(ReportNumber.fixed(o.gate.value))" + (o.gate.bound == .estimate ? "" : " (\(o.gate.bound.rawValue) bound)") : "—"
                return [title, o.evidenceText, gate, gated ? o.verdictText : "—"]
            }
    }

    /// The one-line verdict: passes, failures, undecided gates.
    public static func verdict(_ results: RunResults) -> String {
        let passed = results.gates.filter(\.passed).count, failed = results.gates.filter(\.failed).count
        let undecided = results.gates.filter { $0.verdict == .undecided }.count
        let unmeasured = results.gates.filter { $0.verdict == .notMeasurable }.count
        if results.gates.isEmpty { return "Verdict: the protocol has no gates." }
        if unmeasured == results.gates.count {
            return "Verdict: no gate could be measured — the recordings hold no ground truth (labelled boxes or marks) "
                + "for any gated figure (`spatial-eval run` exits 4)."
        }
        return "Verdict: " + (failed == 0 ? "no gate fails" : "\(failed) gate\(failed == 1 ? "" : "s") FAIL (`spatial-eval run` exits 2)")
            + " — \(passed) of \(results.gates.count) pass" + (undecided == 0 ? "" : ", \(undecided) without enough events to decide "
            + "(fewer than \(results.minimumEvents); they neither pass nor fail)")
            + (unmeasured == 0 ? "" : ", \(unmeasured) not measurable (no ground truth for the figure; they neither pass nor fail)") + "."
    }

    /// The data statement with the events behind the figures (those that need ground truth
    /// counted on the recordings that have it).
    public static func data(_ results: RunResults) -> String {
        let all = results.recordings, r = PooledFigures.withGroundTruth(all), counts = OutcomeCounts(r)
        let boxes = PooledFigures.tracking(r.map(\.detectEveryN)).first?.groundTruthCount ?? 0
        let flags = counts.correctFlags + counts.falseMissing + counts.unassociatedFlags
        let requests = counts.correctLocks + counts.wrongTarget + counts.noLock + counts.notInMemory
        func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return DataStatement.summary(all.map(\.data)) + ". Events behind the figures: \(boxes) ground-truth boxes (tracking), "
            + "\(PooledFigures.gaps(all).count) re-anchor gaps from \(PooledFigures.gapUnits(all).count) instances, "
            + "\(PooledFigures.errors(r).count) anchor updates, \(plural(counts.removals, "removal")) and \(plural(flags, "\"missing\" flag")), "
            + "\(plural(requests, "guidance request")), \(plural(counts.arrivals, "green arrival"))."
    }

    /// The fusion study's headline: per variant its median box error and the paired difference from the baseline.
    public static func fusionTable(_ fusion: FusionResults) -> [[String]] {
        let cm = { (v: Double) in ReportNumber.fixed(v * 100, 2) }
        return [["variant", "boxes with a depth", "median abs box error cm", "Δ median vs \(fusion.settings.baseline.rawValue) cm [interval]", "verdict"]]
            + fusion.summaries.map { s in
                let c = fusion.comparisons.first { $0.variant == s.variant && $0.metric == "abs_box_error_m" }
                return [s.variant.rawValue, "\(s.boxes)", cm(s.medianAbsoluteBoxError),
                        c.map { "\(cm($0.median.estimate)) [\(cm($0.median.lower)), \(cm($0.median.upper))]" } ?? "baseline",
                        c.map { short($0.verdict) } ?? "—"]
            }
    }

    /// A verdict sentence without its metric prefix and bracketed numbers (the table shows them).
    public static func short(_ verdict: String) -> String {
        var text = Substring(verdict)
        if let colon = text.range(of: ": ") { text = text[colon.upperBound...] }
        if let bracket = text.range(of: " (") { text = text[..<bracket.lowerBound] }
        return String(text)
    }
}
