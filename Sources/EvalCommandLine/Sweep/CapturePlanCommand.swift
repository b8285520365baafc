import Foundation
import Recording
import Sweeps
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval capture-plan`: the checklist of real captures that would settle the verdicts
/// a sweep could not decide (spec.md#capture-plan), read from `sweep.h5` alone.
struct CapturePlanCommand: Command {
    let name = "capture-plan"
    let summary = "Print what real capture would settle each sweep verdict that is not decided, as a checklist."
    let discussion = """
        Reads SWEEP.h5 (written by `spatial-eval sweep` or `merge-shards`), judges every swept \
        constant as the sweep report does (Docs/spec.md#sweep-verdict) and prints, for each \
        constant whose verdict is not decided, the steps a person can follow with the app: the \
        assumption to measure and the value at which the verdict flips (from the pivot scan), \
        then how many sessions of which scenario a capture needs for the interval to exclude \
        the shipped value (the power estimate). The same list ends the sweep report. With \
        --sessions DIR each item also says what the recorded sessions in DIR hold so far: the \
        rule's events at the shipped constants against the number asked for, and the \
        sessions with look-alike pairs, each marked done when reached. \
        --format markdown prints it as a Markdown checklist. Exit status: 0 success, 1 bad \
        input (not a sweep results file), 64 usage error. Docs/sweeps.md#capture-plan.
        """
    static let file = Positional<String>("SWEEP.h5", "A sweep results file.")
    static let format = OptionKey<CapturePlanFormat>("format", "FORMAT", "text (a terminal checklist) or markdown.", default: .text)
    static let sessions = OptionKey<String?>("sessions", "DIR", "Recorded sessions captured so far (*.sqlite): each item's progress.")
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = [Self.format, Self.sessions]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let results: SweepResults
        do {
            results = try SweepResultsFile.read(path)
        } catch {
            throw InputError(file: path, message: "cannot be read as sweep results: \(error)")
        }
        let assessments = try results.sweeps.indices.map { try results.assessments($0).last!.assessment }
        var plan = try CapturePlan(results, assessments: assessments)
        if let folder = arguments[Self.sessions] {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }.sorted()
            } catch {
                throw InputError(file: folder, message: "cannot list the sessions folder: \(error.localizedDescription)")
            }
            plan = try CaptureProgress.fill(plan, results: results, paths: names.map { (folder as NSString).appendingPathComponent($0) }) {
                output.err($0 + "\n")
            }
        }
        switch arguments[Self.format] {
        case .text:
            let data = results.dataSource.hasPrefix("Data:") ? results.dataSource : "Data: " + results.dataSource
            output.out("Capture plan for \(results.protocolName). \(data)\n\n" + plan.text)
        case .markdown:
            var doc = ReportDocument()
            doc.checklist(plan.entries)
            output.out(doc.markdownText)
        }
        return .success
    }
}

/// How `capture-plan` prints its checklist.
enum CapturePlanFormat: String, CaseIterable, Sendable, OptionValue {
    /// Plain text with boxes, for a terminal.
    case text
    /// A Markdown checklist.
    case markdown
}
