import Warmth

/// The column lists of the tables of a warmth results file (layout `warmth/1`): they declare
/// the tables in ``ResultsSchema/warmth`` and drive ``WarmthResultsFile``'s writing and reading.
public enum WarmthColumns {
    /// The grid dimensions as the file names them, in the order of ``WarmthGrid/names``.
    public static let dimensions = ["tau", "floor", "alpha", "warm_on", "warm_gap", "found_score", "kn"]

    /// `points/`: one row per grid point, flat grid order.
    public static var points: RowColumns<WarmthResults.PointRow> {
        RowColumns(dimensions.indices.map { d in
            .integer(dimensions[d] + "_index", \WarmthResults.PointRow.indices[d], about: "index into `grid/\(dimensions[d] == "kn" ? "k` and `grid/n" : dimensions[d])`")
        } + [
            .optionalDouble("median_ttf_s", \.medianTTF, about: "Kaplan-Meier median time-to-find"),
            .double("found_by_first_horizon", \.foundByFirstHorizon, about: "P(found by the protocol's first horizon)"),
            .double("false_find_upper_absent", \.falseFindUpperAbsent, about: "upper Wilson bound, absent trials with a false find"),
            .double("false_find_upper_present", \.falseFindUpperPresent, about: "upper Wilson bound, present trials with a false find"),
            .double("false_finds_per_min", \.falseFindsPerMin),
            .double("false_finds_per_min_upper", \.falseFindsPerMinUpper, about: "upper Garwood bound"),
            .double("warm_without_target_share", \.warmWithoutTargetShare),
            .double("warm_toggles_per_min", \.warmTogglesPerMin),
            .flag("feasible", \.feasible, about: "meets every constraint"),
        ])
    }

    /// A blank point row (for reading).
    static var blankPoint: WarmthResults.PointRow {
        WarmthResults.PointRow(indices: Array(repeating: 0, count: dimensions.count), medianTTF: nil, foundByFirstHorizon: 0,
                               falseFindUpperAbsent: 0, falseFindUpperPresent: 0, falseFindsPerMin: 0, falseFindsPerMinUpper: 0,
                               warmWithoutTargetShare: 0, warmTogglesPerMin: 0, feasible: false)
    }

    /// `constants/`: one row per grid dimension.
    public static var constants: RowColumns<WarmthResults.ConstantRow> {
        RowColumns([.text("name", \.name), .text("shipped", \.shipped), .text("recommended", \.recommended),
                    .text("fold_low", \.foldLow, about: "smallest value a leave-one-session-out fold chose, `–` when none chose"),
                    .text("fold_high", \.foldHigh)])
    }

    /// `folds/`: one row per held-out session.
    public static var folds: RowColumns<WarmthResults.Fold> {
        RowColumns([.text("held_out", \.heldOut), .optionalText("chosen", \.chosen, about: "the point chosen without the session"),
                    .integer("held_out_trials", \.heldOutTrials)])
    }

    /// `neighbours/`: the recommended point, then its grid neighbours.
    public static var neighbours: RowColumns<WarmthResults.Neighbour> {
        RowColumns([.text("point", \.point), .optionalDouble("median_ttf_s", \.medianTTF),
                    .double("false_find_upper_absent", \.falseFindUpperAbsent), .double("false_finds_per_min_upper", \.falseFindsPerMinUpper),
                    .flag("feasible", \.feasible)])
    }

    /// `pareto/`: the front of median time-to-find against false finds per minute.
    public static var pareto: RowColumns<WarmthResults.ParetoPoint> {
        RowColumns([.text("point", \.point), .optionalDouble("median_ttf_s", \.medianTTF), .double("false_finds_per_min", \.falseFindsPerMin)])
    }

    /// `summaries/`: one row per summarised parameter set.
    public static var summaries: RowColumns<SummaryRow> {
        RowColumns([
            .text("name", \.name, about: "`baseline`, `recommended` or `held_out`"),
            .text("summary", \.json, about: "every metric (Docs/warmth.md#metrics), JSON; what a reader decodes"),
            .integer("trials", \.trials), .integer("present_trials", \.presentTrials), .integer("absent_trials", \.absentTrials),
            .optionalDouble("median_ttf_s", \.medianTTF), .optionalDouble("median_ttf_lower_s", \.medianLower),
            .optionalDouble("median_ttf_upper_s", \.medianUpper),
            .double("false_find_share_absent", \.falseFindShareAbsent), .double("false_finds_per_min", \.falseFindsPerMin),
            .double("warm_without_target_share", \.warmWithoutTargetShare), .double("warm_toggles_per_min", \.warmTogglesPerMin),
        ])
    }

    /// `trials/`: one row per trial, corpus order.
    public static var trials: RowColumns<TrialRow> {
        RowColumns([.text("trial_id", \.id), .text("session", \.session),
                    .double("target_present", \.present, about: "1 present, 0 absent, NaN unknown")])
    }

    /// A row of `summaries/`: the summary as JSON, with its headline figures as columns.
    public struct SummaryRow {
        /// Which parameter set.
        public var name = ""
        /// The summary, JSON.
        public var json = ""
        /// Headline figures (copies of fields of the summary, for tables).
        public var trials = 0, presentTrials = 0, absentTrials = 0
        /// The median time-to-find and its interval.
        public var medianTTF: Double?, medianLower: Double?, medianUpper: Double?
        /// See ``WarmthSummary``.
        public var falseFindShareAbsent = 0.0, falseFindsPerMin = 0.0, warmWithoutTargetShare = 0.0, warmTogglesPerMin = 0.0

        /// A blank row (for reading).
        public init() {}

        /// The row of `summary` named `name`.
        public init(name: String, summary s: WarmthSummary, json: String) {
            self.name = name
            self.json = json
            trials = s.trials
            presentTrials = s.presentTrials
            absentTrials = s.absentTrials
            medianTTF = s.ttf.median
            medianLower = s.ttf.medianLower
            medianUpper = s.ttf.medianUpper
            falseFindShareAbsent = s.falseFindTrialsAbsent.estimate
            falseFindsPerMin = s.falseFindsPerMinute.perMinute
            warmWithoutTargetShare = s.warmWithoutTargetShare
            warmTogglesPerMin = s.warmTogglesPerMinute
        }
    }

    /// A row of `trials/`.
    public struct TrialRow {
        /// The trial's id, its session and its presence (1, 0, NaN).
        public var id = "", session = "", present = 0.0
        /// A row from its fields.
        public init(id: String = "", session: String = "", present: Double = 0) {
            self.id = id
            self.session = session
            self.present = present
        }
    }
}
