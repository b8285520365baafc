import Foundation
import EvalNumerics
import Recording
import Replay
import ResultStore
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval compare A.h5 B.h5`: two run results compared (spec.md#compare-runs) —
/// gates, headline figures, per-recording figures with paired intervals where the runs
/// scored the same recordings, and, when both hold a fusion study, the depth-fusion results
/// box by box, variant by variant.
struct CompareCommand: Command {
    let name = "compare"
    let summary = "Compare two run results (results.h5): gates, headline figures, per-recording figures with paired intervals, fusion boxes."
    let discussion = """
        A and B are results.h5 files of `spatial-eval run` (e.g. the same protocol before and \
        after a change). Prints, and with --out renders as a report, the gates of both with \
        their verdicts, every headline figure of both with its interval and B − A, and for the \
        recordings both runs scored from the same file (same name and SHA-256) the mean \
        per-recording difference B − A with a percentile bootstrap interval over those \
        recordings. When both files hold a /fusion group, the depth-fusion boxes are paired by \
        recording and detection id and, for every variant in both, the differences A − B of \
        |box depth error|, anchor error and per-box sample AbsRel are summarised by median and \
        mean with intervals over boxes and the Wilcoxon signed-rank test, with a verdict per \
        metric (lower is better). Exit status: 0 success, 1 bad input, 64 usage.
        """
    static let a = Positional<String>("A.h5", "Results file of run A.")
    static let b = Positional<String>("B.h5", "Results file of run B.")
    static let resamples = OptionKey<Int>("resamples", "N", "Bootstrap resamples.", default: 2000,
        bounds: .within(10...BootstrapSettings.maximumReplicates))
    static let seed = OptionKey<UInt64>("seed", "N", "Bootstrap seed.", default: 1)
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    static let out = OptionKey<String?>("out", "DIR", "Also write the comparison report (report.md, report.html) into DIR.")
    let positionals: [any CommandPositional] = [Self.a, Self.b]
    let options: [any CommandOption] = [Self.resamples, Self.seed, Self.format, Self.out]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let resamples = arguments[Self.resamples]
        let seed = arguments[Self.seed]
        let (pathA, pathB) = (arguments[Self.a], arguments[Self.b])
        let runA = try RunResultsFile.load(pathA), runB = try RunResultsFile.load(pathB)
        let bootstrap = BootstrapSettings(replicates: resamples, seed: seed, confidence: 0.95, method: "percentile")
        let comparison = RunComparison(runA, runB, bootstrap: bootstrap)
        var rows: [VariantComparison] = []
        if let fa = runA.fusion, let fb = runB.fusion { rows = FusionSummaries.paired(fa, fb, bootstrap: bootstrap) }
        let fusionNote = runA.fusion == nil || runB.fusion == nil
            ? "fusion: not compared (\(runA.fusion == nil ? pathA : pathB) has no /fusion group)" : nil
        if let folder = arguments[Self.out] {
            try CompareReport.write(comparison, fusion: rows, names: (pathA, pathB), fusionNote: fusionNote, bootstrap: bootstrap, to: folder)
        }
        if arguments[Self.format] == .json {
            var w = JSONWriter()
            w.beginObject()
            w.string("a", pathA)
            w.string("b", pathB)
            w.string("verdict", comparison.verdict)
            w.beginArray("gates")
            for row in comparison.gateRows.dropFirst() {
                w.beginObject()
                for (key, value) in zip(["gate", "a", "a_result", "b", "b_result", "change"], row) { w.string(key, value) }
                w.endObject()
            }
            w.endArray()
            w.beginArray("figures")
            for f in comparison.figures {
                w.beginObject()
                w.string("figure", f.metric.rawValue)
                w.interval("a", estimate: f.a.value, lower: f.a.interval.lower, upper: f.a.interval.upper)
                w.interval("b", estimate: f.b.value, lower: f.b.interval.lower, upper: f.b.interval.upper)
                if let p = f.paired { w.interval("paired_difference", estimate: p.estimate, lower: p.lower, upper: p.upper) }
                w.integer("paired_recordings", f.pairedCount)
                w.endObject()
            }
            w.endArray()
            w.beginArray("comparisons")
            for c in rows {
                w.beginObject()
                w.string("variant", c.variant.rawValue)
                w.string("metric", c.metric)
                w.integer("n", c.count)
                for (key, i) in [("median", c.median), ("mean", c.mean)] { w.interval(key, estimate: i.estimate, lower: i.lower, upper: i.upper) }
                w.number("p_value", c.pValue)
                w.string("method", c.method)
                w.string("verdict", c.verdict)
                w.endObject()
            }
            w.endArray()
            w.endObject()
            output.out(w.text)
        } else {
            output.out("A = \(pathA)\nB = \(pathB)\n\(comparison.verdict)\n"
                + DetectionParityFormatting.aligned(comparison.figureRows).joined(separator: "\n") + "\n" + (fusionNote.map { $0 + "\n" } ?? "")
                + rows.map { "\($0.variant.rawValue)  \($0.verdict)\n" }.joined())
        }
        return .success
    }
}
