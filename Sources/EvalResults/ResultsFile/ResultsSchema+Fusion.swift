extension ResultsSchema {
    /// The `/fusion` group of `results.h5` (``FusionResultsFile``): every depth-fusion variant
    /// on the same boxes and grid samples. Box columns share the extent `boxes`, sample
    /// columns the extent `samples`, across the groups.
    public static let fusion = ResultsLayout(
        tag: FusionResultsFile.layout, title: "`/fusion` in `results.h5` (a protocol with a `fusion` section)",
        root: ResultsGroupSchema(
            .literal("/fusion"), about: "the depth-fusion variants compared", extents: ["boxes", "samples"],
            attributes: [
                layoutAttribute(FusionResultsFile.layout),
                ResultsAttributeSchema("settings", .string, about: "the study settings, JSON"),
                ResultsAttributeSchema("recordings", .string, about: "JSON list of the recording names"),
            ],
            groups: [
                ResultsGroupSchema(.literal("boxes"), about: "one row per box", datasets: FusionColumns.boxes.columnSchemas(extent: "boxes")),
                ResultsGroupSchema(.literal("variants"), groups: [
                    ResultsGroupSchema(.each("variant"), about: "one per variant; one row per box",
                                       datasets: FusionColumns.variantBoxes.columnSchemas(extent: "boxes")),
                ]),
                ResultsGroupSchema(
                    .literal("samples"), about: "one row per grid sample", datasets: FusionColumns.samples.columnSchemas(extent: "samples"),
                    groups: [
                        ResultsGroupSchema(.each("variant"), about: "one per variant; one row per grid sample",
                                           datasets: FusionColumns.sampleFits.columnSchemas(extent: "samples")),
                    ]),
                .table(.literal("summary"), about: "one row per variant", columns: summaryColumns),
                .table(.literal("comparisons"), about: "one row per (variant, metric) against the baseline", columns: comparisonColumns),
                .table(.literal("resolution"), about: "one row per box with a fast network pass",
                       attributes: [
                           ResultsAttributeSchema("pooled_samples", .int64, required: false, about: "when any"),
                           ResultsAttributeSchema("pooled_pearson_r", .float64, required: false, about: "when any"),
                           ResultsAttributeSchema("pooled_mean_abs_percent_difference", .float64, required: false, about: "when any"),
                       ],
                       columns: FusionColumns.resolution.columnSchemas(extent: ResultsGroupSchema.rows)),
            ],
            layout: FusionResultsFile.layout))

    private static var summaryColumns: [ResultsDatasetSchema] {
        [.column("variant", .string), .column("boxes", .int64), .column("guard_triggers", .int64)]
            + FusionColumns.summaryDoubles.map { .column($0.0, .float64) }
            + FusionColumns.inMaskMetrics.map { .column($0, .float64, about: "pooled over in-mask samples; NaN without") }
            + [.column("in_mask_samples", .int64)]
    }

    private static var comparisonColumns: [ResultsDatasetSchema] {
        FusionColumns.comparisonStrings.map { .column($0, .string) } + [.column("n", .int64)]
            + FusionColumns.comparisonDoubles.map { .column($0.0, .float64) }
    }
}
