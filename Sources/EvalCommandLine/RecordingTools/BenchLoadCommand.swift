import Foundation
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval bench-load`: how long reading a recording takes (used by
/// `Benchmarks/recording_load.sh`).
struct BenchLoadCommand: Command {
    let name = "bench-load"
    let summary = "Time reading a recording's detections and depth grids (or every table); prints JSON."
    let discussion = """
        Reads FILE N times (default 5) in this process and prints {"tables": ..., \
        "runs_s": [...], "median_s": ..., "detections": ..., "depth_grids": ...}; process \
        start-up is not included. --tables detections (the default) times \
        RecordingStore.readDetectionsAndDepthGrids: detections with embeddings and depth \
        grids with all their arrays, decoded into Swift values. --tables all times \
        RecordingStore.read, every table (frames and ground truth too). Used by \
        Benchmarks/recording_load.sh. Exit status: 0 success, 1 unreadable recording, \
        64 usage error.
        """
    static let file = Positional<String>("FILE", "Recording (SQLite) to read.")
    static let runs = OptionKey<Int>("runs", "N", "Number of timed reads.", default: 5, bounds: .within(1...10_000))
    static let tables = OptionKey<Tables>("tables", "SET", "What to read.", default: .detections)
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = [Self.runs, Self.tables]

    /// The tables timed.
    enum Tables: String, CaseIterable, OptionValue {
        /// Detections with embeddings and depth grids.
        case detections
        /// Every table.
        case all
    }

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let runs = arguments[Self.runs]
        var seconds: [Double] = []
        let tables = arguments[Self.tables]
        var counts = (detections: 0, depthGrids: 0)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            if tables == .all {
                let recording = try RecordingStore.read(from: path)
                counts = (recording.detections.count, recording.depthGrids.count)
            } else {
                let (detections, grids) = try RecordingStore.readDetectionsAndDepthGrids(from: path)
                counts = (detections.count, grids.count)
            }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let sorted = seconds.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        let list = seconds.map { String(format: "%.6f", $0) }.joined(separator: ", ")
        output.out("{\"tables\": \"\(tables.rawValue)\", \"runs_s\": [\(list)], \"median_s\": \(String(format: "%.6f", median)), "
            + "\"detections\": \(counts.detections), \"depth_grids\": \(counts.depthGrids)}\n")
        return .success
    }
}
