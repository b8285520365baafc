import EvalMetrics

/// The outcome of a ``ScoreMOTJob``.
public struct ScoreMOTReport: Sendable {
    /// The convention used.
    public var convention: ScoringConvention
    /// Per-sequence results, sorted by name.
    public var sequences: [SequenceResult]
    /// The combination of all sequences.
    public var combined: TrackingScores

    /// Creates the value from each of its stored properties.
    public init(convention: ScoringConvention, sequences: [SequenceResult], combined: TrackingScores) {
        self.convention = convention
        self.sequences = sequences
        self.combined = combined
    }

    /// The name of the combined row: TrackEval's `COMBINED` or motmetrics' `OVERALL`.
    public var combinedName: String { convention == .trackeval ? "COMBINED" : "OVERALL" }

    /// Every row: each sequence, then the combination.
    public var rows: [(name: String, scores: TrackingScores)] {
        sequences.map { ($0.name, $0.scores) } + [(combinedName, combined)]
    }
}
