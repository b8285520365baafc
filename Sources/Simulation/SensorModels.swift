/// Appearance embeddings: one unit vector per identity, noisy per view.
///
/// Identity vectors are built from orthonormal parts so their cosines are exact: every
/// object shares a class part (cosine `sameClassCosine` between same-class objects) and
/// twins share a group part on top (cross-cosine drawn per group from `twinCosineRange`).
public struct EmbeddingModel: Equatable, Sendable, Codable {
    /// Embedding length (MobileCLIP2-S2 image embeddings, spec.md#sim-embeddings).
    public var dimension: Int = 512
    /// Cosine between identities of one class that are not twins (spec.md#sim-embeddings: embedding
    /// recall@3 was 0.40, zero on bottle and keyboard: class-mates sit close).
    public var sameClassCosine: Double = 0.5
    /// Range of twin cross-cosines, one value per twin group (spec.md#merge-graduated: 0.92 is "above
    /// every measured twin cross-cosine", 0.80 merges within 0.35 m).
    public var twinCosineRange: [Double] = [0.80, 0.91]
    /// Per-view noise: a view is `normalize(identity + viewNoise · g/√dimension)`, g standard
    /// normal, so a view's cosine to its identity is about 1/√(1 + viewNoise²) ≈ 0.96.
    public var viewNoise: Double = 0.3

    /// The default embedding model.
    public init() {}
}

/// LiDAR depth on a detection's grid.
public struct LidarModel: Equatable, Sendable, Codable {
    /// Valid range, metres (spec.md#fusion-sample-filter: LiDAR valid in 0.1–8 m); NaN outside.
    public var validRange: [Double] = [0.1, 8]
    /// Noise standard deviation `noiseBase + noisePerSquareMetre · z²`, metres (spec.md#sim-lidar:
    /// "metric but sparse and noisy"; ~1 cm at 1 m as for ARKit's scene depth).
    public var noiseBase: Double = 0.005
    /// Quadratic noise growth with depth.
    public var noisePerSquareMetre: Double = 0.005
    /// Probability that a silhouette sample (a grid neighbour sees a surface more than
    /// `silhouetteStep` metres away) returns a mixed, wrong depth (spec.md#fusion-outlier-refit "edge noise",
    /// the reason for the 2σ residual rejection).
    public var edgeBleedProbability: Double = 0.5
    /// Depth step, metres, that makes a sample a silhouette sample.
    public var silhouetteStep: Double = 0.1
    /// Depth beyond which confidence drops from high (2) to medium (1), metres.
    public var highConfidenceDepth: Double = 3
    /// Depth beyond which confidence drops to low (0), metres.
    public var mediumConfidenceDepth: Double = 5
    /// Probability that a silhouette sample's subject-mask flag is flipped (segmentation
    /// boundaries are soft; spec.md#sim-lidar on mask misalignment).
    public var maskBoundaryFlipProbability: Double = 0.2

    /// The default LiDAR model.
    public init() {}
}

/// The relative inverse-depth network (Depth Anything V2 class, spec.md#sim-depth-network).
///
/// Output `d = s·(1/z)·(1 + distortion(u, v)) + t + N(0, relativeNoise·s/z)`, s and t
/// drawn per frame, distortion a smooth field over the image.
public struct DepthNetworkModel: Equatable, Sendable, Codable {
    /// The network variant simulated.
    public var variant: DepthNetworkVariant = .full
    /// Range of the per-frame scale s (spec.md#fusion-inverse-depth-fit: the ambiguity is exactly affine).
    public var scaleRange: [Double] = [2, 8]
    /// Range of the per-frame shift t.
    public var shiftRange: [Double] = [-0.3, 0.3]
    /// Amplitude of the smooth multiplicative distortion.
    public var distortionAmplitude: Double = 0.03
    /// Relative per-sample noise of the full (518 px) variant.
    public var relativeNoise: Double = 0.01
    /// Extra relative noise of the fast (364 px) variant (spec.md#sim-fast-pass): the app measured Pearson
    /// r = 0.984 and 3.5 % mean absolute error against the full pass. A Gaussian
    /// difference with MAE 3.5 % has σ ≈ 4.39 %; with the full pass's own 1 % that leaves
    /// about 4.15 % for the fast pass's extra noise.
    public var fastVariantExtraNoise: Double = 0.0415

    /// The default network model.
    public init() {}

    /// The relative noise of the configured variant.
    public var effectiveNoise: Double {
        variant == .full ? relativeNoise : (relativeNoise * relativeNoise + fastVariantExtraNoise * fastVariantExtraNoise).squareRoot()
    }
}

/// The resolution at which the depth network runs (spec.md#sim-fast-pass).
public enum DepthNetworkVariant: String, Equatable, Sendable, Codable, CaseIterable {
    /// The 518-px reference pass.
    case full
    /// The 364-px fast pass.
    case fast
}
