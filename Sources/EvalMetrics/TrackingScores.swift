import Foundation
import EvalNumerics
import Recording

/// Everything measured on one sequence (or on a combination of sequences) under one
/// convention.
public enum TrackingScores: Sendable, Equatable {
    /// TrackEval: CLEAR, Identity and HOTA.
    case trackeval(clear: CLEARCounts, identity: IdentityCounts, hota: HOTAAccumulators)
    /// py-motmetrics: its event counts.
    case motmetrics(MotmetricsCounts)

    /// Scalar fields in the reference tool's own names and order (for TrackEval: HOTA,
    /// then CLEAR, then Identity, as its summary prints them).
    public var fields: [(String, MetricValue)] {
        switch self {
        case .trackeval(let clear, let identity, let hota):
            return hota.fields.means + clear.fields + identity.fields
        case .motmetrics(let counts):
            return counts.fields
        }
    }

    /// HOTA's per-α arrays (empty under the motmetrics convention).
    public var perAlpha: [(String, MetricValue)] {
        if case .trackeval(_, _, let hota) = self { return hota.fields.arrays }
        return []
    }

    /// Combines per-sequence scores of one convention from their summed counts.
    public static func combined(_ parts: [TrackingScores], convention: ScoringConvention) -> TrackingScores {
        switch convention {
        case .trackeval:
            var clear: [CLEARCounts] = [], identity: [IdentityCounts] = [], hota: [HOTAAccumulators] = []
            for case .trackeval(let c, let i, let h) in parts {
                clear.append(c)
                identity.append(i)
                hota.append(h)
            }
            return .trackeval(
                clear: .combined(clear), identity: .combined(identity), hota: .combined(hota))
        case .motmetrics:
            var counts: [MotmetricsCounts] = []
            for case .motmetrics(let c) in parts { counts.append(c) }
            return .motmetrics(.combined(counts))
        }
    }
}

/// The scores of one sequence, with its match events when they were asked for.
public struct SequenceResult: Sendable {
    /// Sequence name.
    public var name: String
    /// The scores.
    public var scores: TrackingScores
    /// Per-frame events of the CLEAR matching (nil unless requested).
    public var events: MatchEvents?
}

/// Scores MOTChallenge sequences against their ground truth.
public enum TrackingEvaluation {
    /// Scores one sequence.
    ///
    /// - Parameters:
    ///   - sequence: files already read.
    ///   - convention: whose rules to follow.
    ///   - recordEvents: also return the per-frame match events.
    public static func evaluate(
        _ sequence: MOTSequence, convention: ScoringConvention, recordEvents: Bool = false
    ) throws(InputError) -> SequenceResult {
        evaluate(try PreparedSequence(sequence, convention: convention), recordEvents: recordEvents)
    }

    /// Scores a sequence already prepared for its convention (the rows read from the
    /// files can be released before scoring starts).
    ///
    /// The sequence is consumed: once its IoUs are tabulated the boxes are released, since
    /// no metric looks at them again.
    public static func evaluate(_ sequence: consuming PreparedSequence, recordEvents: Bool = false) -> SequenceResult {
        let table = SimilarityTable(copy sequence)
        var withoutBoxes = consume sequence
        withoutBoxes.releaseBoxes()
        let prepared = withoutBoxes
        let convention = prepared.convention
        var events: MatchEvents? = recordEvents ? MatchEvents() : nil
        let scores: TrackingScores
        switch convention {
        case .trackeval:
            let (clearAndIdentity, hota) = inParallel(
                { [events] () -> (CLEARCounts, IdentityCounts, MatchEvents?) in
                    var recorded = events
                    let clear = CLEARMatcher.evaluate(prepared, table: table, events: &recorded)
                    return (clear, IdentityMatcher.evaluate(prepared, table: table), recorded)
                },
                { HOTAMatcher.evaluate(prepared, table: table) })
            events = clearAndIdentity.2
            scores = .trackeval(clear: clearAndIdentity.0, identity: clearAndIdentity.1, hota: hota)
        case .motmetrics:
            scores = .motmetrics(MotmetricsAccumulator.evaluate(prepared, table: table, events: &events))
        }
        return SequenceResult(name: prepared.name, scores: scores, events: events)
    }
}
