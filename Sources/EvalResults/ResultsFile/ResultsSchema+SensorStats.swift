extension ResultsSchema {
    /// `results.h5` of `spatial-eval sensor-stats` (``SensorStatsResultsFile``): per recording
    /// with LiDAR maps, confidence shares, frame-pair depth disagreement, motion and the
    /// frame-pair alignment, each with a block-bootstrap interval (`spec.md#sensor-statistics`).
    public static let sensorStats = ResultsLayout(
        tag: SensorStatsResultsFile.layout, title: "`results.h5` of `spatial-eval sensor-stats`",
        root: ResultsGroupSchema(
            .literal("/"), about: "sensor statistics of recordings with LiDAR maps",
            attributes: toolAttributes + [layoutAttribute(SensorStatsResultsFile.layout)] + [
                ResultsAttributeSchema("map_resolution", .string, about: "`simulator-pitch` (maps point-sampled to the simulator's pitch) or `native`"),
                ResultsAttributeSchema("settings", .string, about: "the settings measured with (bins, gaps, bootstrap), JSON"),
            ],
            groups: [
                provenance("every recording, in input order"),
                .table(.literal("recordings"), about: "one row per recording, input order", columns: SensorStatsColumns.recordings.schemas),
                .table(.literal("confidence_by_depth"), about: "per recording, one row per depth bin, then the no-return row",
                       columns: SensorStatsColumns.shares.schemas),
                .table(.literal("confidence_by_edge"), about: "per recording, one row per distance bin (samples) to the nearest depth discontinuity",
                       columns: SensorStatsColumns.shares.schemas),
                .table(.literal("disagreement"), about: "per recording, the by-depth rows then the by-gap rows",
                       columns: SensorStatsColumns.disagreement.schemas),
                .table(.literal("motion"), about: "per recording, median and 90th percentile of speed and angular speed",
                       columns: SensorStatsColumns.motion.schemas),
            ]))
}
