/// The values of six anchor constants under which a registry, fed the same observations,
/// makes exactly the same updates (Docs/sweeps.md#same-updates-region).
///
/// The registry compares `nearRadius`, `nearCosine`, `farCosine`, `stepClamp`,
/// `consensusMinDistance` and `consensusAgreement` with quantities of its own state (a
/// distance, a cosine, the length of an EMA step) and uses them nowhere else, except that a
/// clamped step moves the anchor by exactly `stepClamp`.
/// Each comparison it makes holds the same way for a whole interval of the constant, so
/// while its state is the same, so are its decisions: every constant confined to the
/// intersection of its intervals yields the same updates, observation after observation.
/// Each constant's interval only narrows as the registry replays; a clamped step pins
/// `stepClamp` to its own value.
public struct SameUpdatesRegion: Equatable, Sendable {
    /// `nearRadius` values that keep every near-band comparison: `atLeast ≤ r < below`.
    public private(set) var nearRadius = RadiusInterval()
    /// `nearCosine` values that keep every near-band cosine comparison.
    public private(set) var nearCosine = ThresholdInterval()
    /// `farCosine` values that keep every far-band cosine comparison.
    public private(set) var farCosine = ThresholdInterval()
    /// `stepClamp` values that keep every clamped EMA step the same.
    public private(set) var stepClamp = RadiusInterval()
    /// `consensusMinDistance` values that keep every consensus distance test (`d ≥ θ`).
    public private(set) var consensusMinDistance = ThresholdInterval()
    /// `consensusAgreement` values that keep every consensus agreement test (`d ≤ θ`).
    public private(set) var consensusAgreement = RadiusInterval()

    /// The unbounded region, before any comparison.
    public init() {}

    /// Whether all six constants of `configuration` lie in the region.
    public func contains(_ configuration: AnchorConfiguration) -> Bool {
        nearRadius.contains(configuration.nearRadius) && nearCosine.contains(configuration.nearCosine)
            && farCosine.contains(configuration.farCosine) && stepClamp.contains(configuration.stepClamp)
            && consensusMinDistance.contains(configuration.consensusMinDistance)
            && consensusAgreement.contains(configuration.consensusAgreement)
    }

    /// `configuration` with the six constants replaced by `base`'s: two configurations that
    /// differ only in them agree on this.
    static func outside(_ configuration: AnchorConfiguration, as base: AnchorConfiguration) -> AnchorConfiguration {
        var c = configuration
        c.nearRadius = base.nearRadius
        c.nearCosine = base.nearCosine
        c.farCosine = base.farCosine
        c.stepClamp = base.stepClamp
        c.consensusMinDistance = base.consensusMinDistance
        c.consensusAgreement = base.consensusAgreement
        return c
    }

    /// Records that `distance` was (`within`) or was not within the near band.
    mutating func noteNearBand(distance: Double, within: Bool) {
        nearRadius.keep(within ? .atLeast(distance) : .below(distance))
    }

    /// Records a cosine comparison with the near band's threshold.
    mutating func noteNearCosine(_ decision: ThresholdDecision) { nearCosine.keep(decision) }

    /// Records a cosine comparison with the far band's threshold.
    mutating func noteFarCosine(_ decision: ThresholdDecision) { farCosine.keep(decision) }

    /// Records a consensus test "`distance` ≥ `consensusMinDistance`".
    mutating func noteConsensusDistance(_ decision: ThresholdDecision) { consensusMinDistance.keep(decision) }

    /// Records a consensus test "`distance` ≤ `consensusAgreement`" and its answer.
    mutating func noteConsensusAgreement(distance: Double, within: Bool) {
        consensusAgreement.keep(within ? .atLeast(distance) : .below(distance))
    }

    /// Records an EMA step of `length` metres taken under the clamp `limit`: unclamped, any
    /// limit of at least `length` leaves it alone; clamped, the anchor moved by the limit
    /// itself, so only that limit repeats it.
    mutating func noteClampedStep(length: Double, limit: Double, wasClamped: Bool) {
        if wasClamped {
            stepClamp.keep(.atLeast(limit))
            stepClamp.keep(.below(limit.nextUp))
        } else {
            stepClamp.keep(.atLeast(length))
        }
    }
}

/// A half-open interval `atLeast ≤ r < below` of a radius-like constant (compared as
/// `quantity ≤ constant`). Empty when a NaN reached it.
public struct RadiusInterval: Equatable, Sendable {
    /// The smallest value in the interval.
    public private(set) var atLeast = -Double.infinity
    /// The first value above the interval.
    public private(set) var below = Double.infinity

    /// A bound learnt from one comparison.
    enum Bound { case atLeast(Double), below(Double) }

    /// Whether `value` lies in the interval.
    public func contains(_ value: Double) -> Bool { atLeast <= value && value < below }

    mutating func keep(_ bound: Bound) {
        switch bound {
        case .atLeast(let x): atLeast = x.isNaN ? .infinity : max(atLeast, x)
        case .below(let x): below = x.isNaN ? -.infinity : min(below, x)
        }
    }
}

/// A half-open interval `above < θ ≤ atMost` of a threshold compared as `value ≥ θ`.
/// Empty when a NaN reached it.
public struct ThresholdInterval: Equatable, Sendable {
    /// Every threshold in the interval is above this.
    public private(set) var above = -Double.infinity
    /// The largest threshold in the interval.
    public private(set) var atMost = Double.infinity

    /// Whether `threshold` lies in the interval.
    public func contains(_ threshold: Double) -> Bool { above < threshold && threshold <= atMost }

    mutating func keep(_ decision: ThresholdDecision) {
        if decision.reaches {
            atMost = decision.bound.isNaN ? -.infinity : min(atMost, decision.bound)
        } else {
            above = decision.bound.isNaN ? .infinity : max(above, decision.bound)
        }
    }
}

/// The answer to "value ≥ threshold" (a cosine, a distance) with how far it carries: when
/// `reaches`, every threshold ≤ `bound` is reached too; otherwise every threshold > `bound`
/// is missed too.
public struct ThresholdDecision: Equatable, Sendable {
    /// Whether the value reached the threshold asked about.
    public var reaches: Bool
    /// The bound the answer carries to (see the type's description).
    public var bound: Double

    /// Creates a decision from its parts; `bound` must carry the answer as described.
    public init(reaches: Bool, bound: Double) {
        self.reaches = reaches
        self.bound = bound
    }

    /// The decision from the exact `value`: the value is its own bound both ways.
    public init(value: Double, threshold: Double) {
        self.init(reaches: value >= threshold, bound: value)
    }

    /// The decision from a monotone answer known only at `threshold` (a value below a
    /// threshold is below every larger one).
    public init(reaches: Bool, threshold: Double) {
        self.init(reaches: reaches, bound: reaches ? threshold : threshold.nextDown)
    }
}
