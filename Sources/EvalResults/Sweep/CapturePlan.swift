import EvalNumerics
import Simulation
import Sweeps

/// What real capture would settle each constant whose verdict is not *decided*
/// (spec.md#capture-plan): the assumption to measure and the value at which the verdict flips,
/// then the sessions a capture needs for the interval to exclude the shipped value, by the
/// power estimate. The sweep report's last section and `spatial-eval capture-plan`.
public struct CapturePlan: Sendable {
    /// One constant's plan.
    public struct Item: Sendable {
        /// "sweep · key".
        public var constant: String
        /// The verdict as printed.
        public var verdict: String
        /// The checklist, one step a line.
        public var steps: [String]
        /// The sweep (index into the results) whose rule the events feed.
        public var sweep: Int = 0
        /// The events the power estimate asks for in all, and what they are (nil when the
        /// item asks for none: a wider grid, a rule to change).
        public var events: (needed: Int, noun: String)?
        /// The sessions the plan estimates those events take (nil when no scenario says).
        public var sessions: Int?
        /// Sessions with look-alike pairs the item asks for to measure the twin cross-cosine
        /// (nil when it asks for none).
        public var twinSessions: Int?
        /// What has been captured so far (``CaptureProgress``), when sessions were given.
        public var progress: String?
    }

    /// One item per constant whose verdict is not *decided*, in report order.
    public var items: [Item]
    /// Constants already decided (named so the plan says they need nothing).
    public var decided: [String]

    /// The plan for `results`, judged as `assessments` (one per sweep, in order).
    public init(_ results: SweepResults, assessments: [SweepAssessment]) throws {
        var items: [Item] = [], decided: [String] = []
        let scenarios = results.recordings.map(Self.scenario)
        let f = { (v: Double) in ReportNumber.fixed(v) }
        for (sweep, assessment) in zip(results.sweeps, assessments) {
            let plan = try sweep.plan()
            let objective = sweep.definition.objective
            for (a, key) in plan.keys.enumerated() {
                let verdict = assessment.verdicts[a]
                let constant = "\(sweep.definition.name) · \(key.name)"
                guard verdict.kind != .decided, verdict.kind != .decidedAtMeasured else { decided.append(constant); continue }
                var steps: [String] = []
                var eventsNeeded: (Int, String)?, sessionsNeeded: Int?, twinSessions: Int?
                let shipped = plan.shipped[a]
                switch verdict.kind {
                case .atEdge:
                    steps.append("Simulation can settle this first: sweep \(key.name) over "
                        + (verdict.nextRange.map { "\(f($0.lowerBound))–\(f($0.upperBound))" } ?? "a wider range") + " (the grid's open edge), then read the verdict again.")
                case .dependsOn:
                    let recommended = assessment.recommendation.chosen.map { plan.points[$0][a] } ?? shipped
                    for family in verdict.families {
                        steps += Self.measureSteps(family: family, sweep: sweep, axis: a, shipped: shipped, recommended: recommended,
                                                   results: results, scenarios: scenarios, twinSessions: &twinSessions)
                    }
                case .noValueMeetsCap:
                    steps.append("No value of the swept constants meets the rule on this data (\(verdict.reason)). Capturing more sessions "
                        + "cannot change that: change the rule (its cap) or the system it tests, then sweep again.")
                default:
                    break
                }
                if let chosen = assessment.recommendation.chosen, let needed = verdict.eventsNeeded, verdict.kind != .atEdge,
                   verdict.kind != .noValueMeetsCap {
                    let noun = objective.minimise.evidence(SweepMetric.pooled(sweep.outcome.components[chosen])).noun
                    let perSession = Self.perSession(scenarios) { r in Double(objective.minimise.evidence(sweep.outcome.components[chosen][r]).count) }
                    let sessions = perSession.map { Int((Double(needed) / max($0.mean, 1e-9)).rounded(.up)) }
                    eventsNeeded = (needed, noun)
                    sessionsNeeded = sessions
                    steps.append("Record " + (sessions.map { "\($0) sessions of scenario \(perSession!.scenario) (about \(f(perSession!.mean)) \(noun) each)" }
                        ?? "sessions") + " for \(needed) \(noun) in all (the data holds \(verdict.events)): with as many real events the "
                        + "interval of \(key.name) would exclude \(f(shipped)) if real data give the current recommendation; "
                        + "follow the scenario's capture protocol (Docs/recorder.md#capture-protocols-one-per-shipped-scenario) and mark "
                        + Self.marks(for: noun) + "; import with `spatial-eval import`, then `spatial-eval sweep`.")
                }
                if steps.isEmpty { steps.append("Revisit the rule: \(verdict.reason).") }
                var item = Item(constant: constant, verdict: verdict.text, steps: steps)
                item.sweep = results.sweeps.firstIndex { $0.definition.name == sweep.definition.name } ?? 0
                item.events = eventsNeeded
                item.sessions = sessionsNeeded
                item.twinSessions = twinSessions
                items.append(item)
            }
        }
        self.items = items
        self.decided = decided
    }

