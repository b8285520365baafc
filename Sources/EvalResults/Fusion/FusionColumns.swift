import EvalMetrics

/// The column lists of the tables under `/fusion` (layout `fusion/1`): they declare the
/// tables in ``ResultsSchema/fusion`` and drive ``FusionResultsFile``'s writing and reading.
public enum FusionColumns {
    /// `boxes/`: one row per box.
    public static var boxes: ColumnList<FusionBoxes> {
        ColumnList(doubles: [("truth_m", \.truth)],
                   integers: [("recording", \.recording), ("detection", \.detection), ("frame", \.frame), ("object", \.object)],
                   notes: ["recording": "index into the `recordings` attribute", "object": "−1 none"])
    }

    /// `variants/<variant>/`: one row per box.
    public static var variantBoxes: ColumnList<VariantBoxColumns> {
        ColumnList(doubles: [("depth_m", \.depth), ("error_m", \.error), ("anchor_error_m", \.anchorError), ("sample_abs_rel", \.sampleAbsRel),
                             ("condition", \.condition), ("scale", \.scale), ("shift", \.shift)],
                   integers: [("pairs", \.pairs), ("inliers", \.inliers), ("iterations", \.iterations)],
                   strings: [("fallback", \.fallback)], notes: ["fallback": "empty when fitted"])
    }

    /// `samples/`: one row per grid sample.
    public static var samples: ColumnList<FusionSampleColumns> {
        ColumnList(doubles: [("lidar_m", \.lidar), ("truth_m", \.truth)],
                   integers: [("box", \.box), ("edge_distance", \.edgeDistance), ("in_mask", \.inMask), ("confidence", \.confidence)],
                   notes: ["lidar_m": "NaN without LiDAR", "confidence": "−1 without LiDAR"])
    }

    /// `samples/<variant>/`: one row per grid sample.
    public static var sampleFits: ColumnList<VariantSampleColumns> { ColumnList(doubles: [("fused_m", \.fused)], integers: [("kept", \.kept)]) }

    /// `resolution/`: one row per box with a fast network pass.
    public static var resolution: ColumnList<ResolutionStudy> {
        ColumnList(doubles: [("pearson_r", \.pearsonR), ("mean_abs_percent_difference", \.meanAbsolutePercentDifference),
                             ("depth_full_m", \.depthFull), ("depth_fast_m", \.depthFast)],
                   integers: [("box", \.box), ("samples", \.samples)])
    }

    /// The float64 columns of `summary/` besides the in-mask metrics.
    public static var summaryDoubles: [(String, WritableKeyPath<VariantSummary, Double>)] { [
        ("fallback_rate", \.fallbackRate), ("kept_fraction", \.keptFraction), ("median_abs_box_error_m", \.medianAbsoluteBoxError),
        ("p90_abs_box_error_m", \.p90AbsoluteBoxError), ("median_anchor_error_m", \.medianAnchorError),
    ] }

    /// The in-mask depth metric columns of `summary/`.
    public static var inMaskMetrics: [String] { DepthMetrics.names.map { "in_mask_" + $0 } }

    /// The float64 columns of `comparisons/`.
    public static var comparisonDoubles: [(String, WritableKeyPath<VariantComparison, Double>)] { [
        ("median", \.median.estimate), ("median_lower", \.median.lower), ("median_upper", \.median.upper),
        ("mean", \.mean.estimate), ("mean_lower", \.mean.lower), ("mean_upper", \.mean.upper), ("p_value", \.pValue),
    ] }

    /// The text columns of `comparisons/`.
    public static var comparisonStrings: [String] { ["variant", "baseline", "metric", "method", "verdict"] }
}
