import Foundation
import Recording

/// `spatial-eval bench-load`: how long reading a recording takes (used by
/// `Benchmarks/recording_load.sh`).
struct BenchLoadCommand: Command {
    let name = "bench-load"
    let summary = "Time reading a recording's detections and depth grids (or every table); prints JSON."
    let usage = ["bench-load FILE [--runs N] [--tables detections|all]"]
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
    let options = [
        OptionSpec("runs", "N", "Number of timed reads (default 5)."),
        OptionSpec("tables", "SET", "What to read (default detections).", choices: ["detections", "all"]),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError("give exactly one recording file")
        }
        let runs = try arguments.integer("runs", minimum: 1) ?? 5
        var seconds: [Double] = []
        let tables = arguments.value("tables") ?? "detections"
        var counts = (detections: 0, depthGrids: 0)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            if tables == "all" {
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
        output.out("{\"tables\": \"\(tables)\", \"runs_s\": [\(list)], \"median_s\": \(String(format: "%.6f", median)), "
            + "\"detections\": \(counts.detections), \"depth_grids\": \(counts.depthGrids)}\n")
        return .success
    }
}
