import EvalNumerics
import Evaluation
import Recording

/// Where a replay sweep's recordings come from. A pass over them (``SweepPass``) asks for
/// each recording when a core is free to run it, and lets it go once its components are
/// computed: a sweep holds only a few recordings at a time (Docs/sweeps.md#streaming).
public protocol SweepRecordings: Sendable {
    /// How many recordings there are.
    var count: Int { get }
    /// Recording `k` (in sweep order), read and prepared.
    /// - Throws: when it cannot be read; the error names its file.
    func input(_ k: Int) throws -> SweepInput
}

/// Recordings already read and prepared (tests, shards, the benchmark).
extension Array: SweepRecordings where Element == SweepInput {
    /// Recording `k` as given.
    public func input(_ k: Int) throws -> SweepInput { self[k] }
}

/// What a sweep keeps of a recording once it has let it go: what the results and the report
/// show of it beside its components.
public struct SweepRecordingSummary: Sendable, Equatable {
    /// Its name in results.
    public var name: String
    /// Its same-object and twin cross-object cosine pairs (the report's cosine evidence).
    public var cosinePairs: CosinePairs
    /// Its `meta` table (the data statement reads the source, simulator, scenario and seed).
    public var meta: [String: String]
    /// Its ground-truth route in words (``GroundTruthRoute/text``).
    public var groundTruthRoute: String
    /// Its views for the detector-recall probe (spec.md#sweep-pivot-measured).
    public var recallSample: AssumptionProbe.Sample

    /// The summary of a prepared recording.
    public init(_ input: SweepInput) {
        name = input.name
        cosinePairs = input.truth.cosinePairs
        meta = input.recording.meta
        groundTruthRoute = GroundTruthRoute(input.recording).text
        recallSample = AssumptionProbe.recallSample(input.recording, objectOfDetection: input.truth.objectOfDetection)
    }

    /// Its sample of `probe`, as `spatial-eval measure` takes it from a recorded session.
    public func sample(_ probe: AssumptionProbe) -> AssumptionProbe.Sample {
        switch probe {
        case .twinCrossCosineMedian: AssumptionProbe.Sample(values: zip(cosinePairs.cosines, cosinePairs.sameObject).filter { !$0.1 }.map(\.0))
        case .detectorRecallLarge: recallSample
        case .drift: AssumptionProbe.Sample()
        }
    }

    /// The median cosine between detections of two different twins over `summaries` (NaN
    /// without twin pairs): the pivot probe `twin-cross-cosine-median`.
    public static func twinCrossCosineMedian(_ summaries: [SweepRecordingSummary]) -> Double {
        let cosines = summaries.flatMap { s in zip(s.cosinePairs.cosines, s.cosinePairs.sameObject).filter { !$0.1 }.map(\.0) }
        return cosines.isEmpty ? .nan : Quantile.linear(cosines, 0.5)
    }
}
