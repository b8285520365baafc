import EvalNumerics
import Evaluation

/// Bootstrap intervals over recordings: whole recordings are the resampling units, the
/// figure is recomputed on each resample exactly as its point estimate is, and the stream
/// is seeded from the protocol's bootstrap settings (spec.md#gate-decisions).
public enum RecordingBootstrap {
    /// The figures a run reports with intervals over recordings: MOTA, IDF1 and HOTA at every
    /// detect-every-N, MOTA-3D at every gate, the anchor error median and p90, the mean purity.
    /// Only recordings with ground truth take part (``PooledFigures/withGroundTruth(_:)``).
    public static func figures(_ all: [RecordingResults], settings: BootstrapSettings) -> [FigureInterval] {
        let recordings = PooledFigures.withGroundTruth(all)
        let n = Int64(recordings.count)
        func row(_ figure: String, _ parameter: Double = .nan, _ statistic: @escaping ([RecordingResults]) -> Double) -> FigureInterval {
            FigureInterval(figure: figure, parameter: parameter,
                           interval: interval(recordings, settings: settings, statistic: statistic), recordings: n)
        }
        let ns = PooledFigures.tracking(recordings.map(\.detectEveryN)).map(\.n)
        let gates = PooledFigures.tracking3D(recordings.map(\.tracking3D)).map(\.gate)
        func tracking(_ sample: [RecordingResults], _ n: Int64) -> TrackingRow? {
            PooledFigures.tracking(sample.map(\.detectEveryN)).first { $0.n == n }
        }
        var rows: [FigureInterval] = []
        for n in ns {
            rows.append(row("mota", Double(n)) { tracking($0, n)?.mota ?? .nan })
            rows.append(row("idf1", Double(n)) { tracking($0, n)?.idf1 ?? .nan })
            rows.append(row("hota", Double(n)) { tracking($0, n)?.hota ?? .nan })
        }
        for gate in gates {
            rows.append(row("mota_3d", gate) { sample in
                PooledFigures.tracking3D(sample.map(\.tracking3D)).first { $0.gate == gate }?.mota ?? .nan
            })
        }
        rows.append(row(GateMetric.anchorErrorMedian.rawValue) { PooledFigures.value(of: .anchorErrorMedian, $0) })
        rows.append(row(GateMetric.anchorErrorP90.rawValue) { PooledFigures.value(of: .anchorErrorP90, $0) })
        rows.append(row(GateMetric.meanPurity.rawValue) { PooledFigures.value(of: .meanPurity, $0) })
        if recordings.contains(where: { !$0.policyInstances.isEmpty }) {
            for policy in AnchoringPolicy.allCases {
                for figure in PolicyFigures.figures {
                    rows.append(row(figure.name, Double(policy.rawValue)) { PolicyFigures.value(figure.name, policy: policy.rawValue, $0) })
                }
            }
        }
        return rows
    }

    /// `statistic` on all recordings with its interval over resampled recordings; bounds are
    /// NaN with fewer than two recordings or when a resample has no value (NaN replicate).
    public static func interval(
        _ recordings: [RecordingResults], settings: BootstrapSettings, statistic: ([RecordingResults]) -> Double
    ) -> IntervalEstimate {
        let estimate = recordings.isEmpty ? Double.nan : statistic(recordings)
        guard recordings.count >= 2, estimate.isFinite else { return IntervalEstimate(estimate: estimate, lower: .nan, upper: .nan) }
        var undefined = false
        let guarded: ([RecordingResults]) -> Double = { sample in
            let value = statistic(sample)
            if !value.isFinite { undefined = true }
            return value.isFinite ? value : estimate
        }
        let result = Bootstrap.interval(
            units: recordings, method: settings.bootstrapMethod, confidenceLevel: settings.confidence,
            resamples: settings.replicates, seed: settings.seed, statistic: guarded)
        return undefined ? IntervalEstimate(estimate: estimate, lower: .nan, upper: .nan)
            : IntervalEstimate(estimate: result.estimate, lower: result.lower, upper: result.upper)
    }
}
