/// The headline figures of a TrackEval-convention score: MOTA, IDF1, HOTA and the counts
/// behind them, with the full scores kept for anyone who needs more.
public struct TrackingSummary: Sendable, Equatable {
    /// CLEAR MOTA.
    public var mota: Double
    /// Identity IDF1.
    public var idf1: Double
    /// HOTA, averaged over the localisation thresholds.
    public var hota: Double
    /// Identity switches (CLEAR).
    public var identitySwitches: Int
    /// Ground-truth boxes scored (CLEAR TP + FN).
    public var groundTruthCount: Int
    /// Every field of the evaluation.
    public var scores: TrackingScores

    /// Reads the headline figures out of `scores` (NaN for any field the convention lacks).
    public init(_ scores: TrackingScores) {
        self.scores = scores
        let fields = scores.fields
        func value(_ name: String) -> Double { fields.first { $0.0 == name }?.1.scalar ?? .nan }
        mota = value("MOTA")
        idf1 = value("IDF1")
        hota = value("HOTA")
        identitySwitches = Int(value("IDSW").isFinite ? value("IDSW") : 0)
        let tp = value("CLR_TP"), fn = value("CLR_FN")
        groundTruthCount = tp.isFinite && fn.isFinite ? Int(tp + fn) : 0
    }
}
