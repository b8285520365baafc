/// A pooled figure of a run with its bootstrap interval over recordings: whole recordings
/// are resampled and the figure recomputed as its point estimate is (summed counts or pooled
/// values), `/pooled/recording_intervals` in `results.h5` (spec.md#gate-decisions).
public struct FigureInterval: Sendable, Equatable {
    /// The figure: `mota`, `idf1`, `hota` (per detect-every-N), `mota_3d` (per gate),
    /// `anchor_error.median_m`, `anchor_error.p90_m` or `anchors.mean_purity`.
    public var figure: String
    /// Its parameter: N for the tracking figures, the gate in metres for `mota_3d`, NaN otherwise.
    public var parameter: Double
    /// The estimate and its interval.
    public var interval: IntervalEstimate
    /// Recordings resampled.
    public var recordings: Int64

    /// Creates a row.
    public init(figure: String, parameter: Double = .nan, interval: IntervalEstimate, recordings: Int64) {
        self.figure = figure
        self.parameter = parameter
        self.interval = interval
        self.recordings = recordings
    }
}

extension Array where Element == FigureInterval {
    /// The interval of `figure` at `parameter` (NaN matches NaN), nil when absent.
    public func interval(_ figure: String, _ parameter: Double = .nan) -> IntervalEstimate? {
        first { $0.figure == figure && ($0.parameter == parameter || ($0.parameter.isNaN && parameter.isNaN)) }?.interval
    }
}
