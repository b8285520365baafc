import Foundation
import Recording
import EvalMetrics
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval sensor-stats`: recorded and simulated LiDAR maps and poses side by side →
/// results.h5, report.md, report.html.
struct SensorStatsCommand: Command {
    let name = "sensor-stats"
    let summary = "Measure LiDAR confidence, frame-pair depth disagreement and camera motion of recordings with LiDAR maps, recorded beside simulated."
    let discussion = """
        For each recording with LiDAR maps (an imported iPhone capture, a simulated recording): \
        the share of each ARKit confidence by depth and by distance to a depth discontinuity, \
        the depth disagreement of static surfaces seen from frame pairs (by depth and by time \
        apart), the camera's speed and angular speed, and the frame-pair alignment of the \
        high-confidence LiDAR, each with a 95 % bootstrap interval over 2-second blocks. Maps \
        finer than the simulator's are point-sampled to its pitch first (--map-resolution \
        native keeps them). Writes results.h5 (layout sensor-stats/1, Docs/result-store.md), \
        report.md and report.html into --out, every column labelled recorded or simulated \
        (Docs/sensor-statistics.md). --viewer NAME=PAGE,… links recordings' viewer pages from \
        the report. Exit status: 0 written, 1 bad input, 64 usage error.
        """
    static let recordings = Positional<[String]>("RECORDING.sqlite", "Recordings with LiDAR maps (at most 64).", minimum: 1, maximum: 64)
    static let out = OptionKey<String>("out", "DIR", "Folder for results.h5 and the report.")
    static let resolution = OptionKey<SensorStatsJob.MapResolution>(
        "map-resolution", "MODE", "Compare maps at the simulator's pitch or at their own size.", default: .simulatorPitch)
    static let resamples = OptionKey<Int>("resamples", "N", "Bootstrap resamples.", default: 2_000, bounds: .within(100...100_000))
    static let viewer = OptionKey<String?>("viewer", "NAME=PAGE,…", "Link each recording NAME's viewer page PAGE (relative to --out) from the report.")
    let positionals: [any CommandPositional] = [Self.recordings]
    let options: [any CommandOption] = [Self.out, Self.resolution, Self.resamples, Self.viewer]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        var pages: [String: String] = [:]
        for link in (arguments[Self.viewer] ?? "").split(separator: ",").map(String.init) {
            let parts = link.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw UsageError("--viewer expects NAME=PAGE, got '\(link)'") }
            pages[parts[0]] = parts[1]
        }
        var settings = SensorStatisticsSettings()
        settings.resamples = arguments[Self.resamples]
        let (results, inputs) = try EvaluationJobs.sensorStatistics(arguments[Self.recordings], resolution: arguments[Self.resolution], settings: settings)
        let out = try OutputFolder.open(arguments[Self.out])
        defer { out.close() }
        try SensorStatsResultsFile.write(results, inputs: inputs, to: out.staged("results.h5"))
        let files = try SensorStatsReport.write(try SensorStatsResultsFile.read(out.staged("results.h5")), viewerPages: pages, to: out.staging)
        try out.commit(files + ["results.h5"])
        output.out(SensorStatsReport.summary(results))
        return .success
    }
}

extension SensorStatsJob.MapResolution: OptionValue {}
