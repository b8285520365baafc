import Recording

/// The depth-fusion variants compared beside the app's own (issue 5). Every variant sees the
/// same filtered samples (``FusionSamples``) and falls back to the raw LiDAR median when it
/// cannot fit; they differ in the model and how it is fitted.
public enum DepthFusionVariant: String, CaseIterable, Codable, Sendable {
    /// No network: the box depth is the median LiDAR depth of the samples.
    case lidarMedian = "lidar-median"
    /// 1/z ≈ s·d + t by one least-squares fit (LAPACK), no outlier rejection.
    case affineInverse = "affine-inverse"
    /// The app's fit (spec.md#fusion): least squares, drop residuals beyond 2σ, refit once.
    /// Computed by ``DepthFuser`` itself, so it is exactly what the app replica produces.
    case affineInverse2Sigma = "affine-inverse-2sigma"
    /// z ≈ s·(1/d) + t by least squares in depth space (Marigold's convention).
    case affineDepth = "affine-depth"
    /// z ≈ s·(1/d) with s = median(z) / median(1/d) (monodepth2's median scaling).
    case scaleOnlyMedian = "scale-only-median"
    /// Huber M-estimate of 1/z ≈ s·d + t by iteratively reweighted least squares.
    case huber
    /// RANSAC of 1/z ≈ s·d + t with scikit-learn's defaults (2-point samples, MAD threshold,
    /// 100 trials, dynamic stopping at 0.99), then least squares on the consensus set.
    case ransac
    /// The app's 2σ procedure with samples of every useful LiDAR confidence level, each
    /// weighted by its level's weight (weighted least squares).
    case confidenceWeighted = "confidence-weighted"

    /// The app's variant.
    public static let app = DepthFusionVariant.affineInverse2Sigma
}

/// The tunable constants of the variants beside ``DepthFusionConfiguration`` (which they
/// all share: filters, minimum pairs, 2σ, the conditioning guard and the floor).
public struct FusionVariantSettings: Codable, Sendable, Equatable {
    /// Huber's δ in inverse depth, m⁻¹ (residuals beyond it get weight δ/|r|).
    public var huberDelta: Double
    /// Most IRLS iterations for Huber.
    public var huberMaxIterations: Int
    /// IRLS stops when no coefficient moves by more than this relative amount.
    public var huberTolerance: Double
    /// Seed of RANSAC's sample stream.
    public var ransacSeed: UInt64
    /// RANSAC's trial budget (scikit-learn's `max_trials`).
    public var ransacMaxTrials: Int
    /// RANSAC's inlier threshold, m⁻¹; nil = scikit-learn's default, the MAD of 1/z.
    public var ransacResidualThreshold: Double?
    /// Weights of LiDAR confidence levels 0, 1, 2 for `confidence-weighted`; a level with
    /// weight 0 is not used.
    public var confidenceWeights: [Double]

    /// Creates settings; defaults: δ = 0.01 m⁻¹, 100 iterations, tolerance 1e-12, seed 0,
    /// 100 trials, the MAD threshold, weights (0, 0.5, 1).
    public init(
        huberDelta: Double = 0.01, huberMaxIterations: Int = 100, huberTolerance: Double = 1e-12,
        ransacSeed: UInt64 = 0, ransacMaxTrials: Int = 100, ransacResidualThreshold: Double? = nil,
        confidenceWeights: [Double] = [0, 0.5, 1]
    ) {
        self.huberDelta = huberDelta
        self.huberMaxIterations = huberMaxIterations
        self.huberTolerance = huberTolerance
        self.ransacSeed = ransacSeed
        self.ransacMaxTrials = ransacMaxTrials
        self.ransacResidualThreshold = ransacResidualThreshold
        self.confidenceWeights = confidenceWeights
    }

    /// The JSON keys the settings accept.
    public static var keyNames: [String] { CodingKeys.allCases.map(\.rawValue) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case huberDelta, huberMaxIterations, huberTolerance, ransacSeed, ransacMaxTrials, ransacResidualThreshold, confidenceWeights
    }