    /// The marks a person makes so that sessions carry the events `noun` names (the recorder's
    /// buttons, Docs/recorder.md#ground-truth-marks).
    public static func marks(for noun: String) -> String {
        switch noun {
        case "twin pairs": return "*object here* on both look-alikes of every pair and *twin of* between them"
        case "removals", "missing flags": return "*object here* on every object and *removed* the moment one is taken away"
        case "real moves": return "*object here* on every object, *moved* when one is picked up and *object here* where it lands"
        case "requests that locked", "lockable requests", "guided requests", "green arrivals":
            return "*object here* on every object and a *guide* step (start, stop on arrival) with its target for every request"
        default: return "*object here* on every object, and *twin of* on look-alikes"
        }
    }

    /// The plan as checklist entries: one per constant to settle, numbered, then the decided ones.
    public var entries: [(title: String, steps: [String])] {
        items.enumerated().map {
            ("Item \($0.offset + 1): \($0.element.constant) (\($0.element.verdict))", $0.element.steps + ($0.element.progress.map { ["Progress: " + $0] } ?? []))
        }
            + (decided.isEmpty ? [] : [("Decided, nothing to capture: \(decided.joined(separator: ", "))", [])])
    }

    /// The plan as plain text for a terminal: one block per constant, its steps as boxes.
    public var text: String {
        entries.map { entry in ([entry.title] + entry.steps.map { "  [ ] " + $0 }).joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// The steps that measure the assumption of `family`, one per pivot of it: its threshold,
    /// and for the twin cross-cosine probe the sessions with look-alike pairs a capture needs to
    /// tell the real median from the threshold.
    private static func measureSteps(family: String, sweep: SweepResult, axis a: Int, shipped: Double, recommended: Double,
                                     results: SweepResults, scenarios: [String?], twinSessions: inout Int?) -> [String] {
        let scans = sweep.pivots.filter { $0.family == family }
        guard !scans.isEmpty else {
            return ["Measure the \(family) assumption in real sessions (no pivot scan of it is defined; the variants that overturn the verdict name the parameters)."]
        }
        return scans.map { scan in
            let text = "Measure \(scan.measure) (\(scan.phrase(shipped, recommended: recommended, axis: a)))"
                + (scan.measure.contains("cross-cosine") ? ": mark *object here* on both look-alikes of every pair and *twin of* between them; "
                   + "`spatial-eval measure` computes it from the sessions." : ".")
            guard let crossing = scan.crossings(shipped, recommended: recommended, axis: a).first, scan.measure.contains("cross-cosine") else { return text }
            let threshold = (crossing.below + crossing.above) / 2
            let (sentence, sessions) = twinPairSessions(threshold: threshold, results: results, scenarios: scenarios)
            if let sessions { twinSessions = max(twinSessions ?? 0, sessions) }
            return text + sentence
        }
    }

    /// The sessions with look-alike pairs needed to tell a real median twin cross-cosine from
    /// `threshold` by as much as the simulator's (recordings are the clusters).
    private static func twinPairSessions(threshold: Double, results: SweepResults, scenarios: [String?]) -> (String, Int?) {
        let f = { (v: Double) in ReportNumber.fixed(v) }
        let medians = results.cosinePairs.compactMap { p -> Double? in
            let cross = zip(p.cosines, p.sameObject).filter { !$0.1 }.map(\.0)
            return cross.isEmpty ? nil : Quantile.linear(cross, 0.5)
        }
        guard medians.count >= 2 else { return ("", nil) }
        let mean = medians.reduce(0, +) / Double(medians.count)
        let sd = (medians.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(medians.count - 1)).squareRoot()
        let distance = max(abs(mean - threshold), 0.005)
        let z = 1.96 * 1.2533 * sd / distance  // 1.2533 = √(π/2): the median's standard error over the mean's
        let n = Int((z * z).rounded(.up))
        let twinScenario = scenarios.compactMap { $0 }.first { $0.contains("twins") } ?? "twins-moved"
        return (" The verdict flips near \(f(threshold)); to tell a real median from it by as much as the simulator's "
            + "(\(f(mean)), spread \(f(sd)) between sessions) takes about \(max(n, 2)) sessions with look-alike pairs "
            + "(scenario \(twinScenario)), the cosine of every pair of detections of two twins logged (detections carry their embeddings).", max(n, 2))
    }

    /// The scenario whose recordings hold the most of an event per recording, with that mean;
    /// nil when no recording names a scenario.
    private static func perSession(_ scenarios: [String?], count: (Int) -> Double) -> (scenario: String, mean: Double)? {
        var sums: [String: (Double, Int)] = [:]
        for (r, scenario) in scenarios.enumerated() {
            guard let scenario else { continue }
            let (s, n) = sums[scenario] ?? (0, 0)
            sums[scenario] = (s + count(r), n + 1)
        }
        return sums.map { ($0.key, $0.value.0 / Double($0.value.1)) }.max { ($0.1, $1.0) < ($1.1, $0.0) }
    }

    /// The scenario a recording name ends with (`c0007-twins-moved` → `twins-moved`), if any.
    public static func scenario(_ name: String) -> String? {
        Scenario.allCases.map(\.rawValue).sorted { $0.count > $1.count }.first { name == $0 || name.hasSuffix("-" + $0) }
    }
}
