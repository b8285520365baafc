import EvalMetrics
import Recording

/// The results of `spatial-eval sensor-stats` (`spec.md#sensor-statistics`): per recording
/// with LiDAR maps, its confidence shares by depth and by distance to a depth discontinuity,
/// the depth disagreement of frame pairs by depth and by time apart, the pose track's speeds
/// and the frame-pair alignment, each with a block-bootstrap interval. Flat tables, one row
/// per figure, as `results.h5` (layout `sensor-stats/1`) stores them.
public struct SensorStatsResults: Equatable, Sendable {
    /// The settings measured with.
    public var settings: SensorStatisticsSettings
    /// How the maps were compared: `simulator-pitch` (point-sampled to the simulator's map
    /// pitch) or `native`.
    public var mapResolution: String
    /// One row per recording, in input order.
    public var recordings: [RecordingRow]
    /// Confidence shares by depth bin.
    public var depthRows: [ShareRow]
    /// Confidence shares by distance to the nearest depth discontinuity.
    public var edgeRows: [ShareRow]
    /// Frame-pair depth disagreement (`by` is `depth` or `gap`).
    public var disagreementRows: [DisagreementRow]
    /// Speed and angular speed quantiles.
    public var motionRows: [MotionRow]

    /// Empty results for `settings`.
    public init(settings: SensorStatisticsSettings, mapResolution: String) {
        self.settings = settings
        self.mapResolution = mapResolution
        recordings = []
        depthRows = []
        edgeRows = []
        disagreementRows = []
        motionRows = []
    }

    /// One recording.
    public struct RecordingRow: Equatable, Sendable {
        /// The file name.
        public var name: String
        /// `recorded` or `simulated`.
        public var data: String
        /// `meta.source`.
        public var source: String
        /// `meta.source_app` (an imported capture's app), else `meta.scenario` and seed for simulated ones.
        public var origin: String
        /// Frames in the recording.
        public var frames: Int
        /// Frames with a LiDAR map.
        public var mapFrames: Int
        /// The maps' rows as recorded.
        public var nativeRows: Int
        /// The maps' columns as recorded.
        public var nativeColumns: Int
        /// Rows the confidence and disagreement figures were measured at.
        public var analysedRows: Int
        /// Columns the confidence and disagreement figures were measured at.
        public var analysedColumns: Int
        /// Seconds from the first frame to the last.
        public var durationSeconds: Double
        /// Blocks the bootstrap resampled.
        public var blocks: Int
        /// Frame pairs per gap, comma-separated in gap order.
        public var pairs: String
        /// Median over pairs of the frame-pair alignment (25th percentile of nearest distances), metres.
        public var alignment: Double
        /// Lower bound of the alignment's interval.
        public var alignmentLower: Double
        /// Upper bound of the alignment's interval.
        public var alignmentUpper: Double
        /// Pairs behind the alignment figure.
        public var alignmentPairs: Int
    }

    /// Confidence shares of one bin of one recording.
    public struct ShareRow: Equatable, Sendable {
        /// Index into ``recordings``.
        public var recording: Int
        /// Bin start (metres for depth bins, samples for distance bins); NaN for the no-return row.
        public var low: Double
        /// Bin end; infinity when open, NaN for the no-return row.
        public var high: Double
        /// Samples in the bin.
        public var samples: Int
        /// Share of confidence 0 (low), its interval's lower and upper bounds.
        public var low0: Double, low0Lower: Double, low0Upper: Double
        /// Share of confidence 1 (medium), its interval's bounds.
        public var medium: Double, mediumLower: Double, mediumUpper: Double
        /// Share of confidence 2 (high), its interval's bounds.
        public var high2: Double, high2Lower: Double, high2Upper: Double
    }

