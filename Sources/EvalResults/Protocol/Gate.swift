/// A pooled figure of a run that a gate can test (`Docs/protocols.md` lists them).
public enum GateMetric: String, Codable, Sendable, CaseIterable {
    /// Median of all re-anchor gaps of all recordings, metres.
    case reanchorMedian = "reanchor.median_m"
    /// 90th percentile of all re-anchor gaps, metres.
    case reanchorP90 = "reanchor.p90_m"
    /// Median of all per-update anchor errors, metres.
    case anchorErrorMedian = "anchor_error.median_m"
    /// 90th percentile of all per-update anchor errors, metres.
    case anchorErrorP90 = "anchor_error.p90_m"
    /// Mean instance purity over all instances.
    case meanPurity = "anchors.mean_purity"
    /// MOTA of the tracker replica at detect-every-N = 1, pooled over recordings.
    case motaN1 = "tracking.mota_n1"
    /// IDF1 at N = 1, ground-truth-weighted mean over recordings.
    case idf1N1 = "tracking.idf1_n1"
    /// HOTA at N = 1, ground-truth-weighted mean over recordings.
    case hotaN1 = "tracking.hota_n1"
    /// False-missing flags / judged flags of the absence sweep, pooled (NaN without flags).
    case falseMissingRate = "absence.false_missing_rate"
    /// Missed removals / removals of anchored objects, pooled (NaN without removals).
    case missedRemovalRate = "absence.missed_removal_rate"
    /// Wrong-target requests / requests that locked, pooled (NaN without locks).
    case wrongTargetRate = "lockon.wrong_target_rate"
    /// Green arrivals with no object there / green arrivals, pooled (NaN without arrivals).
    case emptyArrivalRate = "guidance.empty_arrival_rate"

    /// True for the pooled proportions (k events of n), whose gates need
    /// ``EvaluationProtocol/minimumEvents`` events to decide (spec.md#gate-decisions).
    public var isRate: Bool {
        switch self {
        case .falseMissingRate, .missedRemovalRate, .wrongTargetRate, .emptyArrivalRate: true
        default: false
        }
    }

    /// What the figure needs ground truth for, in a report's words, or nil when it needs none
    /// (the re-anchor gaps): a recording without labelled boxes or marks contributes nothing to
    /// such a figure, and when no recording has them the figure is not measurable
    /// (spec.md#not-measurable).
    public var groundTruthNeed: String? {
        switch self {
        case .reanchorMedian, .reanchorP90: nil
        case .motaN1, .idf1N1, .hotaN1: "tracking (no labelled boxes or marks)"
        case .anchorErrorMedian, .anchorErrorP90, .meanPurity: "anchors (no labelled boxes or marks)"
        case .falseMissingRate, .missedRemovalRate: "absence (no object placements)"
        case .wrongTargetRate, .emptyArrivalRate: "guidance (no object placements)"
        }
    }
}

/// Which number of a figure's interval a gate tests (spec.md#gate-decisions).
public enum GateBound: String, Codable, Sendable, CaseIterable {
    /// The point estimate (the default, the meaning gates had before intervals).
    case estimate
    /// The interval's lower end: `<=` then fails only when even the lower end exceeds the
    /// threshold (evidence of being bad); `>=` passes only when the whole interval reaches it.
    case lower
    /// The interval's upper end: `<=` passes only when the whole interval is within the
    /// threshold (evidence of being good); `>=` fails only when even the upper end falls short.
    case upper
}

/// How a gate compares the run's figure with its threshold.
public enum GateComparison: String, Codable, Sendable {
    /// The figure must not exceed the threshold.
    case atMost = "<="
    /// The figure must reach the threshold.
    case atLeast = ">="

    /// True when `value` satisfies the comparison with `threshold` (NaN never does).
    public func holds(_ value: Double, _ threshold: Double) -> Bool {
        switch self {
        case .atMost: value <= threshold
        case .atLeast: value >= threshold
        }
    }
}

/// One gate: `metric op value`, e.g. `reanchor.p90_m <= 0.3`.
public struct Gate: Codable, Sendable, Equatable {
    /// The figure tested.
    public var metric: GateMetric
    /// The comparison.
    public var op: GateComparison
    /// The threshold.
    public var value: Double
    /// The number of the figure's interval tested (default: the estimate).
    public var bound: GateBound

    /// Creates a gate.
    public init(metric: GateMetric, op: GateComparison, value: Double, bound: GateBound = .estimate) {
        self.metric = metric
        self.op = op
        self.value = value
        self.bound = bound
    }

    /// The keys the file format allows (unknown keys are refused naming them).
    public enum CodingKeys: String, CodingKey, CaseIterable { case metric, op, value, bound }

    /// Decodes a gate, rejecting unknown keys, metrics and comparisons.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let metricName = try c.decode(String.self, forKey: .metric)
        guard let metric = GateMetric(rawValue: metricName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .metric, in: c,
                debugDescription: "unknown metric '\(metricName)' (known: \(GateMetric.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let opName = try c.decode(String.self, forKey: .op)
        guard let op = GateComparison(rawValue: opName) else {
            throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "must be <= or >=, got '\(opName)'")
        }
        self.metric = metric
        self.op = op
        value = try c.decode(Double.self, forKey: .value)
        guard value.isFinite else { throw DecodingError.dataCorruptedError(forKey: .value, in: c, debugDescription: "must be finite") }
        let boundName = try c.decodeIfPresent(String.self, forKey: .bound) ?? GateBound.estimate.rawValue
        guard let bound = GateBound(rawValue: boundName) else {
            throw DecodingError.dataCorruptedError(forKey: .bound, in: c, debugDescription: "must be lower, upper or estimate, got '\(boundName)'")
        }
        self.bound = bound
    }

    /// Encodes the gate; `bound` only when it is not the estimate.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(metric, forKey: .metric)
        try c.encode(op, forKey: .op)
        try c.encode(value, forKey: .value)
        if bound != .estimate { try c.encode(bound, forKey: .bound) }
    }

    /// The gate as text, e.g. `reanchor.p90_m <= 0.300` or
    /// `absence.missed_removal_rate <= 0.500 (lower bound)`.
    public var text: String {
        "\(metric.rawValue) \(op.rawValue) \(ReportNumber.fixed(value))" + (bound == .estimate ? "" : " (\(bound.rawValue) bound)")
    }
}
