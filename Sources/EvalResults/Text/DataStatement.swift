import Simulation

/// The statement of a report's data in its header (spec.md#report-data): a one-line summary,
/// e.g. "Data: 5 recordings, all simulated (capture simulator sim-3)", and one row per
/// recording. Pure functions of the recordings' ``RecordingData`` (or a sweep's corpus
/// summary, or a warmth trial corpus), the one renderer of every report's data statement (run,
/// sweep, compare, warmth), so they word it the same way.
public enum DataStatement {
    /// The one-line summary; the word "simulated" appears whenever any recording is simulated.
    public static func summary(_ data: [RecordingData]) -> String {
        summary(data, truth: groundTruth(data))
    }

    /// The summary with `truth` (a ground-truth clause) at its end.
    private static func summary(_ data: [RecordingData], truth: String) -> String {
        let simulated = data.filter(\.isSimulated), recorded = data.filter { !$0.isSimulated }
        let count = "\(data.count) recording" + (data.count == 1 ? "" : "s")
        let simulators = unique(simulated.map { $0.simulatorTag ?? "not stated" })
        let simulatedText = "simulated (capture simulator" + (simulators.count == 1 ? " " : "s ") + simulators.joined(separator: ", ") + ")"
        let sources = unique(recorded.map { source($0) })
        let recordedText = "recorded (" + sources.joined(separator: "; ") + ")"
        if recorded.isEmpty { return "Data: \(count), " + (data.count == 1 ? "" : "all ") + simulatedText + truth }
        if simulated.isEmpty { return "Data: \(count), " + (data.count == 1 ? "" : "all ") + recordedText + truth }
        return "Data: \(count): \(simulated.count) \(simulatedText), \(recorded.count) \(recordedText)" + truth
    }

    /// The ground-truth clause (spec.md#ground-truth-route): "; ground truth: labelled boxes",
    /// or with counts when routes differ ("; ground truth: labelled boxes (3), marks ±0.05 m (2)");
    /// empty when no recording states its route (results written before routes were stored).
    public static func groundTruth(_ data: [RecordingData]) -> String {
        routes(data).map { "; ground truth: " + $0 } ?? ""
    }

    /// The recordings' routes in words ("labelled boxes", "labelled boxes (3), marks ±0.05 m (2)"),
    /// nil when none states its route.
    public static func routes(_ data: [RecordingData]) -> String? {
        let routes = data.map(\.groundTruth).filter { !$0.isEmpty }
        guard !routes.isEmpty else { return nil }
        let kinds = unique(routes)
        if kinds.count == 1 && routes.count == data.count { return kinds[0] }
        return kinds.map { kind in "\(kind) (\(routes.count { $0 == kind }))" }.joined(separator: ", ")
    }

    /// One row per recording, header first: recording, data, source, scenario, seed, device,
    /// and the ground truth when any recording states its route.
    public static func table(_ recordings: [(name: String, data: RecordingData)]) -> [[String]] {
        let routes = recordings.contains { !$0.data.groundTruth.isEmpty }
        return [["recording", "data", "meta.source", "scenario", "seed", "device"] + (routes ? ["ground truth"] : [])] + recordings.map { name, data in
            [name, data.isSimulated ? "simulated (\(data.simulatorTag ?? "simulator not stated"))" : "recorded",
             orDash(data.source), orDash(data.scenario), orDash(data.seed), orDash(data.device)] + (routes ? [orDash(data.groundTruth)] : [])
        }
    }

    /// A sweep's statement: the corpus it ran over, or the summary line followed by each
    /// recording's name and source.
    /// `variants` (a corpus's simulator-assumption variants and the corpus size) add a clause naming each.
    public static func sweep(names: [String], data: [RecordingData], corpus: CorpusSummary?,
                             variants: (models: CorpusVariants?, count: Int)? = nil) -> String {
        let variantText = variants.map { variantClause($0.models, corpusCount: $0.count) } ?? ""
        if let corpus { return self.corpus(corpus) + groundTruth(data) + variantText }
        let sources = zip(names, data).map { name, d in d.isSimulated ? name : "\(name) (\(source(d)))" }
        let simulated = !data.isEmpty && data.allSatisfy(\.isSimulated)
        return summary(data, truth: "") + (simulated ? " (current simulator version \(SimulatorInfo.version))" : "") + groundTruth(data) + "; recordings: "
            + sources.joined(separator: ", ") + variantText
    }

    /// The simulator-assumption variants in words (empty without variants).
    private static func variantClause(_ variants: CorpusVariants?, corpusCount: Int) -> String {
        guard let variants, !variants.models.isEmpty else { return "" }
        return "; simulator-assumption variants (each simulated on the first \(min(variants.count, corpusCount)) recordings' scenarios and seeds): "
            + variants.models.map { "\($0.name) (\($0.family): \($0.settingsText))" }.joined(separator: ", ")
    }

    /// A warmth trial corpus (Docs/warmth.md): simulated or recorded, and how many trials in
    /// how many sessions, with and without the target.
    public static func trials(simulated: Bool, trials: Int, sessions: Int, present: Int, absent: Int) -> String {
        "Data: " + (simulated ? "SIMULATED trials (spatial-eval warmth-simulate, Docs/warmth.md#simulator), not recordings of the app" : "recorded trials")
            + "; \(trials) trials in \(sessions) sessions (\(present) with the target, \(absent) without)"
    }

    /// A generated corpus: its spec, simulator version and the ground-truth events it holds.
    public static func corpus(_ corpus: CorpusSummary) -> String {
        let t = corpus.totals
        return "Data: simulated: corpus '\(corpus.spec.name)' of \(corpus.recordings.count) recordings, spec SHA-256 \(corpus.specSHA256), "
            + "simulator version \(corpus.simulatorVersion); ground-truth events: \(t.anchoredRemovals) removals of anchored objects, "
            + "\(t.guidanceInMemory) guidance requests with the target in memory, \(t.closeTwinPairs) twin pairs closer than 1 m, "
            + "\(t.genuineMoves) genuine moves of 0.3–1.5 m, \(t.lowLightRecordings) low-light and \(t.multiRoomRecordings) multi-room recordings"
    }

    private static func source(_ data: RecordingData) -> String {
        "source " + (data.source.isEmpty ? "not stated" : data.source) + ", device " + (data.device.isEmpty ? "not stated" : data.device)
    }

    private static func orDash(_ text: String) -> String { text.isEmpty ? "—" : text }

    private static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = [], result: [String] = []
        for value in values where seen.insert(value).inserted { result.append(value) }
        return result
    }
}
