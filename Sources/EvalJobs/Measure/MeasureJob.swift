import EvalNumerics
import Evaluation
import Foundation
import Recording
import EvalResults

/// `spatial-eval measure`: the simulator assumptions a corpus sweep's pivots step along,
/// measured from recorded sessions (spec.md#sweep-pivot-measured), each with a percentile
/// interval over resampled sessions (sessions sharing `meta.room` resampled together).
public enum MeasureJob {
    /// Measures every probe on the recordings at `paths`; `progress` receives one line per recording.
    public static func run(paths: [String], bootstrap: BootstrapSettings, progress: (String) -> Void = { _ in }) throws -> AssumptionMeasures {
        var samples: [[AssumptionProbe.Sample]] = [], rooms: [String] = [], hashes: [String] = []
        for (k, path) in paths.enumerated() {
            progress("[\(k + 1)/\(paths.count)] \(ProtocolLoader.recordingName(path))")
            let recording = try RecordingStore.readValidated(from: path)
            let truth = RecordingGroundTruth(recording)
            samples.append(AssumptionProbe.allCases.map { $0.sample(truth) })
            rooms.append(RecordingOrigin(meta: recording.meta).cluster)
            hashes.append(try SHA256.fingerprint(path))
        }
        let clusters = SweepResults.clusters(rooms)
        let measures = AssumptionProbe.allCases.enumerated().map { p, probe in
            measure(probe, samples: samples.map { $0[p] }, clusters: clusters, bootstrap: bootstrap)
        }
        return AssumptionMeasures(recordings: paths.map(ProtocolLoader.recordingName), sha256: hashes, replicates: bootstrap.replicates,
                                  seed: bootstrap.seed, confidence: bootstrap.confidence, measures: measures)
    }

    /// One probe's value on every session and its percentile interval over resampled clusters.
    public static func measure(_ probe: AssumptionProbe, samples: [AssumptionProbe.Sample], clusters: [[Int]],
                               bootstrap: BootstrapSettings) -> AssumptionMeasures.Measure {
        let value = probe.statistic(samples)
        let sessions = samples.count { $0.events > 0 }, events = samples.reduce(0) { $0 + $1.events }
        guard value.isFinite, clusters.count >= 2 else {
            return .init(probe: probe, value: value, lower: .nan, upper: .nan, sessions: sessions, events: events)
        }
        let units = clusters.map { members in members.map { samples[$0] } }
        let interval = Bootstrap.interval(units: units, method: .percentile, confidenceLevel: bootstrap.confidence,
                                          resamples: bootstrap.replicates, seed: bootstrap.seed) { drawn in
            let statistic = probe.statistic(drawn.flatMap { $0 })
            return statistic.isFinite ? statistic : value
        }
        return .init(probe: probe, value: value, lower: interval.lower, upper: interval.upper, sessions: sessions, events: events)
    }

}
