import Evaluation
import Replay
import Sweeps
import Synchronization

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
    /// The thresholds of the verdicts (the protocol's `verdict` object).
    public var verdictRules: VerdictRules = VerdictRules()
    /// Per recording: simulated or recorded, and its resampling cluster (empty: every
    /// recording simulated, as in files written before sources were stored).
    public var origins: [RecordingOrigin] = []

    /// Takes each sweep's remembered recommendation from the same sweep of `source` where
    /// ``SweepResult/adoptRecommendation(of:for:)`` allows it (same bootstrap settings, and
    /// the sweeps in the same order): the sweep command reads back the file it wrote and
    /// renders the report from what was read, without computing the recommendations twice.
    public mutating func adoptRecommendations(from source: SweepResults) {
        guard bootstrap == source.bootstrap, sweeps.count == source.sweeps.count else { return }
        for k in sweeps.indices where sweeps[k].definition.name == source.sweeps[k].definition.name {
            sweeps[k].adoptRecommendation(of: source.sweeps[k], for: bootstrap)
        }
    }

    /// Creates the value from each of its stored properties.
    public init(protocolName: String, protocolSHA256: String, toolVersion: String, bootstrap: BootstrapSettings, dataSource: String, recordings: [String], cosinePairs: [CosinePairs], sweeps: [SweepResult], verdictRules: VerdictRules = VerdictRules(), origins: [RecordingOrigin] = []) {
        self.origins = origins
        self.protocolName = protocolName
        self.protocolSHA256 = protocolSHA256
        self.toolVersion = toolVersion
        self.bootstrap = bootstrap
        self.dataSource = dataSource
        self.recordings = recordings
        self.cosinePairs = cosinePairs
        self.sweeps = sweeps
        self.verdictRules = verdictRules
    }
}

/// One sweep's raw outcome.
public struct SweepResult: Sendable {
    /// The definition as the protocol declares it (space and objective).
    public var definition: SweepDefinition { didSet { memo = RecommendationMemo() } }
    /// The space swept: the definition's, with the edges the recommendation reached widened
    /// (spec.md#sweep-grid-edge).
    public var space: ParameterSpace { didSet { memo = RecommendationMemo() } }
    /// Widening rounds done (0: the declared grid).
    public var widenings: Int = 0
    /// The configuration the points are laid over (the protocol's replay configuration).
    public var base: ReplayConfiguration { didSet { memo = RecommendationMemo() } }
    /// Components of every (point, recording).
    public var outcome: SweepOutcome { didSet { memo = RecommendationMemo() } }
    /// Components of the base (shipped) configuration, per recording.
    public var shipped: [[Double]]
    /// Wall time of the points this run computed, seconds.
    public var seconds: Double
    /// Points taken from a checkpoint of a killed run instead (0 for an uninterrupted sweep).
    public var resumed: Int
    /// The sweep rerun on each simulator-assumption variant of the corpus (spec.md#sweep-variants);
    /// empty when the corpus names none.
    public var variants: [VariantEvidence] = []
    /// The sweep rerun along each assumption it depends on (spec.md#sweep-pivot).
    public var pivots: [PivotScan] = []
    /// The last recommendation computed, with its bootstrap settings; replaced by an empty
    /// memo whenever a property the recommendation reads changes.
    private var memo = RecommendationMemo()

    /// Creates a result of the declared space (no widening, variants or pivots yet).
    public init(definition: SweepDefinition, base: ReplayConfiguration, outcome: SweepOutcome, shipped: [[Double]], seconds: Double,
                resumed: Int, space: ParameterSpace? = nil, widenings: Int = 0) {
        self.definition = definition
        self.space = space ?? definition.space
        self.widenings = widenings
        self.base = base
        self.outcome = outcome
        self.shipped = shipped
        self.seconds = seconds
        self.resumed = resumed
    }

    /// The runnable plan of the swept space.
    public func plan() throws -> SweepPlan {
        try SweepPlan(name: definition.name, space: space, base: base)
    }

    /// The recommendation evidence under the definition's objective.
    /// Computed once per bootstrap setting while the sweep is unchanged (the writer, the report
    /// and the pivot scans each ask for it).
    public func recommendation(_ bootstrap: BootstrapSettings) throws -> Recommendation {
        if let known = memo.value(for: bootstrap) { return known }
        let computed = Recommendation(plan: try plan(), outcome: outcome, objective: definition.objective, resamples: bootstrap.replicates,
                                      confidence: bootstrap.confidence, seed: bootstrap.seed)
        memo.store(computed, for: bootstrap)
        return computed
    }

    /// Keeps `recommendation`, computed by the caller for this very plan, outcome and objective
    /// under `bootstrap`, as the one ``recommendation(_:)`` returns for those settings.
    public mutating func remember(_ recommendation: Recommendation, for bootstrap: BootstrapSettings) {
        memo = RecommendationMemo()
        memo.store(recommendation, for: bootstrap)
    }

    /// Takes `source`'s remembered recommendation under `bootstrap` when `source` has the same
    /// space, base configuration, objective and outcome, to the bit: the recommendation is a
    /// function of those and the bootstrap settings alone, so a sweep read back from the file
    /// just written from `source` need not compute it again. Does nothing when anything
    /// differs or `source` remembers none (the recommendation is then computed when asked).
    public mutating func adoptRecommendation(of source: SweepResult, for bootstrap: BootstrapSettings) {
        guard let known = source.memo.value(for: bootstrap), space == source.space, base == source.base,
              definition.objective == source.definition.objective,
              ComponentCube.sameBits(outcome.components, source.outcome.components) else { return }
        remember(known, for: bootstrap)
    }

    /// The recommendation and the verdict on every key on all recordings, as simulated
    /// evidence (spec.md#sweep-verdict); ``SweepResults/assessments(_:)`` judges each source apart.
    public func assessment(_ bootstrap: BootstrapSettings, rules: VerdictRules, placements: [[PivotPlacement]] = []) throws -> SweepAssessment {
        SweepAssessment(plan: try plan(), outcome: outcome, shipped: shipped, objective: definition.objective,
                        recommendation: try recommendation(bootstrap), variants: variants, widenings: widenings, rules: rules,
                        placements: placements, harmBootstrap: (bootstrap.replicates, bootstrap.confidence, bootstrap.seed))
    }
}

/// A sweep's last recommendation, shared by the copies of one unchanged ``SweepResult``.
private final class RecommendationMemo: Sendable {
    private let entry = Mutex<(BootstrapSettings, Recommendation)?>(nil)

    func value(for bootstrap: BootstrapSettings) -> Recommendation? {
        entry.withLock { $0.flatMap { $0.0 == bootstrap ? $0.1 : nil } }
    }

    func store(_ recommendation: Recommendation, for bootstrap: BootstrapSettings) {
        entry.withLock { $0 = (bootstrap, recommendation) }
    }
}
