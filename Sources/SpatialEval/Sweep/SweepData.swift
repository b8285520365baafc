import Foundation
import Recording
import Simulation

/// The recordings a sweep runs over: the protocol's list, or the recordings of its corpus
/// spec generated (or reused) in the cache `.build/corpora/<spec hash>` (spec.md#sim-corpus).
struct SweepData {
    /// Recording paths in sweep order.
    var paths: [String]
    /// The corpus summary, when the protocol names a corpus.
    var corpus: CorpusSummary?
    /// The corpus spec, when the protocol names a corpus (its variants, spec.md#sweep-variants).
    var spec: CorpusSpec?

    /// Where corpora are generated, relative to the working folder.
    static let cacheRoot = ".build/corpora"

    /// The recordings of `loaded`; generates its corpus when it names one and it is missing.
    static func resolve(_ loaded: ProtocolLoader.Loaded, message: (String) -> Void) throws -> SweepData {
        guard let specPath = loaded.corpusSpecPath else { return SweepData(paths: loaded.recordingPaths, corpus: nil) }
        let spec = try CorpusBuilder.spec(at: specPath)
        let folder = try CorpusBuilder.cacheFolder(spec, root: cacheRoot)
        message("corpus \(spec.name): \(spec.count) recordings in \(folder)")
        let summary = try CorpusBuilder.build(spec, into: folder, progress: SimulateCorpusCommand.progress())
        message(summary.text.trimmingCharacters(in: .newlines))
        return SweepData(paths: summary.recordings.map { (folder as NSString).appendingPathComponent($0.file) }, corpus: summary, spec: spec)
    }

    /// The recordings of variant `model` of the corpus (generated or reused in the cache).
    func variantPaths(_ model: CorpusVariants.Model, message: (String) -> Void) throws -> [String] {
        guard let spec else { return [] }
        let variant = spec.variantSpec(model)
        let folder = try CorpusBuilder.cacheFolder(variant, root: Self.cacheRoot)
        message("variant \(model.name) (\(model.family): \(model.settingsText)): \(variant.count) recordings in \(folder)")
        let summary = try CorpusBuilder.build(variant, into: folder, progress: SimulateCorpusCommand.progress())
        return summary.recordings.map { (folder as NSString).appendingPathComponent($0.file) }
    }

    /// The variants in words (empty without variants).
    private var variantStatement: String {
        guard let variants = spec?.variants, !variants.models.isEmpty else { return "" }
        return "; simulator-assumption variants (each simulated on the first \(min(variants.count, spec?.count ?? 0)) recordings' scenarios and seeds): "
            + variants.models.map { "\($0.name) (\($0.family): \($0.settingsText))" }.joined(separator: ", ")
    }

    /// The report's data statement for `recordings` (in sweep order), by ``DataStatement``.
    func statement(_ recordings: [Recording]) -> String {
        DataStatement.sweep(names: paths.map(ProtocolLoader.recordingName), data: recordings.map { RecordingData(meta: $0.meta) }, corpus: corpus) + variantStatement
    }
}
