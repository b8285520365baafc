/// Whose rules a tracking evaluation follows.
///
/// The two reference tools disagree in six places (see `Docs/tracking-metrics.md`):
/// which earlier pairing is continued, the per-frame objective, the MT threshold,
/// fragmentation, the frames that are counted, and which ground-truth rows are kept.
public enum ScoringConvention: String, Sendable, CaseIterable, Codable {
    /// TrackEval 1.3.0, the official MOTChallenge kit (the default).
    case trackeval
    /// py-motmetrics 1.4.0 as run by its `eval_motchallenge` app.
    case motmetrics
}
