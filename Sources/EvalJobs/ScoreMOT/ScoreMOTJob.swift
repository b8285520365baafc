import Dispatch
import EvalMetrics
import Recording
import Synchronization
import EvalResults

/// Scores one or more MOTChallenge sequences and combines them.
public struct ScoreMOTJob: Sendable {
    /// The sequences to score.
    public var sources: [MOTSequenceSource]
    /// Replaces every sequence's `seqLength` when set.
    public var lengthOverride: Int?
    /// Whose rules to follow.
    public var convention: ScoringConvention
    /// Whether to keep per-frame match events (for the results file).
    public var recordEvents: Bool

    /// Describes a job.
    public init(sources: [MOTSequenceSource], lengthOverride: Int? = nil, convention: ScoringConvention, recordEvents: Bool = false) {
        self.sources = sources
        self.lengthOverride = lengthOverride
        self.convention = convention
        self.recordEvents = recordEvents
    }

    /// Reads, validates and scores every sequence (in parallel), then combines them.
    /// The first input error in sequence order is thrown.
    public func run() throws(InputError) -> ScoreMOTReport {
        let outcomes = Mutex([Result<SequenceResult, InputError>?](repeating: nil, count: sources.count))
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            let outcome: Result<SequenceResult, InputError>
            do throws(InputError) {
                // The file rows are released once prepared; only the grouped boxes are kept.
                let prepared = try PreparedSequence(
                    try MOTSequence.load(sources[index], lengthOverride: lengthOverride), convention: convention)
                outcome = .success(TrackingEvaluation.evaluate(prepared, recordEvents: recordEvents))
            } catch {
                outcome = .failure(error)
            }
            outcomes.withLock { $0[index] = outcome }
        }
        var results: [SequenceResult] = []
        for outcome in outcomes.withLock({ $0 }) {
            results.append(try outcome!.get())
        }
        let combined = TrackingScores.combined(results.map(\.scores), convention: convention)
        return ScoreMOTReport(convention: convention, sequences: results, combined: combined)
    }
}
