import Foundation
import Recording

/// `spatial-eval report`: re-renders a run report from `results.h5` alone.
struct ReportCommand: Command {
    let name = "report"
    let summary = "Re-render a run or sweep report (Markdown, SVG, HTML) from results.h5 or sweep.h5 alone."
    let discussion = "Writes DIR/report.md, its SVG figures and DIR/report.html; DIR defaults to the folder of the results file."
    static let results = Positional<String>("RESULTS.h5", "A run's results.h5 or a sweep's sweep.h5.")
    static let out = OptionKey<String?>("out", "DIR", "Output folder (default: the folder holding the results file).")
    let positionals: [any CommandPositional] = [Self.results]
    let options: [any CommandOption] = [Self.out]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.results]
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "does not exist") }
        try ForeignResultsFile.check(path)
        let folder = arguments[Self.out] ?? (path as NSString).deletingLastPathComponent
        if SweepResultsFile.holdsSweep(path) { return try SweepReportFiles.rerender(path, to: folder.isEmpty ? "." : folder, output: output) }
        let results: RunResults
        do {
            results = try RunResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as run results: \(error)")
        }
        let files = try RunReportFiles.write(results, to: folder.isEmpty ? "." : folder)
        output.err("report: \(files.count) files in \(folder.isEmpty ? "." : folder)\n")
        return .success
    }
}
