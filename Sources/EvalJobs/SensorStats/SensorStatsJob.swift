import Foundation
import EvalMetrics
import EvalNumerics
import Recording
import Simulation
import EvalResults

/// The sensor-statistics job (`spec.md#sensor-statistics`): each recording read and validated,
/// its maps measured at one resolution and summarised with block-bootstrap intervals, in input
/// order. Recordings are measured on all cores.
public enum SensorStatsJob {
    /// The resolution the confidence and disagreement statistics compare maps at.
    public enum MapResolution: String, CaseIterable, Sendable {
        /// Finer maps point-sampled to the simulator's map pitch (its 24 × 32 samples over a
        /// 1440 × 1920 image: one sample per 60 px), the way the simulator samples the scene.
        case simulatorPitch = "simulator-pitch"
        /// Every map at its own size.
        case native
    }

    /// The measured results and each input's path and SHA-256.
    public static func run(_ paths: [String], resolution: MapResolution = .simulatorPitch,
                           settings: SensorStatisticsSettings = SensorStatisticsSettings(), progress: JobProgress = .silent)
        throws -> (results: SensorStatsResults, inputs: [(path: String, sha256: String)])
    {
        var inputs: [(path: String, sha256: String)] = []
        for path in paths { inputs.append((path, try SHA256.fingerprint(path))) }
        let measured = inChunks(of: paths.count, minimumChunk: 1) { range -> [Result<(Recording, SensorMeasurements, SensorSummary), Error>] in
            range.map { k in
                Result {
                    var recording = try RecordingStore.readValidated(from: paths[k])
                    guard !recording.lidarMaps.isEmpty else {
                        throw InputError(file: paths[k], message: "has no LiDAR maps (table lidar_maps is empty); the sensor statistics measure them")
                    }
                    let size = resolution == .native ? nil : analysedSize(recording)
                    let measurements = SensorMeasurements.measure(recording, analysedSize: size, settings: settings)
                    recording.lidarMaps = []
                    return (recording, measurements, SensorSummary(measurements))
                }
            }
        }.flatMap { $0 }
        var results = SensorStatsResults(settings: settings, mapResolution: resolution.rawValue)
        for (path, outcome) in zip(paths, measured) {
            let (recording, measurements, summary) = try outcome.get()
            results.add(name: (path as NSString).lastPathComponent, meta: recording.meta, measurements: measurements, summary: summary)
            progress.message("sensor-stats: \((path as NSString).lastPathComponent): \(measurements.mapFrames) maps")
        }
        return (results, inputs)
    }

    /// The simulator's map pitch over `recording`'s image: as many samples across as the
    /// simulator's maps have over its camera's image, one per 60 px (rows, columns).
    public static func analysedSize(_ recording: Recording) -> MapSize? {
        guard let frame = recording.frames.first else { return nil }
        let simulated = SimulationConfiguration()
        let pitchX = Double(simulated.camera.width) / Double(simulated.cadence.lidarMapColumns)
        let pitchY = Double(simulated.camera.height) / Double(simulated.cadence.lidarMapRows)
        return MapSize(rows: max(1, Int((Double(frame.height) / pitchY).rounded())), columns: max(1, Int((Double(frame.width) / pitchX).rounded())))
    }
}
