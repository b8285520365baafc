import Sweeps

extension ResultsSchema {
    /// `sweep.h5` of `spatial-eval sweep` (``SweepResultsFile``), layout `sweep/2`: the metric
    /// cubes per recording are not stored but derived from the component cube by the stored
    /// formulas (`/metric_formulas`); only the pooled cubes are kept. Within one sweep, `axes`
    /// is the number of swept keys, `points` the number of points and `cube…` the metric
    /// cube's dimensions (the axis lengths for a grid, the point count when sampled).
    public static let sweep = sweepLayout(
        tag: SweepResultsFile.layout, title: "`sweep.h5` (`spatial-eval sweep`)",
        formulas: [
            .table(.literal("metric_formulas"), about: "one row per metric: how it derives from summed components (spec.md#sweep-metrics); a metric cube of a recording, or of recordings pooled, is `numerator / (denominator / divisor)` of its components (NaN where that denominator is not positive), or `numerator` alone when `denominator` is empty; each sum runs left to right from its first term", columns: [
                .column("metric", .string, about: "as the cubes of `metrics/pooled` are named"),
                .column("numerator", .string, about: "component names (as `component_names` spells them) joined by ` + ` and ` - `"),
                .column("denominator", .string, about: "the same; empty for none"),
                .column("divisor", .float64, about: "what the denominator's sum is divided by first (1 for nothing)"),
            ]),
        ],
        metrics: ResultsGroupSchema(.literal("metrics"), about: "the pooled metric cubes; a recording's cubes are derived from `components` by `/metric_formulas`", groups: [
            ResultsGroupSchema(.literal("pooled"), about: "every recording's components summed in recording order, then each metric's formula",
                               datasets: SweepMetric.allCases.map { ResultsDatasetSchema(.literal($0.rawValue), .float64, [.extents("cube")]) }),
        ]))

    /// `sweep.h5` as written before 2026-12-07, layout `sweep/1`: as `sweep/2` with a stored
    /// metric cube per recording and metric, and no formulas. Read, never written.
    public static let sweepVersion1 = sweepLayout(
        tag: SweepResultsFile.layoutVersion1, title: "`sweep.h5` of earlier versions (read only)", formulas: [],
        metrics: ResultsGroupSchema(.literal("metrics"), groups: [
            ResultsGroupSchema(.each("recording"), about: "one per recording, then `pooled`: the metric cubes",
                               datasets: SweepMetric.allCases.map { ResultsDatasetSchema(.literal($0.rawValue), .float64, [.extents("cube")]) }),
        ]))

    /// A `sweep/N` layout: the parts both versions share, with `formulas` at the root and
    /// `metrics` in each sweep's group.
    private static func sweepLayout(tag: String, title: String, formulas: [ResultsGroupSchema], metrics: ResultsGroupSchema) -> ResultsLayout {
        ResultsLayout(
            tag: tag, title: title,
            root: ResultsGroupSchema(
                .literal("/"), about: "a protocol's threshold sweeps", extents: ["recordings", "components"],
                attributes: protocolAttributes(tag) + bootstrapAttributes + [
                    ResultsAttributeSchema("data_source", .string, required: false,
                                           about: "what the recordings are: simulated (simulator version, corpus spec SHA-256) or the recordings and their sources"),
                    ResultsAttributeSchema("verdict_rules", .string, about: "the verdicts' thresholds (the protocol's `verdict` object with its defaults), JSON"),
                ],
                datasets: [ResultsDatasetSchema(.literal("sweep_names"), .string, [.free], about: "the sweeps in protocol order")],
                groups: [
                    provenance("every input, the protocol first, then the recordings in protocol order"),
                    ResultsGroupSchema(.literal("recordings"), datasets: [
                        ResultsDatasetSchema(.literal("name"), .string, [.extent("recordings")], about: "in protocol order"),
                        ResultsDatasetSchema(.literal("source"), .string, [.extent("recordings")], required: false,
                                             about: "`simulated` or `recorded`, judged apart (absent: every recording simulated)"),
                        ResultsDatasetSchema(.literal("cluster"), .string, [.extent("recordings")], required: false,
                                             about: "recorded sessions sharing a non-empty cluster (their room) are resampled together"),
                    ]),
                    ResultsGroupSchema(.literal("cosine_pairs"), groups: [
                        .table(.each("recording"), about: "one per recording: appearance cosines of instance pairs", columns: [
                            .column("cosine", .float64), .column("same_object", .int64, about: "1 or 0"),
                        ]),
                    ]),
                ] + formulas + [
                    ResultsGroupSchema(.literal("sweeps"), groups: [sweepGroup(metrics: metrics)]),
                ]))
    }

