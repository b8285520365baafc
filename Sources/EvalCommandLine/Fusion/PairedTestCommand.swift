import Foundation
import EvalNumerics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval paired-test`: the paired comparison of two columns of a CSV (the same
/// statistics `compare` reports per metric).
struct PairedTestCommand: Command {
    let name = "paired-test"
    let summary = "Paired differences a − b of two CSV columns: bootstrap intervals and the Wilcoxon signed-rank test."
    let discussion = """
        FILE.csv has a header with the columns a and b (finite numbers, one pair per line). \
        Prints the mean and median of a − b with percentile bootstrap intervals (pairs \
        resampled) and the Wilcoxon signed-rank test as scipy.stats.wilcoxon(a − b) computes \
        it in scipy 1.17 (zeros dropped, exact / permutation / normal approximation chosen by \
        method='auto'). Exit status: 0 success, 1 bad input, 64 usage.
        """
    static let pairs = OptionKey<String>("pairs", "FILE.csv", "CSV with columns a and b.")
    static let resamples = OptionKey<Int>("resamples", "N", "Bootstrap resamples.", default: 2000,
        bounds: .within(10...BootstrapSettings.maximumReplicates))
    static let seed = OptionKey<UInt64>("seed", "N", "Bootstrap seed.", default: 1)
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.pairs, Self.resamples, Self.seed, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.pairs]
        let resamples = arguments[Self.resamples]
        let seed = arguments[Self.seed]
        let table = try CSVTable.read(path)
        let (a, b) = (try table.numbers("a"), try table.numbers("b"))
        guard a.count >= 2 else { throw InputError(file: path, message: "needs at least two rows") }
        let c = PairedComparison(a: a, b: b, resamples: resamples, seed: seed)
        let w = c.wilcoxon
        if arguments[Self.format] == .json {
            var j = JSONWriter()
            j.beginObject()
            j.integer("n", c.count)
            for (key, i) in [("mean_difference", c.meanDifference), ("median_difference", c.medianDifference)] {
                j.interval(key, estimate: i.estimate, lower: i.lower, upper: i.upper)
            }
            j.beginObject("wilcoxon")
            j.number("statistic", w.statistic)
            j.number("pvalue", w.pValue)
            j.number("zstatistic", w.z)
            j.integer("nonzero", w.count)
            j.string("method", w.method.rawValue)
            j.endObject()
            j.endObject()
            output.out(j.text)
        } else {
            output.out("""
                n \(c.count)
                mean a − b \(JSONWriter.number(c.meanDifference.estimate)) [\(JSONWriter.number(c.meanDifference.lower)), \(JSONWriter.number(c.meanDifference.upper))]
                median a − b \(JSONWriter.number(c.medianDifference.estimate)) [\(JSONWriter.number(c.medianDifference.lower)), \(JSONWriter.number(c.medianDifference.upper))]
                Wilcoxon statistic \(JSONWriter.number(w.statistic)), p \(JSONWriter.number(w.pValue)) (\(w.method.rawValue), \(w.count) non-zero)

                """)
        }
        return .success
    }
}
