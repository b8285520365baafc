import Foundation
import EvalMetrics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval agree-depth`: how well two depth maps of the same frames from two network
/// resolutions agree (the app's 364-px vs 518-px check, spec.md#depth-resolution-agreement).
struct AgreeDepthCommand: Command {
    let name = "agree-depth"
    let summary = "Agreement of two network resolutions' depth (CSV columns low, high): Pearson r and mean absolute % difference."
    let discussion = """
        FILE.csv has a header naming the columns low (the cheaper resolution's value) and high \
        (the reference resolution's value at the same pixel, resampled to a common grid \
        beforehand); rows with a non-finite value or high = 0 are skipped. Prints the number \
        of pixels, Pearson's r (numpy.corrcoef) and mean |low − high| / |high| × 100. Exit \
        status: 0 success, 1 bad input, 64 usage.
        """
    static let pairs = OptionKey<String>("pairs", "FILE.csv", "CSV with columns low and high.")
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.pairs, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.pairs]
        let table = try CSVTable.read(path)
        let (low, high) = (try table.numbers("low", allowing: .nan), try table.numbers("high", allowing: .nan))
        let rows = low.indices.filter { low[$0].isFinite && high[$0].isFinite && high[$0] != 0 }
        guard rows.count >= 2 else { throw InputError(file: path, message: "needs at least two rows with finite low and non-zero high") }
        let agreement = ResolutionAgreement(low: rows.map { low[$0] }, high: rows.map { high[$0] })
        if arguments[Self.format] == .json {
            var w = JSONWriter()
            w.beginObject()
            w.integer("n", agreement.count)
            w.number("pearson_r", agreement.pearsonR)
            w.number("mean_abs_percent_difference", agreement.meanAbsolutePercentDifference)
            w.endObject()
            output.out(w.text)
        } else {
            output.out("n \(agreement.count), Pearson r \(JSONWriter.number(agreement.pearsonR)), "
                + "mean |low − high| / |high| \(ReportNumber.fixed(agreement.meanAbsolutePercentDifference, 3)) %\n")
        }
        return .success
    }
}