    /// Decodes with the defaults for missing keys; rejects non-positive δ, budgets below 1
    /// and anything but three non-negative confidence weights.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = FusionVariantSettings()
        huberDelta = try c.decodeIfPresent(Double.self, forKey: .huberDelta) ?? d.huberDelta
        huberMaxIterations = try c.decodeIfPresent(Int.self, forKey: .huberMaxIterations) ?? d.huberMaxIterations
        huberTolerance = try c.decodeIfPresent(Double.self, forKey: .huberTolerance) ?? d.huberTolerance
        ransacSeed = try c.decodeSeedIfPresent(forKey: .ransacSeed) ?? d.ransacSeed
        ransacMaxTrials = try c.decodeIfPresent(Int.self, forKey: .ransacMaxTrials) ?? d.ransacMaxTrials
        ransacResidualThreshold = try c.decodeIfPresent(Double.self, forKey: .ransacResidualThreshold)
        confidenceWeights = try c.decodeIfPresent([Double].self, forKey: .confidenceWeights) ?? d.confidenceWeights
        guard huberDelta > 0, huberDelta.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .huberDelta, in: c, debugDescription: "must be a positive number")
        }
        guard huberMaxIterations >= 1, ransacMaxTrials >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .ransacMaxTrials, in: c, debugDescription: "iteration and trial budgets must be at least 1")
        }
        guard confidenceWeights.count == 3, confidenceWeights.allSatisfy({ $0 >= 0 && $0.isFinite }), confidenceWeights.contains(where: { $0 > 0 }) else {
            throw DecodingError.dataCorruptedError(forKey: .confidenceWeights, in: c, debugDescription: "must be three non-negative weights, one positive")
        }
    }
}

/// A fitted fusion model: how a relative inverse depth d becomes a metric depth ẑ.
public enum FusionModel: Equatable, Sendable {
    /// ẑ = 1 / max(s·d + t, floor).
    case inverseAffine(scale: Double, shift: Double, floor: Double)
    /// ẑ = clamp(s/d + t, range).
    case depthAffine(scale: Double, shift: Double, range: ClosedRange<Double>)
    /// The raw LiDAR depth (no network).
    case lidar

    /// The fused depth of a sample with inverse depth `d` and LiDAR depth `lidar` (NaN when
    /// the model cannot give one).
    public func depth(d: Double, lidar: Double) -> Double {
        switch self {
        case .inverseAffine(let s, let t, let floor): 1 / max(s * d + t, floor)
        case .depthAffine(let s, let t, let range): d > 0 ? min(max(s / d + t, range.lowerBound), range.upperBound) : .nan
        case .lidar: lidar
        }
    }

    /// (scale, shift) of the model; (NaN, NaN) for LiDAR.
    public var coefficients: (scale: Double, shift: Double) {
        switch self {
        case .inverseAffine(let s, let t, _), .depthAffine(let s, let t, _): (s, t)
        case .lidar: (.nan, .nan)
        }
    }

    /// `inverse_depth`, `depth` or `lidar`: the space the coefficients live in.
    public var space: String {
        switch self {
        case .inverseAffine: "inverse_depth"
        case .depthAffine: "depth"
        case .lidar: "lidar"
        }
    }
}

/// One variant's outcome on one set of pairs.
public struct VariantFusionResult: Equatable, Sendable {
    /// The variant.
    public var variant: DepthFusionVariant
    /// Box depth, metres: the median fused depth of the kept samples, or the raw LiDAR
    /// median on a fallback; nil without pairs.
    public var depth: Double?
    /// Why the variant fell back to the LiDAR median; nil when `depth` comes from the model.
    public var fallback: DepthFusionFallback?
    /// The model; nil on a fallback.
    public var model: FusionModel?
    /// Samples that passed the filters.
    public var pairs: Int
    /// Samples the final model was fitted on (after 2σ, the RANSAC consensus, |r| ≤ δ for Huber).
    public var inliers: Int
    /// 2-norm condition number of the final design matrix [x 1] (NaN when nothing was fitted).
    public var conditionNumber: Double
    /// IRLS iterations (Huber) or trials (RANSAC); 1 for one fit, 2 with a refit, 0 for none.
    public var iterations: Int
    /// Mean (u, v) of the in-mask samples, pixels (grids only).
    public var maskCentroid: SIMD2<Double>?
}