    /// Frame-pair disagreement of one bin of one recording.
    public struct DisagreementRow: Equatable, Sendable {
        /// Index into ``recordings``.
        public var recording: Int
        /// `depth` (the by-depth table) or `gap` (the by-gap table).
        public var by: String
        /// Predicted depth bin start, metres.
        public var depthLow: Double
        /// Predicted depth bin end, metres (infinity when open).
        public var depthHigh: Double
        /// Seconds apart.
        public var gap: Double
        /// Points behind the figures.
        public var points: Int
        /// Median |measured − predicted| depth, metres, and its interval's bounds.
        public var median: Double, medianLower: Double, medianUpper: Double
        /// 90th percentile of the same, and its interval's bounds.
        public var p90: Double, p90Lower: Double, p90Upper: Double
    }

    /// One motion quantile of one recording.
    public struct MotionRow: Equatable, Sendable {
        /// Index into ``recordings``.
        public var recording: Int
        /// `speed_m_per_s` or `angular_speed_deg_per_s`.
        public var quantity: String
        /// 0.5 or 0.9.
        public var level: Double
        /// The quantile and its interval's bounds.
        public var value: Double, lower: Double, upper: Double
        /// Pose steps behind it.
        public var steps: Int
    }

    /// Adds a recording's figures: `name` its file name, `meta` its meta table.
    public mutating func add(name: String, meta: [String: String], measurements m: SensorMeasurements, summary s: SensorSummary) {
        let data = RecordingData(meta: meta)
        let origin = data.isSimulated ? [data.scenario, data.seed.isEmpty ? "" : "seed \(data.seed)"].filter { !$0.isEmpty }.joined(separator: ", ")
            : (meta["source_app"] ?? data.source)
        let index = recordings.count
        recordings.append(RecordingRow(
            name: name, data: data.isSimulated ? "simulated" : "recorded", source: data.source, origin: origin, frames: m.frames,
            mapFrames: m.mapFrames, nativeRows: m.nativeSize?.rows ?? 0, nativeColumns: m.nativeSize?.columns ?? 0,
            analysedRows: m.analysedSize?.rows ?? 0, analysedColumns: m.analysedSize?.columns ?? 0, durationSeconds: m.duration,
            blocks: s.blocks, pairs: m.pairs.map(String.init).joined(separator: ","), alignment: s.alignment.value,
            alignmentLower: s.alignment.lower, alignmentUpper: s.alignment.upper, alignmentPairs: s.alignment.count))
        func share(_ low: Double, _ high: Double, _ f: [SensorFigure]) -> ShareRow {
            ShareRow(recording: index, low: low, high: high, samples: f[0].count, low0: f[0].value, low0Lower: f[0].lower, low0Upper: f[0].upper,
                     medium: f[1].value, mediumLower: f[1].lower, mediumUpper: f[1].upper, high2: f[2].value, high2Lower: f[2].lower, high2Upper: f[2].upper)
        }
        depthRows += s.confidenceByDepth.map { share($0.low, $0.high, $0.shares) }
        edgeRows += s.confidenceByEdge.map { share(Double($0.low), $0.high.map(Double.init) ?? .infinity, $0.shares) }
        func disagreement(_ by: String, _ r: SensorSummary.DisagreementRow) -> DisagreementRow {
            DisagreementRow(recording: index, by: by, depthLow: r.depthLow, depthHigh: r.depthHigh, gap: r.gap, points: r.median.count,
                            median: r.median.value, medianLower: r.median.lower, medianUpper: r.median.upper,
                            p90: r.p90.value, p90Lower: r.p90.lower, p90Upper: r.p90.upper)
        }
        disagreementRows += s.disagreementByDepth.map { disagreement("depth", $0) } + s.disagreementByGap.map { disagreement("gap", $0) }
        for (quantity, figures) in [("speed_m_per_s", s.speed), ("angular_speed_deg_per_s", s.angularSpeed)] {
            for (level, f) in zip([0.5, 0.9], figures) {
                motionRows.append(MotionRow(recording: index, quantity: quantity, level: level, value: f.value, lower: f.lower, upper: f.upper, steps: f.count))
            }
        }
    }
}
