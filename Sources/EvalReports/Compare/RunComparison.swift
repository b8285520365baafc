import EvalResults
import EvalNumerics

/// Two run results compared (spec.md#compare-runs): the gates, the headline figures, and
/// per recording the figures of the recordings both runs scored from the same file, with a
/// paired interval over those recordings. A pure function of the two ``RunResults``.
public struct RunComparison: Sendable {
    /// One headline figure in both runs.
    public struct Figure: Sendable {
        /// The figure.
        public var metric: GateMetric
        /// Its title.
        public var title: String
        /// Run A's and run B's outcome.
        public var a: GateOutcome, b: GateOutcome
        /// Whether each run gates it.
        public var gatedA: Bool, gatedB: Bool
        /// Mean over shared recordings of B − A per recording, with its bootstrap interval
        /// over those recordings; nil when fewer than two shared recordings have the figure.
        public var paired: IntervalEstimate?
        /// Shared recordings with the figure in both runs.
        public var pairedCount: Int
    }

    /// One shared recording's figures in both runs.
    public struct RecordingRow: Sendable {
        /// The recording's name.
        public var name: String
        /// Per headline figure: A, B.
        public var values: [(a: Double, b: Double)]
    }

    /// The runs.
    public var a: RunResults, b: RunResults
    /// Headline figures in ``RunSummary/headline`` order.
    public var figures: [Figure]
    /// Recordings present in both runs with the same SHA-256, by name.
    public var shared: [RecordingRow]
    /// Recordings only one run has, or with different files under the same name.
    public var unpaired: [String]

    /// Compares `a` with `b`; the paired intervals use `bootstrap` (percentile, whole recordings resampled).
    public init(_ a: RunResults, _ b: RunResults, bootstrap: BootstrapSettings) {
        self.a = a
        self.b = b
        let pairs = a.recordings.compactMap { ra in
            b.recordings.first { $0.name == ra.name && $0.sha256 == ra.sha256 }.map { (ra, $0) }
        }
        let pairedNames = Set(pairs.map(\.0.name))
        unpaired = Set(a.recordings.map(\.name) + b.recordings.map(\.name)).subtracting(pairedNames).sorted()
        shared = pairs.map { ra, rb in
            RecordingRow(name: ra.name, values: RunSummary.headline.map {
                (PooledFigures.value(of: $0.metric, [ra]), PooledFigures.value(of: $0.metric, [rb]))
            })
        }
        var figures: [Figure] = []
        for (k, entry) in RunSummary.headline.enumerated() {
            let (oa, ga) = RunSummary.outcome(entry.metric, a), (ob, gb) = RunSummary.outcome(entry.metric, b)
            let differences = shared.map { $0.values[k].b - $0.values[k].a }.filter(\.isFinite)
            var paired: IntervalEstimate?
            if differences.count >= 2 {
                let mean = { (x: [Double]) in x.reduce(0, +) / Double(x.count) }
                let i = Bootstrap.interval(units: differences, method: .percentile, confidenceLevel: bootstrap.confidence,
                                           resamples: bootstrap.replicates, seed: bootstrap.seed, statistic: mean)
                paired = IntervalEstimate(estimate: i.estimate, lower: i.lower, upper: i.upper)
            }
            figures.append(Figure(metric: entry.metric, title: entry.title, a: oa, b: ob, gatedA: ga, gatedB: gb, paired: paired,
                                  pairedCount: differences.count))
        }
        self.figures = figures
    }

    /// Gate rows: gate, A's evidence and verdict, B's, and whether the verdict changed.
    public var gateRows: [[String]] {
        var metrics: [GateMetric] = []
        for g in a.gates + b.gates where !metrics.contains(g.gate.metric) { metrics.append(g.gate.metric) }
        return [["gate", "A", "A result", "B", "B result", "change"]] + metrics.map { m in
            let ga = a.gates.first { $0.gate.metric == m }, gb = b.gates.first { $0.gate.metric == m }
            let change = ga?.verdict == gb?.verdict ? "same" : "\(ga?.verdictText ?? "no gate") → \(gb?.verdictText ?? "no gate")"
            return [(ga ?? gb)!.gate.text, ga?.evidenceText ?? "—", ga?.verdictText ?? "no gate", gb?.evidenceText ?? "—",
                    gb?.verdictText ?? "no gate", change]
        }
    }

    /// Headline rows: figure, A and B with their intervals, the evidence, B − A, and the paired
    /// mean difference per shared recording with its interval.
    public var figureRows: [[String]] {
        let confidence = ReportNumber.fixed(b.bootstrap.confidence * 100, 0)
        return [["figure", "A [\(confidence)% interval]", "B [interval]", "evidence A / B", "B − A", "paired B − A [interval] (n)"]] + figures.map { f in
            [f.title, Self.compact(f.a), Self.compact(f.b), "\(f.a.events) / \(f.b.events) \(f.b.eventUnit)", ReportNumber.fixed(f.b.value - f.a.value),
             f.paired.map { "\(ReportNumber.interval($0)) (\(f.pairedCount))" } ?? "n/a (\(f.pairedCount))"]
        }
    }

    /// An outcome's figure and interval without its evidence (`evidenceText` up to its last comma).
    public static func compact(_ o: GateOutcome) -> String {
        let text = o.evidenceText
        guard let comma = text.range(of: ", ", options: .backwards) else { return text }
        return String(text[..<comma.lowerBound])
    }

    /// Per shared recording: its name, then A → B of each headline figure that is not a rate.
    public var recordingRows: [[String]] {
        let columns = RunSummary.headline.indices.filter { !RunSummary.headline[$0].metric.isRate }
        return [["recording"] + columns.map { RunSummary.headline[$0].title + " A → B" }] + shared.map { row in
            [row.name] + columns.map { "\(ReportNumber.fixed(row.values[$0].a)) → \(ReportNumber.fixed(row.values[$0].b))" }
        }
    }

    /// The one-line verdict of the comparison.
    public var verdict: String {
        let changed = gateRows.dropFirst().filter { $0[5] != "same" }
        let gates = changed.isEmpty ? "no gate changes its verdict" : "\(changed.count) gate\(changed.count == 1 ? "" : "s") change: "
            + changed.map { "\($0[0]) \($0[5])" }.joined(separator: "; ")
        let decided = figures.filter { f in f.paired.map { $0.lower > 0 || $0.upper < 0 } ?? false }
        let figures = decided.isEmpty ? "no paired difference excludes 0" : "paired differences excluding 0: "
            + decided.map { "\($0.title) (\($0.paired!.estimate > 0 ? "higher" : "lower") in B)" }.joined(separator: ", ")
        return "Verdict: \(gates); \(figures) (\(shared.count) shared recording\(shared.count == 1 ? "" : "s"))."
    }
}
