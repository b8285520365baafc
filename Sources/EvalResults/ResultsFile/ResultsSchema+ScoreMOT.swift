import EvalMetrics

extension ResultsSchema {
    /// The file of `spatial-eval score-mot --out` (``ScoreMOTResultsFile``). `sequences` is
    /// the number of summary rows: the sequences, then the combined row.
    public static let scoreMOT = ResultsLayout(
        tag: ScoreMOTResultsFile.layout, title: "`score-mot --out FILE.h5`",
        root: ResultsGroupSchema(
            .literal("/"), about: "MOTChallenge scores", extents: ["sequences"],
            attributes: toolAttributes + [
                ResultsAttributeSchema("convention", .string, about: "`trackeval` or `motmetrics`"),
                layoutAttribute(ScoreMOTResultsFile.layout),
            ],
            groups: [
                provenance("every input file (ground truth, tracker, seqinfo.ini)"),
                ResultsGroupSchema(.literal("summary"), about: "one row per sequence, the combined row last", datasets: [
                    ResultsDatasetSchema(.literal("sequence"), .string, [.extent("sequences")], about: "row names, then `COMBINED` / `OVERALL`"),
                    ResultsDatasetSchema(.each("metric"), .number, [.extent("sequences")], about: "one per reported value: int64 counts, float64 ratios"),
                ]),
                ResultsGroupSchema(.literal("hota_alpha"), required: false, about: "TrackEval convention only", datasets: [
                    ResultsDatasetSchema(.literal("alpha"), .float64, [.fixed(HOTAAccumulators.alphas.count)], about: "the α thresholds"),
                    ResultsDatasetSchema(.each("metric"), .float64, [.extent("sequences"), .fixed(HOTAAccumulators.alphas.count)],
                                         about: "`HOTA`, `DetA`, …, `HOTA_TP`, `HOTA_FN`, `HOTA_FP` per α"),
                ]),
                ResultsGroupSchema(
                    .literal("events"), about: "every CLEAR match event",
                    attributes: [ResultsAttributeSchema("kind_labels", .string, about: "`0=MATCH,1=SWITCH,2=MISS,3=FP`")],
                    groups: [
                        .table(.each("sequence"), about: "one per sequence", columns: [
                            .column("frame", .int64), .column("gt_id", .int64, about: "−1 for a false positive"),
                            .column("tracker_id", .int64, about: "−1 for a miss"), .column("similarity", .float64, about: "NaN unless matched"),
                            .column("kind", .int64, about: "0 MATCH, 1 SWITCH, 2 MISS, 3 FP"),
                        ]),
                    ]),
            ]))
}
