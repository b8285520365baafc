import EvalMetrics

/// The column lists of the tables of a sensor-statistics results file (layout
/// `sensor-stats/1`): they declare the tables in ``ResultsSchema/sensorStats`` and drive
/// ``SensorStatsResultsFile``'s writing and reading.
public enum SensorStatsColumns {
    /// `recordings/`: one row per recording.
    public static var recordings: RowColumns<SensorStatsResults.RecordingRow> {
        RowColumns([
            .text("name", \.name, about: "file name"), .text("data", \.data, about: "`recorded` or `simulated`"),
            .text("source", \.source, about: "meta.source"), .text("origin", \.origin, about: "the capture app, or scenario and seed"),
            .integer("frames", \.frames), .integer("map_frames", \.mapFrames),
            .integer("native_rows", \.nativeRows), .integer("native_columns", \.nativeColumns),
            .integer("analysed_rows", \.analysedRows), .integer("analysed_columns", \.analysedColumns),
            .double("duration_s", \.durationSeconds), .integer("blocks", \.blocks, about: "bootstrap units"),
            .text("pairs", \.pairs, about: "frame pairs per gap, comma-separated"),
            .double("alignment_m", \.alignment, about: "median over pairs of the 25th-percentile nearest distance; NaN when none"),
            .double("alignment_lower_m", \.alignmentLower), .double("alignment_upper_m", \.alignmentUpper),
            .integer("alignment_pairs", \.alignmentPairs),
        ])
    }

    /// `confidence_by_depth/` and `confidence_by_edge/`: one row per bin and recording.
    public static var shares: RowColumns<SensorStatsResults.ShareRow> {
        RowColumns([
            .integer("recording", \.recording, about: "row of `recordings/`"),
            .double("low", \.low, about: "bin start (metres or samples); NaN for the no-return row"),
            .double("high", \.high, about: "bin end; inf when open, NaN for the no-return row"),
            .integer("samples", \.samples),
            .double("share_low", \.low0, about: "confidence 0"), .double("share_low_lower", \.low0Lower), .double("share_low_upper", \.low0Upper),
            .double("share_medium", \.medium, about: "confidence 1"), .double("share_medium_lower", \.mediumLower), .double("share_medium_upper", \.mediumUpper),
            .double("share_high", \.high2, about: "confidence 2"), .double("share_high_lower", \.high2Lower), .double("share_high_upper", \.high2Upper),
        ])
    }

    /// `disagreement/`: one row per bin, table and recording.
    public static var disagreement: RowColumns<SensorStatsResults.DisagreementRow> {
        RowColumns([
            .integer("recording", \.recording), .text("by", \.by, about: "`depth` or `gap`"),
            .double("depth_low_m", \.depthLow), .double("depth_high_m", \.depthHigh, about: "inf when open"), .double("gap_s", \.gap),
            .integer("points", \.points),
            .double("median_m", \.median), .double("median_lower_m", \.medianLower), .double("median_upper_m", \.medianUpper),
            .double("p90_m", \.p90), .double("p90_lower_m", \.p90Lower), .double("p90_upper_m", \.p90Upper),
        ])
    }

    /// `motion/`: one row per quantity, level and recording.
    public static var motion: RowColumns<SensorStatsResults.MotionRow> {
        RowColumns([
            .integer("recording", \.recording), .text("quantity", \.quantity, about: "`speed_m_per_s` or `angular_speed_deg_per_s`"),
            .double("level", \.level), .double("value", \.value), .double("lower", \.lower), .double("upper", \.upper), .integer("steps", \.steps),
        ])
    }
}
