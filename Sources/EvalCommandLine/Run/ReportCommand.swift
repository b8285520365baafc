import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval report`: re-renders a run report from `results.h5` alone.
struct ReportCommand: Command {
    let name = "report"
    let summary = "Re-render a run, sweep or warmth report (Markdown, SVG, HTML) from results.h5 or sweep.h5 alone."
    let discussion = """
        Writes DIR/report.md, its SVG figures and DIR/report.html; DIR defaults to the folder of the results file. \
        The new report replaces the previous one as a set, under a lock (Docs/spec.md#output-folders).
        """
    static let results = Positional<String>("RESULTS.h5", "A run's or a warmth protocol's results.h5, or a sweep's sweep.h5.")
    static let out = OptionKey<String?>("out", "DIR", "Output folder (default: the folder holding the results file).")
    let positionals: [any CommandPositional] = [Self.results]
    static let json = OptionKey<Bool>(flag: "json", "Print the typed results the report is rendered from as JSON instead (keys: Docs/python.md#the-json-dump).")
    let options: [any CommandOption] = [Self.out, Self.json]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.results]
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "does not exist") }
        try ForeignResultsFile.check(path)
        if arguments[Self.json] { output.out(try ResultsJSON.dump(path)); return .success }
        let given = arguments[Self.out] ?? (path as NSString).deletingLastPathComponent
        let folder = given.isEmpty ? "." : given
        let out = try OutputFolder.open(folder)
        defer { out.close() }
        // The results file stays when the report goes beside it: it is the report's own source.
        let inputFolder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path
        let sameFolder = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path == inputFolder
        let keeping: Set<String> = sameFolder ? [(path as NSString).lastPathComponent] : []
        let files: [String]
        if SweepResultsFile.holdsSweep(path) {
            files = try SweepReportFiles.rerender(path, to: out.staging)
        } else if WarmthResultsFile.holdsWarmth(path) {
            files = try WarmthReportFiles.rerender(path, to: out.staging)
        } else {
            let results: RunResults
            do {
                results = try RunResultsFile.read(path)
            } catch {
                throw InputError(file: path, message: "cannot be read as run results: \(error)")
            }
            files = try RunReportFiles.write(results, to: out.staging)
        }
        try out.commit(files, keeping: keeping)
        output.err("report: \(files.count) files in \(folder)\n")
        return .success
    }
}
