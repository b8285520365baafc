import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval inspect`: summary and validation of one recording file.
struct InspectCommand: Command {
    let name = "inspect"
    let summary = "Summarise a recording (SQLite) and validate it; exit 1 when any problem is found."
    let discussion = """
        Prints the recording's metadata and counts (frames, duration, detections per class, \
        ground-truth objects, moves, depth grids, marks, and the tables a corpus variant borrows from its base member) on standard output, then checks it: finite, \
        rigid poses; boxes inside the image; increasing timestamps; every ground-truth \
        reference valid; ground-truth marks that contradict each other; SQLite's integrity_check. Each problem goes to standard error as \
        'error: FILE:TABLE:ROW: message', ROW being the table's key (frame number, id). \
        The format is described in Docs/recording-format.md. \
        Exit status: 0 valid, 1 problems found or unreadable file, 64 usage error.
        """
    static let file = Positional<String>("FILE", "Recording (SQLite) to summarise and validate.")
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = []

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let recording = try RecordingStore.read(from: path)
        let integrity = try RecordingStore.integrityProblems(at: path)
        let problems = RecordingValidator().problems(in: recording, integrityMessages: integrity)
        output.out(Self.report(path: path, recording: recording, problemCount: problems.count, version: try RecordingStore.schemaVersion(at: path),
                               borrowing: try RecordingStore.borrowing(at: path)))
        for problem in problems {
            output.err("error: \(path):\(problem)\n")
        }
        return problems.isEmpty ? .success : .failure
    }

    /// `N (placed 3, removed 1, …)`: the marks by kind, in the kinds' order.
    static func markCounts(_ marks: [CaptureMark]) -> String {
        let counts = CaptureMark.Kind.allCases.compactMap { kind in
            let count = marks.count { $0.kind == kind }
            return count == 0 ? nil : "\(kind.rawValue) \(count)"
        }
        return "\(marks.count) (\(counts.joined(separator: ", ")))"
    }

    /// The summary text: metadata, then one aligned line per count.
    static func report(path: String, recording: Recording, problemCount: Int, version: Int, borrowing: BorrowedTables? = nil) -> String {
        let summary = RecordingSummary(recording)
        let classes = summary.detectionsPerClass.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let detections = summary.detectionsPerClass.values.reduce(0, +)
        let rows: [(String, String)] = [
            ("frames", "\(summary.frames) over \(String(format: "%.3f", summary.duration)) s; detector ran on "
                + "\(summary.detectorFrames); tracking degraded on \(summary.degradedTrackingFrames)"),
            ("detections", "\(detections)" + (classes.isEmpty ? "" : " (\(classes))")),
            ("embeddings", "\(summary.embeddings)"),
            ("depth grids", "\(summary.depthGrids)"),
            ("observations", "\(summary.observations)"),
            ("app decisions", "\(recording.decisions.count)"),
            ("gt objects", "\(summary.groundTruthObjects) (\(summary.persons) persons)"),
            ("gt moves", "\(summary.moves); removals \(summary.removals)"),
            ("gt boxes", "\(summary.groundTruthBoxes)"),
        ] + (recording.marks.isEmpty ? [] : [
            ("gt marks", Self.markCounts(recording.marks)),
        ]) + Self.borrowedRows(borrowing) + [
            ("problems", problemCount == 0 ? "none" : "\(problemCount) (listed on standard error)"),
        ]
        var lines = ["\(path) (recording schema v\(version))"]
        lines += recording.meta.sorted { $0.key < $1.key }.map { "  meta \($0.key): \($0.value)" }
        let width = rows.map(\.0.count).max() ?? 0
        lines += rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The "borrowed" line of a file that borrows tables: which, and from where.
    static func borrowedRows(_ borrowing: BorrowedTables?) -> [(String, String)] {
        guard let borrowing else { return [] }
        let tables: [String] = borrowing.tables.map(\.rawValue)
        return [("borrowed", tables.joined(separator: ", ") + " from " + borrowing.source)]
    }
}
