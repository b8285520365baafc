import Foundation
import Evaluation
import Recording
import Simulation
import Sweeps
import EvalResults

/// The recordings a sweep runs over: the protocol's list, or the recordings of its corpus
/// spec generated (or reused) in the cache `.build/corpora/<spec hash>` (spec.md#sim-corpus).
public struct SweepData {
    /// Recording paths in sweep order.
    public var paths: [String]
    /// The corpus summary, when the protocol names a corpus.
    public var corpus: CorpusSummary?
    /// The corpus spec, when the protocol names a corpus (its variants, spec.md#sweep-variants).
    public var spec: CorpusSpec?

    /// Where corpora are generated, relative to the working folder.
    public static let cacheRoot = ".build/corpora"

    /// The recordings of `loaded`; generates its corpus when it names one and it is missing.
    /// `corpusProgress` receives (recordings done, total) while a corpus is generated.
    public static func resolve(_ loaded: ProtocolLoader.Loaded, message: (String) -> Void,
                               corpusProgress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> SweepData {
        guard let specPath = loaded.corpusSpecPath else { return SweepData(paths: loaded.recordingPaths, corpus: nil) }
        let spec = try CorpusBuilder.spec(at: specPath)
        let folder = try CorpusBuilder.cacheFolder(spec, root: cacheRoot)
        message("corpus \(spec.name): \(spec.count) recordings in \(folder)")
        let start = DispatchTime.now().uptimeNanoseconds
        let summary = try CorpusBuilder.build(spec, into: folder, progress: corpusProgress)
        message("corpus \(spec.name): ready in \(seconds(since: start))")
        message(summary.text.trimmingCharacters(in: .newlines))
        return SweepData(paths: summary.recordings.map { (folder as NSString).appendingPathComponent($0.file) }, corpus: summary, spec: spec)
    }

    /// The recordings of variant `model` of the corpus (generated or reused in the cache);
    /// `sources` holds base members read already, which generation takes instead of reading.
    public func variantPaths(_ model: CorpusVariants.Model, sources: BorrowSources = BorrowSources(), message: (String) -> Void,
                             corpusProgress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> [String] {
        guard let spec else { return [] }
        let variant = spec.variantSpec(model)
        let folder = try CorpusBuilder.cacheFolder(variant, root: Self.cacheRoot)
        message("variant \(model.name) (\(model.family): \(model.settingsText)): \(variant.count) recordings in \(folder)")
        let start = DispatchTime.now().uptimeNanoseconds
        let base = CorpusBuilder.Base(spec: spec, folder: try CorpusBuilder.cacheFolder(spec, root: Self.cacheRoot), sources: sources)
        let summary = try CorpusBuilder.build(variant, into: folder, base: base, progress: corpusProgress)
        message("variant \(model.name): ready in \(Self.seconds(since: start))")
        return summary.recordings.map { (folder as NSString).appendingPathComponent($0.file) }
    }

    /// The report's data statement for the recordings `summaries` describe (in sweep order),
    /// by ``DataStatement``.
    public func statement(_ summaries: [SweepRecordingSummary]) -> String {
        DataStatement.sweep(names: paths.map(ProtocolLoader.recordingName),
                            data: summaries.map { RecordingData(meta: $0.meta, groundTruth: $0.groundTruthRoute) },
                            corpus: corpus, variants: spec.map { ($0.variants, $0.count) })
    }

    /// The time since `start` (uptime nanoseconds) as "12.34 s".
    private static func seconds(since start: UInt64) -> String {
        String(format: "%.2f s", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
