/// The parameters of the parity gate (`spec.md#parity-gate`). Only the Mode A gap has a
/// default (1.5 pp); every other rule is off until its limit is set, because the suite never
/// invents a calibrated value.
public struct ParityLimits: Equatable, Sendable {
    /// `G_A`: largest Mode A gap in mAP50-95, percentage points.
    public var gap: Double?
    /// `G_B`: largest Mode B agreement gap, percentage points.
    public var agreementGap: Double?
    /// Most misses at the operating threshold.
    public var maxMisses: Int?
    /// Most extras plus class flips at the operating threshold.
    public var maxExtras: Int?
    /// Least median IoU of the matched pairs.
    public var minIoUMedian: Double?
    /// Largest 95th percentile of |score delta| of the matched pairs.
    public var maxScoreDeltaP95: Double?

    /// Creates limits; by default only the 1.5 pp Mode A gap is enforced.
    public init(gap: Double? = 1.5, agreementGap: Double? = nil, maxMisses: Int? = nil, maxExtras: Int? = nil,
                minIoUMedian: Double? = nil, maxScoreDeltaP95: Double? = nil) {
        self.gap = gap
        self.agreementGap = agreementGap
        self.maxMisses = maxMisses
        self.maxExtras = maxExtras
        self.minIoUMedian = minIoUMedian
        self.maxScoreDeltaP95 = maxScoreDeltaP95
    }
}

extension ParityLimits {
    /// The enabled rules on a pair analysis: misses, extras + class flips, median IoU, p95 |Δ|.
    public func pairRules(_ pairs: PairAnalysis) -> [ParityRule] {
        var rules: [ParityRule] = []
        let counts = pairs.counts
        if let maxMisses { rules.append(ParityRule("misses ≤ max_miss", measured: Double(counts.misses), limit: Double(maxMisses))) }
        if let maxExtras {
            rules.append(ParityRule("extras + class flips ≤ max_extra", measured: Double(counts.extras + counts.classFlips), limit: Double(maxExtras)))
        }
        if let minIoUMedian {
            rules.append(ParityRule("median matched IoU ≥ min_iou_median", measured: pairs.iouSummary?.median, limit: minIoUMedian, atLeast: true))
        }
        if let maxScoreDeltaP95 {
            rules.append(ParityRule("p95 |Δscore| ≤ max_dscore_p95", measured: pairs.deltaSummary?.p95Absolute, limit: maxScoreDeltaP95))
        }
        return rules
    }
}

/// One rule of the gate with what was measured and the verdict.
public struct ParityRule: Equatable, Sendable {
    /// Its name, e.g. `gap_pp(mAP50-95) ≤ G_A`.
    public var name: String
    /// The measured value (nil when there was nothing to measure, which fails the rule).
    public var measured: Double?
    /// The limit.
    public var limit: Double
    /// Whether it holds.
    public var passed: Bool

    /// A rule `measured ≤ limit` (or `≥` when `atLeast`).
    public init(_ name: String, measured: Double?, limit: Double, atLeast: Bool = false) {
        self.name = name
        self.measured = measured
        self.limit = limit
        if let measured {
            passed = atLeast ? measured >= limit : measured <= limit
        } else {
            passed = false
        }
    }
}
