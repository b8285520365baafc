/// What a gate concluded (spec.md#gate-decisions).
public enum GateVerdict: String, Sendable, Equatable, CaseIterable {
    /// The tested number satisfies the gate.
    case pass
    /// The tested number does not satisfy it (NaN never does): `run` exits 2.
    case fail
    /// A gate on a rate with fewer events than the protocol's `minimum_events`: reported,
    /// but it neither passes nor fails the run.
    case undecided
    /// No recording has the ground truth the figure needs (no labelled boxes and no marks,
    /// spec.md#not-measurable): reported, it neither passes nor fails the run; when every gate
    /// of a run is not measurable, `run` exits 4.
    case notMeasurable = "not_measurable"

    /// The report's word for it.
    public var text: String {
        switch self {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .undecided: "not enough events to decide"
        case .notMeasurable: "not measurable"
        }
    }
}

/// The outcome of one gate on a run: the figure with its interval, the evidence behind it
/// and the verdict.
public struct GateOutcome: Sendable, Equatable {
    /// The gate.
    public var gate: Gate
    /// The figure's point estimate and interval (bounds NaN when the interval is undefined).
    public var interval: IntervalEstimate
    /// For a rate, the events counted (k of k/n); −1 for other figures.
    public var successes: Int64
    /// The evidence: trials of a rate, recordings or instances resampled for an interval.
    public var events: Int64
    /// What `events` counts: `events`, `recordings` or `instances`.
    public var eventUnit: String
    /// The verdict.
    public var verdict: GateVerdict

    /// Creates an outcome.
    public init(gate: Gate, interval: IntervalEstimate, successes: Int64 = -1, events: Int64, eventUnit: String, verdict: GateVerdict) {
        self.gate = gate
        self.interval = interval
        self.successes = successes
        self.events = events
        self.eventUnit = eventUnit
        self.verdict = verdict
    }

    /// The figure's point estimate.
    public var value: Double { interval.estimate }
    /// The number the gate tested: the estimate or one bound of the interval.
    public var tested: Double {
        switch gate.bound {
        case .estimate: interval.estimate
        case .lower: interval.lower
        case .upper: interval.upper
        }
    }
    /// True when the gate passed.
    public var passed: Bool { verdict == .pass }
    /// True when the gate failed (and so the run fails).
    public var failed: Bool { verdict == .fail }

    /// The verdict as reports word it; a figure that cannot be measured says what it lacks:
    /// "not measurable: no ground truth for tracking (no labelled boxes or marks)".
    public var verdictText: String {
        guard verdict == .notMeasurable, let need = gate.metric.groundTruthNeed else { return verdict.text }
        return "not measurable: no ground truth for \(need)"
    }

    /// The figure, its interval and its evidence, e.g. `2/2 = 1.00 [0.34, 1.00], 2 events`
    /// or `0.412 [0.301, 0.498], 5 recordings`.
    public var evidenceText: String {
        if verdict == .notMeasurable { return verdictText }
        let unit = events == 1 ? String(eventUnit.dropLast()) : eventUnit
        if successes >= 0 {
            let rate = events == 0 ? "0/0 = n/a"
                : "\(successes)/\(events) = \(ReportNumber.fixed(interval.estimate, 2)) "
                + "[\(ReportNumber.fixed(interval.lower, 2)), \(ReportNumber.fixed(interval.upper, 2))]"
            return "\(rate), \(events) \(unit)"
        }
        return "\(ReportNumber.interval(interval)), \(events) \(unit)"
    }
}
