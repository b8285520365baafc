import Sweeps

extension ResultsSchema {
    /// `sweep.h5` of `spatial-eval sweep` (``SweepResultsFile``). Within one sweep, `axes`
    /// is the number of swept keys, `points` the number of points and `cube…` the metric
    /// cube's dimensions (the axis lengths for a grid, the point count when sampled).
    public static let sweep = ResultsLayout(
        tag: SweepResultsFile.layout, title: "`sweep.h5` (`spatial-eval sweep`)",
        root: ResultsGroupSchema(
            .literal("/"), about: "a protocol's threshold sweeps", extents: ["recordings", "components"],
            attributes: protocolAttributes(SweepResultsFile.layout) + bootstrapAttributes + [
                ResultsAttributeSchema("data_source", .string, required: false,
                                       about: "what the recordings are: simulated (simulator version, corpus spec SHA-256) or the recordings and their sources"),
            ],
            datasets: [ResultsDatasetSchema(.literal("sweep_names"), .string, [.free], about: "the sweeps in protocol order")],
            groups: [
                provenance("every input, the protocol first, then the recordings in protocol order"),
                ResultsGroupSchema(.literal("recordings"), datasets: [
                    ResultsDatasetSchema(.literal("name"), .string, [.extent("recordings")], about: "in protocol order"),
                ]),
                ResultsGroupSchema(.literal("cosine_pairs"), groups: [
                    .table(.each("recording"), about: "one per recording: appearance cosines of instance pairs", columns: [
                        .column("cosine", .float64), .column("same_object", .int64, about: "1 or 0"),
                    ]),
                ]),
                ResultsGroupSchema(.literal("sweeps"), groups: [sweepGroup]),
            ]))

    /// `/sweeps/<sweep>`: one sweep.
    private static var sweepGroup: ResultsGroupSchema {
        let cube = ResultsDimension.extents("cube")
        return ResultsGroupSchema(
            .each("sweep"), about: "one per sweep, named as in the protocol", extents: ["axes", "points", "cube"],
            attributes: [
                ResultsAttributeSchema("definition", .string, about: "the sweep's definition, JSON"),
                ResultsAttributeSchema("base_configuration", .string, about: "the replay configuration swept from, JSON"),
                ResultsAttributeSchema("seconds", .float64), ResultsAttributeSchema("resumed_points", .int64),
            ],
            datasets: [
                ResultsDatasetSchema(.literal("axis_keys"), .string, [.extent("axes")], about: "the swept configuration keys"),
                ResultsDatasetSchema(.literal("points"), .float64, [.extent("points"), .extent("axes")]),
                ResultsDatasetSchema(.literal("components"), .float64, [cube, .extent("recordings"), .extent("components")],
                                     about: "the metric components per point and recording"),
                ResultsDatasetSchema(.literal("component_names"), .string, [.extent("components")]),
                ResultsDatasetSchema(.literal("shipped_components"), .float64, [.extent("recordings"), .extent("components")],
                                     about: "the components of the protocol's configuration"),
            ],
            groups: [
                ResultsGroupSchema(.literal("axes"), datasets: [
                    ResultsDatasetSchema(.each("key"), .float64, [.free], about: "one per swept key: its values"),
                ]),
                .table(.literal("variants"), required: false,
                       about: "one row per simulator-assumption variant and swept key (spec.md#sweep-variants): the key's range over the points tied under the rule on the variant's corpus (NaN when none meets it); absent without variants",
                       columns: [
                           .column("variant", .string), .column("family", .string), .column("settings", .string, about: "the parameters set, in words"),
                           .column("key", .string), .column("recordings", .int64),
                           .column("tied_low", .float64), .column("tied_high", .float64),
                       ]),
                ResultsGroupSchema(.literal("metrics"), groups: [
                    ResultsGroupSchema(.each("recording"), about: "one per recording, then `pooled`: the metric cubes",
                                       datasets: SweepMetric.allCases.map { ResultsDatasetSchema(.literal($0.rawValue), .float64, [cube]) }),
                ]),
                ResultsGroupSchema(
                    .literal("recommendation"), about: "as in the report",
                    attributes: [ResultsAttributeSchema("rule", .string, about: "the objective, in words")],
                    datasets: [
                        ResultsDatasetSchema(.literal("chosen_point"), .int64, [.fixed(1)], about: "−1 when nothing is feasible"),
                        ResultsDatasetSchema(.literal("value"), .float64, [.extent("axes")]),
                        ResultsDatasetSchema(.literal("lower"), .float64, [.extent("axes")]),
                        ResultsDatasetSchema(.literal("upper"), .float64, [.extent("axes")]),
                        ResultsDatasetSchema(.literal("shipped"), .float64, [.extent("axes")]),
                        ResultsDatasetSchema(.literal("pareto_mask"), .int64, [cube]),
                    ],
                    groups: [
                        .table(.literal("leave_one_out"), about: "one row per held-out recording (none with fewer than two)", columns: [
                            .column("held_out", .string), .column("chosen_point", .int64), .column("held_out_value", .float64),
                            .column("held_out_best", .float64), .column("held_out_feasible", .int64),
                        ]),
                    ]),
            ])
    }
}
