import Foundation
import EvalNumerics
import Recording
import Replay
import ResultStore

/// `spatial-eval compare A.h5 B.h5`: the depth-fusion results of two runs compared box by
/// box, variant by variant (e.g. the same protocol with a changed constant).
struct CompareCommand: Command {
    let name = "compare"
    let summary = "Compare the depth-fusion results (/fusion) of two results.h5 files box by box: paired differences, intervals, Wilcoxon."
    let discussion = """
        Both files must hold a /fusion group (a protocol with a "fusion" section). Boxes are \
        paired by recording name and detection id; for every variant present in both, the \
        differences A − B of |box depth error|, anchor error and per-box sample AbsRel are \
        summarised by their median and mean with percentile bootstrap intervals over boxes \
        and the Wilcoxon signed-rank test, with a one-line verdict per metric (lower is \
        better). Exit status: 0 success, 1 bad input, 64 usage.
        """
    static let a = Positional<String>("A.h5", "Results file of run A (with /fusion).")
    static let b = Positional<String>("B.h5", "Results file of run B (with /fusion).")
    static let resamples = OptionKey<Int>("resamples", "N", "Bootstrap resamples.", default: 2000,
        bounds: .within(10...BootstrapSettings.maximumReplicates))
    static let seed = OptionKey<UInt64>("seed", "N", "Bootstrap seed.", default: 1)
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = [Self.a, Self.b]
    let options: [any CommandOption] = [Self.resamples, Self.seed, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let resamples = arguments[Self.resamples]
        let seed = arguments[Self.seed]
        let (pathA, pathB) = (arguments[Self.a], arguments[Self.b])
        let a = try Self.load(pathA), b = try Self.load(pathB)
        let bootstrap = BootstrapSettings(replicates: resamples, seed: seed, confidence: 0.95, method: "percentile")
        let rows = Self.comparisons(a, b, bootstrap: bootstrap)
        guard !rows.isEmpty else { throw InputError(file: pathB, message: "shares no boxes and variants with \(pathA)") }
        if arguments[Self.format] == .json {
            var w = JSONWriter()
            w.beginObject()
            w.string("a", pathA)
            w.string("b", pathB)
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
            output.out("A = \(pathA)\nB = \(pathB)\n" + rows.map { "\($0.variant.rawValue)  \($0.verdict)" }.joined(separator: "\n") + "\n")
        }
        return .success
    }

    /// The `/fusion` results of `path`, as an ``InputError`` when missing or unreadable.
    static func load(_ path: String) throws -> FusionResults {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "does not exist") }
        try ForeignResultsFile.check(path)
        let fusion: FusionResults?
        do {
            fusion = try FusionResultsFile.readIfPresent(try ResultFile.open(atPath: path).root)
        } catch {
            throw InputError(file: path, message: "cannot be read as results: \(error)")
        }
        guard let fusion else { throw InputError(file: path, message: "has no /fusion group (run a protocol with a \"fusion\" section)") }
        return fusion
    }

    /// A − B for every shared variant and compared metric, over the boxes both files hold.
    static func comparisons(_ a: FusionResults, _ b: FusionResults, bootstrap: BootstrapSettings) -> [VariantComparison] {
        func keys(_ r: FusionResults) -> [String: Int] {
            var index: [String: Int] = [:]
            for k in r.boxes.detection.indices { index["\(r.recordingNames[Int(r.boxes.recording[k])])/\(r.boxes.detection[k])"] = k }
            return index
        }
        let ka = keys(a), kb = keys(b)
        let shared = ka.keys.filter { kb[$0] != nil }.sorted()
        var result: [VariantComparison] = []
        for va in a.variants {
            guard let vb = b.variants.first(where: { $0.variant == va.variant }) else { continue }
            for metric in FusionSummaries.comparedMetrics {
                let xa = metric.values(va), xb = metric.values(vb)
                if let c = FusionSummaries.compare(shared.map { xa[ka[$0]!] }, shared.map { xb[kb[$0]!] }, metric: metric.name,
                                                   unit: metric.unit, variant: va.variant, baseline: va.variant, bootstrap: bootstrap,
                                                   labels: ("A", "B")) {
                    result.append(c)
                }
            }
        }
        return result
    }
}
