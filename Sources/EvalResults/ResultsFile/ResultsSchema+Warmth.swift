import Warmth

extension ResultsSchema {
    /// `results.h5` of `spatial-eval warmth` (``WarmthResultsFile``): LookFor's finder on a
    /// trial corpus, the sweep over the protocol's grid and the release gate. `points` is the
    /// number of grid points (flat C order over the dimensions of `grid/`), `trials` the
    /// number of trials.
    public static let warmth = ResultsLayout(
        tag: WarmthResultsFile.layout, title: "`results.h5` of `spatial-eval warmth`",
        root: ResultsGroupSchema(
            .literal("/"), about: "a warmth protocol's results", extents: ["points", "trials", "components"],
            attributes: toolAttributes + [layoutAttribute(WarmthResultsFile.layout)] + [
                ResultsAttributeSchema("protocol_name", .string),
                ResultsAttributeSchema("protocol_path", .string),
                ResultsAttributeSchema("protocol_text", .string, about: "the protocol file's full text"),
                ResultsAttributeSchema("protocol_sha256", .string),
                ResultsAttributeSchema("simulated", .int64, about: "1 when the trials are simulated"),
                ResultsAttributeSchema("trials", .int64), ResultsAttributeSchema("sessions", .int64),
                ResultsAttributeSchema("grid_points", .int64), ResultsAttributeSchema("feasible_points", .int64),
                ResultsAttributeSchema("robust", .int64, about: "1 when every neighbour of the recommended point is feasible"),
                ResultsAttributeSchema("resumed_points", .int64, about: "points taken from a checkpoint"),
                ResultsAttributeSchema("best_feasible_point", .string, required: false, about: "ignoring neighbours; when any point is feasible"),
                ResultsAttributeSchema("best_feasible_median_ttf_s", .float64, required: false, about: "when reached"),
                ResultsAttributeSchema("warnings", .string, about: "JSON list"),
                ResultsAttributeSchema("fidelity", .string, about: "the fidelity check, JSON"),
                ResultsAttributeSchema("baseline", .string, about: "the shipped parameters, JSON"),
                ResultsAttributeSchema("recommended", .string, required: false, about: "the recommended parameters, JSON; when any"),
                ResultsAttributeSchema("paired", .string, required: false, about: "the paired comparison, JSON; when a point was recommended"),
                ResultsAttributeSchema("gate", .string, required: false, about: "the release gate, JSON"),
            ],
            datasets: [
                ResultsDatasetSchema(.literal("components"), .float64, [.extent("points"), .extent("trials"), .extent("components")],
                                     required: false, about: "per point and trial, the sweep's recorded components; absent when the sweep did not run"),
                ResultsDatasetSchema(.literal("component_names"), .string, [.extent("components")]),
            ],
            groups: [
                provenance("the protocol, then every trial file in corpus order"),
                ResultsGroupSchema(.literal("grid"), about: "the swept values, one dataset per dimension (`k` and `n` pair up)",
                                   datasets: ["tau", "floor", "alpha", "warm_on", "warm_gap", "found_score"].map {
                                       ResultsDatasetSchema(.literal($0), .float64, [.free])
                                   } + ["k", "n"].map { ResultsDatasetSchema(.literal($0), .int64, [.free]) }),
                .table(.literal("trials"), about: "one row per trial, corpus order", columns: WarmthColumns.trials.schemas),
                .table(.literal("points"), about: "one row per grid point, flat order; empty when the sweep did not run",
                       columns: WarmthColumns.points.schemas),
                .table(.literal("summaries"), about: "one row per summarised parameter set", columns: WarmthColumns.summaries.schemas),
                .table(.literal("constants"), about: "one row per grid dimension", columns: WarmthColumns.constants.schemas),
                .table(.literal("folds"), about: "one row per held-out session", columns: WarmthColumns.folds.schemas),
                .table(.literal("neighbours"), about: "the recommended point, then its grid neighbours", columns: WarmthColumns.neighbours.schemas),
                .table(.literal("pareto"), about: "the Pareto front of median time-to-find against false finds per minute",
                       columns: WarmthColumns.pareto.schemas),
            ]))
}
