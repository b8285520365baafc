extension ResultsSchema {
    /// `results.h5` of `spatial-eval run` (``RunResultsFile``).
    public static let run = ResultsLayout(
        tag: RunResultsFile.layout, title: "`results.h5` (`spatial-eval run`)",
        root: ResultsGroupSchema(
            .literal("/"), about: "a protocol run",
            attributes: protocolAttributes(RunResultsFile.layout) + [
                ResultsAttributeSchema("replay_configuration", .string, about: "the effective replay configuration, JSON"),
                ResultsAttributeSchema("minimum_events", .int64, about: "events a gate on a rate needs to decide (spec.md#gate-decisions)"),
                ResultsAttributeSchema("run_report", .string, required: false,
                                       about: "the protocol's run_report: the report of the run these results belong to (spec.md#report-layout)"),
            ] + bootstrapAttributes,
            groups: [
                provenance("every input, the protocol first, then the recordings in protocol order"),
                ResultsGroupSchema(.literal("recordings"), groups: [recording]),
                ResultsGroupSchema(.literal("pooled"), about: "all recordings together", groups: [
                    .gapIntervals("gap_intervals", about: "median and p90 gap over all instances with bootstrap intervals"),
                    .table(.literal("recording_intervals"), of: FigureInterval.self,
                           about: "pooled figures with bootstrap intervals over whole recordings (spec.md#gate-decisions)"),
                    ResultsGroupSchema(.literal("runs_differ"), about: "Kruskal–Wallis on per-instance median gaps, recordings as groups",
                                       attributes: [
                                           ResultsAttributeSchema("test", .string), ResultsAttributeSchema("statistic", .float64),
                                           ResultsAttributeSchema("p_value", .float64), ResultsAttributeSchema("groups", .int64),
                                           ResultsAttributeSchema("instances", .int64),
                                       ]),
                ]),
                .table(.literal("gates"), about: "one row per gate of the protocol (spec.md#gate-decisions)", columns: [
                    .column("metric", .string), .column("op", .string), .column("bound", .string, about: "estimate, lower or upper"),
                    .column("threshold", .float64), .column("value", .float64, about: "the point estimate"),
                    .column("lower", .float64, about: "interval lower bound (NaN when undefined)"), .column("upper", .float64),
                    .column("successes", .int64, about: "k of a rate k/n; −1 for other figures"),
                    .column("events", .int64, about: "trials of a rate, or recordings or instances resampled"),
                    .column("event_unit", .string, about: "events, recordings or instances"),
                    .column("verdict", .string, about: "pass, fail or undecided"),
                    .column("passed", .int64, about: "1 or 0"),
                ]),
                fusionGroup,
            ]))

    /// `/recordings/<recording>`: one recording's results.
    private static var recording: ResultsGroupSchema {
        let metres = [ResultsAttributeSchema("units", .string, value: "m", about: "`m`")]
        return ResultsGroupSchema(
            .each("recording"), about: "one per recording, named as in the protocol",
            attributes: [
                ResultsAttributeSchema("path", .string), ResultsAttributeSchema("sha256", .string),
                ResultsAttributeSchema("observation_count", .int64), ResultsAttributeSchema("duplication", .int64),
                ResultsAttributeSchema("unflags", .int64),
            ],
            datasets: [
                ResultsDatasetSchema(.literal("duplicated_objects"), .int64, [.free]),
                ResultsDatasetSchema(.literal("never_anchored"), .int64, [.free]),
            ],
            groups: [
                .table(.literal("data"), about: "the recording's meta entries that state its data (source, simulator, scenario, seed, device; "
                       + "spec.md#report-data)", columns: [.column("key", .string), .column("value", .string)]),
                .table(.literal("gaps"), columns: [.column("instance", .int64), .column("gap_m", .float64, attributes: metres)]),
                .table(.literal("errors"), columns: [.column("instance", .int64), .column("error_m", .float64, attributes: metres)]),
                .table(.literal("instances"), of: InstanceRow.self),
                .table(.literal("detect_every_n"), of: TrackingRow.self),
                .table(.literal("recorded_track_ids"), of: TrackingRow.self, about: "the recorded track ids scored; 0 or 1 row"),
                .table(.literal("tracking_3d"), of: Tracking3DRow.self),
                .gapIntervals("gap_intervals", about: "median and p90 gap with bootstrap intervals"),
                .table(.literal("absence_flags"), of: AbsenceFlagRow.self),
                .table(.literal("removals"), of: RemovalRow.self),
                .table(.literal("lock_on"), of: LockOnRow.self),
                .table(.literal("policy_instances"), of: PolicyInstanceRow.self,
                       about: "both anchoring policies' anchors on the same observations (spec.md#policy-comparison)"),
                .table(.literal("policy_errors"), of: PolicyErrorRow.self, about: "both policies' per-update anchor errors"),
            ])
    }

    /// `/fusion`, when the protocol has a fusion section: layout `fusion/1`.
    private static var fusionGroup: ResultsGroupSchema {
        var group = fusion.root
        group.name = .literal("fusion")
        group.required = false
        return group
    }
}
