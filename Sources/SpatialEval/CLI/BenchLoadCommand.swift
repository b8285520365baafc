import Foundation
import Recording

/// `spatial-eval bench-load`: how long reading a recording takes (used by
/// `Benchmarks/recording_load.sh`).
struct BenchLoadCommand: Command {
    let name = "bench-load"
    let summary = "Time reading a recording (all tables, as every evaluation does); prints JSON."
    let usage = ["bench-load FILE [--runs N]"]
    let discussion = """
        Reads FILE with RecordingStore.read N times (default 5) in this process and prints \
        {"runs_s": [...], "median_s": ..., "detections": ..., "depth_grids": ...}. Every \
        table is decoded into its Swift values: frames, detections with embeddings, depth \
        grids with all their arrays, ground truth. Process start-up is not included. \
        Exit status: 0 success, 1 unreadable recording, 64 usage error.
        """
    let options = [OptionSpec("runs", "N", "Number of timed reads (default 5).")]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError("give exactly one recording file")
        }
        let runs = try arguments.integer("runs", minimum: 1) ?? 5
        var seconds: [Double] = []
        var recording = Recording()
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            recording = try RecordingStore.read(from: path)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let sorted = seconds.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        let list = seconds.map { String(format: "%.6f", $0) }.joined(separator: ", ")
        output.out("{\"runs_s\": [\(list)], \"median_s\": \(String(format: "%.6f", median)), "
            + "\"detections\": \(recording.detections.count), \"depth_grids\": \(recording.depthGrids.count)}\n")
        return .success
    }
}
