import EvalMetrics
import EvalNumerics
import Replay

/// Everything the fusion comparison stores in `/fusion` of `results.h5` and the report
/// shows, as plain columns (layout in Docs/depth-fusion-variants.md).
public struct FusionResults: Sendable, Equatable {
    /// Recording names, indexed by ``FusionBoxes/recording``.
    public var recordingNames: [String]
    /// The study's settings.
    public var settings: FusionStudySettings
    /// One row per detection box with a ground-truth depth grid.
    public var boxes: FusionBoxes
    /// Per variant (in `settings.variants` order), one row per box.
    public var variants: [VariantBoxColumns]
    /// One row per grid sample of every box with a finite inverse depth and true depth.
    public var samples: FusionSampleColumns
    /// Per variant, one value per sample row: the fused depth (NaN on a fallback) and
    /// whether the final model was fitted on it.
    public var sampleFits: [VariantSampleColumns]
    /// Per-variant summaries, in `settings.variants` order.
    public var summaries: [VariantSummary]
    /// Every non-baseline variant against the baseline, per compared metric.
    public var comparisons: [VariantComparison]
    /// The fast network pass against the full one, where the recordings carry both.
    public var resolution = ResolutionStudy()

    /// Creates the value from each of its stored properties.
    public init(recordingNames: [String], settings: FusionStudySettings, boxes: FusionBoxes, variants: [VariantBoxColumns], samples: FusionSampleColumns, sampleFits: [VariantSampleColumns], summaries: [VariantSummary], comparisons: [VariantComparison], resolution: ResolutionStudy = ResolutionStudy()) {
        self.recordingNames = recordingNames
        self.settings = settings
        self.boxes = boxes
        self.variants = variants
        self.samples = samples
        self.sampleFits = sampleFits
        self.summaries = summaries
        self.comparisons = comparisons
        self.resolution = resolution
    }
}

/// The fast (364-px) depth-network pass against the full (518-px) one on the same grid
/// samples (spec.md#depth-resolution-agreement), and what the choice does to the baseline's box depth.
public struct ResolutionStudy: Sendable, Equatable {
    /// Row of the box in ``FusionBoxes``.
    public var box: [Int64] = []
    /// Samples with both passes finite.
    public var samples: [Int64] = []
    /// Pearson's r of the fast against the full pass, per box.
    public var pearsonR: [Double] = []
    /// mean |fast − full| / |full| × 100, per box.
    public var meanAbsolutePercentDifference: [Double] = []
    /// The baseline's box depth from the full pass, metres (NaN without one).
    public var depthFull: [Double] = []
    /// The baseline's box depth from the fast pass, metres.
    public var depthFast: [Double] = []
    /// Agreement over every sample of every box, pooled; nil without any pass.
    public var pooled: ResolutionAgreement?

    /// Creates the value from each of its stored properties.
    public init(box: [Int64] = [], samples: [Int64] = [], pearsonR: [Double] = [], meanAbsolutePercentDifference: [Double] = [], depthFull: [Double] = [], depthFast: [Double] = [], pooled: ResolutionAgreement? = nil) {
        self.box = box
        self.samples = samples
        self.pearsonR = pearsonR
        self.meanAbsolutePercentDifference = meanAbsolutePercentDifference
        self.depthFull = depthFull
        self.depthFast = depthFast
        self.pooled = pooled
    }
}

/// The boxes of the study.
public struct FusionBoxes: Sendable, Equatable {
    /// Index into ``FusionResults/recordingNames``.
    public var recording: [Int64] = []
    /// Detection id.
    public var detection: [Int64] = []
    /// Frame index.
    public var frame: [Int64] = []
    /// The object's true depth: median ground-truth depth of the in-mask samples, metres.
    public var truth: [Double] = []
    /// The ground-truth object the detection saw (`DetectionObjects.assign`), −1 for none:
    /// the bootstrap resamples the boxes of one object together.
    public var object: [Int64] = []

    /// Creates the value from each of its stored properties.
    public init(recording: [Int64] = [], detection: [Int64] = [], frame: [Int64] = [], truth: [Double] = [], object: [Int64] = []) {
        self.recording = recording
        self.detection = detection
        self.frame = frame
        self.truth = truth
        self.object = object
    }
}