    /// The optional columns of a pivot table: the measuring probe on the step's recordings, and
    /// the assumption measured from recorded sessions (spec.md#sweep-pivot-measured).
    private static var pivotMeasurementColumns: [ResultsDatasetSchema] {
        func optional(_ name: String, _ element: ResultsElement, _ about: String) -> ResultsDatasetSchema {
            ResultsDatasetSchema(.literal(name), element, [.extent(ResultsGroupSchema.rows)], required: false, about: about)
        }
        return [
            optional("probe_value", .float64, "the measuring probe computed on the step's recordings (NaN: the axis is the probe)"),
            optional("measured_probe", .string, "the probe measured from recorded sessions (empty: no measurement)"),
            optional("measured_value", .float64, "its value on every session (NaN: none)"),
            optional("measured_lower", .float64, "its interval's lower end over resampled sessions"),
            optional("measured_upper", .float64, "its interval's upper end"),
            optional("measured_sessions", .int64, "sessions with events"),
            optional("measured_events", .int64, "events in all"),
            optional("measured_unit", .string, "what the events are"),
        ]
    }

    /// The columns of a variant or pivot-step table: one row per (variant, swept key).
    private static var evidenceColumns: [ResultsDatasetSchema] { [
        .column("variant", .string), .column("family", .string), .column("settings", .string, about: "the parameters set, in words"),
        .column("value", .float64, about: "a pivot step's value on the assumption's axis (NaN for a variant)"),
        .column("key", .string), .column("recordings", .int64),
        .column("recommended", .float64), .column("lower", .float64), .column("upper", .float64),
        .column("tied_low", .float64), .column("tied_high", .float64),
        .column("events", .int64, about: "the rule metric's evidence at the variant's recommended point"),
        .column("shift", .float64, about: "how far the assumption moves the recommendation on the same scenes (spec.md#sweep-variants)"),
        .column("shift_lower", .float64), .column("shift_upper", .float64),
    ] }

    /// `/sweeps/<sweep>`: one sweep, with its `metrics` group.
    private static func sweepGroup(metrics: ResultsGroupSchema) -> ResultsGroupSchema {
        let cube = ResultsDimension.extents("cube")
        return ResultsGroupSchema(
            .each("sweep"), about: "one per sweep, named as in the protocol", extents: ["axes", "points", "cube"],
            attributes: [
                ResultsAttributeSchema("definition", .string, about: "the sweep's definition as the protocol declares it, JSON"),
                ResultsAttributeSchema("swept_definition", .string, about: "the definition with the space actually swept (after widening), JSON"),
                ResultsAttributeSchema("widenings", .int64, about: "widening rounds done (spec.md#sweep-grid-edge)"),
                ResultsAttributeSchema("base_configuration", .string, about: "the replay configuration swept from, JSON"),
                ResultsAttributeSchema("seconds", .float64),
                ResultsAttributeSchema("resumed_points", .int64,
                                       about: "points some of whose recordings' components came from the checkpoint of a killed run (0 for an uninterrupted sweep)"),
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
                       about: "one row per simulator-assumption variant and swept key (spec.md#sweep-variants): the sweep rerun on the variant's corpus, with its own recommendation and interval (NaN when none meets the rule); absent without variants",
                       columns: evidenceColumns),
                .table(.literal("pivots"), required: false,
                       about: "one row per pivot step and swept key (spec.md#sweep-pivot): the sweep rerun along an assumption a verdict depends on; absent when none was scanned",
                       columns: [.column("measure", .string, about: "what the pivot's axis measures"),
                                 .column("measured", .string, about: "the prior the corpus spec cites (`prior`): what was known before any measurement")]
                           + evidenceColumns + pivotMeasurementColumns),
                metrics,
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
                        ResultsDatasetSchema(.literal("verdict"), .string, [.extent("axes")], about: "per key (spec.md#sweep-verdict)"),
                        ResultsDatasetSchema(.literal("verdict_reason"), .string, [.extent("axes")], about: "per key: why, in words"),
                        ResultsDatasetSchema(.literal("gain"), .float64, [.extent("axes")],
                                             about: "per key: the rule metric's gain over the key at its shipped value (+inf: shipped breaks the rule)"),
                        ResultsDatasetSchema(.literal("bound"), .string, [.extent("axes")], about: "per key: what bounds the choice (spec.md#sweep-bound)"),
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
