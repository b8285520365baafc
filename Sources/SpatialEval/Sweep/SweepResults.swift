import Evaluation
import Replay
import Sweeps

/// Everything a sweep run produced, as `sweep.h5` holds it and the report reads it.
public struct SweepResults: Sendable {
    /// The protocol's name.
    public var protocolName: String
    /// SHA-256 of the protocol file.
    public var protocolSHA256: String
    /// The tool version that ran the sweep.
    public var toolVersion: String
    /// Bootstrap settings of the recommendation intervals.
    public var bootstrap: BootstrapSettings
    /// What the recordings are, in words: simulated (simulator version, corpus spec hash) or
    /// the recordings and their sources (the report's header states it).
    public var dataSource: String
    /// Recording names, in protocol order (the recording axis of every component array).
    public var recordings: [String]
    /// Same-object and twin cross-object cosine pairs, one entry per recording.
    public var cosinePairs: [CosinePairs]
    /// One entry per sweep, in protocol order.
    public var sweeps: [SweepResult]
}

/// One sweep's raw outcome.
public struct SweepResult: Sendable {
    /// The definition (space and objective).
    public var definition: SweepDefinition
    /// The configuration the points are laid over (the protocol's replay configuration).
    public var base: ReplayConfiguration
    /// Components of every (point, recording).
    public var outcome: SweepOutcome
    /// Components of the base (shipped) configuration, per recording.
    public var shipped: [[Double]]
    /// Wall time of the points this run computed, seconds.
    public var seconds: Double
    /// Points taken from a checkpoint of a killed run instead (0 for an uninterrupted sweep).
    public var resumed: Int
    /// The sweep rerun on each simulator-assumption variant of the corpus (spec.md#sweep-variants);
    /// empty when the corpus names none.
    public var variants: [SweepVariantOutcome] = []

    /// The runnable plan of the definition.
    public func plan() throws -> SweepPlan {
        try SweepPlan(name: definition.name, space: definition.space, base: base)
    }

    /// The recommendation evidence under the definition's objective.
    public func recommendation(_ bootstrap: BootstrapSettings) throws -> Recommendation {
        Recommendation(plan: try plan(), outcome: outcome, objective: definition.objective, resamples: bootstrap.replicates,
                       confidence: bootstrap.confidence, seed: bootstrap.seed)
    }
}

/// A sweep rerun on one simulator-assumption variant's corpus (spec.md#sweep-variants): the
/// range of each swept key over the points tied under the rule there.
public struct SweepVariantOutcome: Sendable, Equatable {
    /// The variant's name.
    public var name: String
    /// The assumption family it varies (`drift`, `twin appearance`, `detector`).
    public var family: String
    /// The parameters it sets, in words.
    public var settings: String
    /// Recordings in the variant's corpus.
    public var recordings: Int
    /// Per swept key: the smallest value among the tied points (NaN when none meets the rule).
    public var tiedLow: [Double]
    /// Per swept key: the largest value among the tied points (NaN when none meets the rule).
    public var tiedHigh: [Double]

    /// Creates a variant outcome.
    public init(name: String, family: String, settings: String, recordings: Int, tiedLow: [Double], tiedHigh: [Double]) {
        self.name = name
        self.family = family
        self.settings = settings
        self.recordings = recordings
        self.tiedLow = tiedLow
        self.tiedHigh = tiedHigh
    }

    /// Whether `value` of key `a` is among the variant's tied values (the recommendation holds there).
    public func holds(_ value: Double, axis a: Int) -> Bool {
        tiedLow[a] <= value && value <= tiedHigh[a]
    }
}