/// One variant's per-box outcome.
public struct VariantBoxColumns: Sendable, Equatable {
    /// The variant.
    public var variant: DepthFusionVariant
    /// Box depth ẑ (NaN without pairs), metres.
    public var depth: [Double] = []
    /// ẑ − true depth, metres.
    public var error: [Double] = []
    /// Distance between the anchor unprojected at ẑ and at the true depth (same pixel), metres.
    public var anchorError: [Double] = []
    /// Per-box AbsRel of the fused samples against true depth (NaN on a fallback).
    public var sampleAbsRel: [Double] = []
    /// Fallback reason (`""` when the model was used).
    public var fallback: [String] = []
    /// Filtered pairs.
    public var pairs: [Int64] = []
    /// Samples the final model was fitted on.
    public var inliers: [Int64] = []
    /// Condition number of the final design (NaN without a fit).
    public var condition: [Double] = []
    /// Iterations / trials.
    public var iterations: [Int64] = []
    /// Model scale and shift (NaN without a model).
    public var scale: [Double] = []
    /// Model shift.
    public var shift: [Double] = []

    /// Creates the value from each of its stored properties.
    public init(variant: DepthFusionVariant, depth: [Double] = [], error: [Double] = [], anchorError: [Double] = [], sampleAbsRel: [Double] = [], fallback: [String] = [], pairs: [Int64] = [], inliers: [Int64] = [], condition: [Double] = [], iterations: [Int64] = [], scale: [Double] = [], shift: [Double] = []) {
        self.variant = variant
        self.depth = depth
        self.error = error
        self.anchorError = anchorError
        self.sampleAbsRel = sampleAbsRel
        self.fallback = fallback
        self.pairs = pairs
        self.inliers = inliers
        self.condition = condition
        self.iterations = iterations
        self.scale = scale
        self.shift = shift
    }
}

/// Per grid sample: where it lies and what LiDAR and truth say.
public struct FusionSampleColumns: Sendable, Equatable {
    /// Row of the box in ``FusionBoxes``.
    public var box: [Int64] = []
    /// Distance to the box edge in grid cells: min(row, col, rows−1−row, cols−1−col).
    public var edgeDistance: [Int64] = []
    /// 1 inside the subject mask.
    public var inMask: [Int64] = []
    /// LiDAR confidence, −1 where LiDAR has no depth.
    public var confidence: [Int64] = []
    /// LiDAR depth (NaN where none), metres.
    public var lidar: [Double] = []
    /// True depth, metres.
    public var truth: [Double] = []

    /// Creates the value from each of its stored properties.
    public init(box: [Int64] = [], edgeDistance: [Int64] = [], inMask: [Int64] = [], confidence: [Int64] = [], lidar: [Double] = [], truth: [Double] = []) {
        self.box = box
        self.edgeDistance = edgeDistance
        self.inMask = inMask
        self.confidence = confidence
        self.lidar = lidar
        self.truth = truth
    }
}

/// One variant's per-sample columns.
public struct VariantSampleColumns: Sendable, Equatable {
    /// The variant.
    public var variant: DepthFusionVariant
    /// ẑ of the sample (NaN on a fallback or where the model gives none), metres.
    public var fused: [Double] = []
    /// 1 when the final model was fitted on the sample.
    public var kept: [Int64] = []

    /// Creates the value from each of its stored properties.
    public init(variant: DepthFusionVariant, fused: [Double] = [], kept: [Int64] = []) {
        self.variant = variant
        self.fused = fused
        self.kept = kept
    }
}

/// One variant's headline figures.
public struct VariantSummary: Sendable, Equatable {
    /// The variant.
    public var variant: DepthFusionVariant
    /// Boxes with a depth.
    public var boxes: Int
    /// Fraction of boxes that fell back to the LiDAR median.
    public var fallbackRate: Double
    /// Boxes whose fit the conditioning guard refused (before or after rejection).
    public var guardTriggers: Int
    /// Kept samples / filtered pairs over the boxes that were fitted.
    public var keptFraction: Double
    /// median |ẑ_box − g_box|, metres.
    public var medianAbsoluteBoxError: Double
    /// p90 |ẑ_box − g_box| (numpy linear), metres.
    public var p90AbsoluteBoxError: Double
    /// median anchor displacement, metres.
    public var medianAnchorError: Double
    /// Depth metrics of every fused in-mask sample against truth, pooled.
    public var pooledInMask: DepthMetrics?
}

/// One variant against the baseline on one metric (lower is better).
public struct VariantComparison: Sendable, Equatable {
    /// The variant compared.
    public var variant: DepthFusionVariant
    /// The baseline.
    public var baseline: DepthFusionVariant
    /// `abs_box_error_m`, `anchor_error_m` or `sample_abs_rel`.
    public var metric: String
    /// Number of boxes where both have a value.
    public var count: Int
    /// median(variant − baseline) with its interval.
    public var median: IntervalEstimate
    /// mean(variant − baseline) with its interval.
    public var mean: IntervalEstimate
    /// Wilcoxon p-value of the differences.
    public var pValue: Double
    /// How the p-value was computed.
    public var method: String
    /// The one-line reading.
    public var verdict: String
}
