/// Appearance embeddings: one unit vector per identity, noisy per view.
///
/// Identity vectors are built from orthonormal parts so their cosines are exact: every
/// object shares a class part (cosine `sameClassCosine` between same-class objects) and
/// twins share a group part on top (identity cross-cosine drawn per group from
/// `twinCosineRange`). Each view adds noise of a strength drawn per view from
/// `viewNoiseRange` (viewpoint, light and crop change from look to look), so same-object
/// cosines across views and twin cross-cosines come from overlapping distributions.
///
/// *Our assumption* (spec.md#sim-embeddings): no public figure gives the cosine distributions of
/// one object across viewpoints or of look-alike twins for MobileCLIP-class embeddings; the
/// defaults make twins hard (a twin's views are about as close to each other as to the
/// object's own other views), and nothing is set from the app's merge thresholds.
public struct EmbeddingModel: Equatable, Sendable, Codable {
    /// Embedding length (MobileCLIP2-S2 image embeddings, spec.md#sim-embeddings).
    public var dimension: Int = 512
    /// Cosine between identities of one class that are not twins (class-mates sit close).
    public var sameClassCosine: Double = 0.5
    /// Range of twin identity cross-cosines, one value per twin group drawn uniformly:
    /// from "same product, different label" to "indistinguishable".
    public var twinCosineRange: [Double] = [0.85, 0.99]
    /// Range of the per-view noise strength σ, drawn uniformly per view: a view is
    /// `normalize(identity + σ · g/√dimension)`, g standard normal, so its cosine to the
    /// identity is about 1/√(1 + σ²) (0.96 at σ = 0.3, 0.78 at σ = 0.8) and two views of one
    /// object meet at about the product of theirs.
    public var viewNoiseRange: [Double] = [0.3, 0.8]

    /// The default embedding model.
    public init() {}
}

/// LiDAR depth on a detection's grid and in the whole-frame maps.
///
/// Confidence, valid range and range noise are measured on three real iPhone captures
/// (`lidar-confidence.json`); the silhouette model replays real ARKit scene depth
/// (`lidar-edges.json`, Data/error-models/SOURCES.md).
public struct LidarModel: Equatable, Sendable, Codable {
    /// Valid range, metres; NaN outside. The far end is the deepest reading of the real
    /// captures (16.3 m in the corridor; beyond about 6 m all of it at confidence 0); the near
    /// end is *our assumption*.
    public var validRange: [Double] = [0.05, ErrorModelTables.lidarFarMetres]
    /// Noise standard deviation `noiseBase + noisePerSquareMetre · z²`, metres: fitted to the
    /// disagreement of real frame pairs 0.2 s apart (`lidar-confidence.json`: 1.2 mm at
    /// 0.5 m, 1.1 cm at 2.5–3 m, 2.7 cm at 4.5–5 m; an upper bound, pose error included).
    public var noiseBase: Double = ErrorModelTables.lidarNoiseBase
    /// Quadratic noise growth with depth.
    public var noisePerSquareMetre: Double = ErrorModelTables.lidarNoisePerSquareMetre
    /// Depth step, metres, between a sample and a 4-neighbour that makes it a silhouette
    /// sample (the bend threshold `derive.py` used on the ARKit map).
    public var silhouetteStep: Double = 0.1
    /// Whether a silhouette sample reads a depth between its own and its neighbour's surface
    /// with the mixing fractions measured on real ARKit scene depth (`lidar-edges.json`:
    /// about half of ARKit's silhouette pixels lie 10–90 % of the way between the surfaces).
    public var measuredEdgeMixing: Bool = true
    /// Whether confidence is drawn from the shares measured on real captures by depth and
    /// distance to a silhouette (`LidarConfidence.measured`); false: the depth thresholds below,
    /// at most medium at silhouettes (simulator 3's assumption).
    public var measuredConfidence: Bool = true
    /// Depth beyond which confidence drops from high (2) to medium (1), metres, when
    /// `measuredConfidence` is off (*our assumption*).
    public var highConfidenceDepth: Double = 3
    /// Depth beyond which confidence drops to low (0), metres, when `measuredConfidence` is off
    /// (*our assumption*).
    public var mediumConfidenceDepth: Double = 5

    /// The default LiDAR model.
    public init() {}
}

/// The subject mask on each grid and the silhouette it selects from: objects show through
/// real instance-mask silhouettes (the rest of their box shows the background behind them), and
/// the predicted mask leaks onto that background or erodes the subject by an amount tied to a
/// published mask-quality figure — the heavy tail of bad depth fits (spec.md#sim-segmentation).
public struct SegmentationModel: Equatable, Sendable, Codable {
    /// Probability that a silhouette sample's mask flag is flipped (segmentation boundaries
    /// are soft; *our assumption*).
    public var boundaryFlipProbability: Double = 0.2
    /// Whether each grid's subject shows through a silhouette template measured from real COCO
    /// instance polygons of its label (`silhouettes.json`; false: the object fills its box).
    public var silhouettes: Bool = true
    /// Mean IoU of the predicted mask with the true one: 0.745, the COCO mask mIoU with
    /// ground-truth box prompts of a SAM whose image encoder is distilled to a small one (the
    /// MobileSAM recipe), as the EdgeSAM paper reports it (Zhou, Li, Loy & Dai 2023, "EdgeSAM:
    /// Prompt-In-the-Loop Distillation for On-Device Deployment of SAM": 77.3 for SAM ViT-H,
    /// 74.5 distilled). It stands for the app's SAM 2.1 Tiny, for which no such figure is published.
    public var meanMaskIoU: Double = 0.745
    /// Factor on the mask error 1 − IoU (1: the published figure; 0: a perfect mask; the
    /// heavy-tail variants sweep it).
    public var maskErrorScale: Double = 1
    /// Share of mask errors that are leaks onto the background (the rest erode the subject):
    /// *our assumption* (no source splits the IoU shortfall by kind).
    public var leakShare: Double = 0.5

    /// The default segmentation model.
    public init() {}
}

/// The relative inverse-depth network (Depth Anything V2 class, spec.md#sim-depth-network).
///
/// Output `d = s·(1/z)·(1 + ρ(u, v)) + t`: s and t drawn per frame (the affine ambiguity the
/// fusion fits), ρ the relative residual of a real prediction against its ground truth after
/// the same affine fit (`depth-residuals.json`, Prior-Depth-Anything sample-1), read as a patch
/// at a random place per grid, so its spatial structure (smooth surface-level errors, edges)
/// survives.
public struct DepthNetworkModel: Equatable, Sendable, Codable {
    /// The network variant simulated.
    public var variant: DepthNetworkVariant = .full
    /// Range of the per-frame scale s (arbitrary: the fusion fits it away).
    public var scaleRange: [Double] = [2, 8]
    /// Range of the per-frame shift t (arbitrary: the fusion fits it away).
    public var shiftRange: [Double] = [-0.3, 0.3]
    /// Factor on the replayed residual field (1: as measured).
    public var residualScale: Double = 1
    /// Focal length, pixels, of the frame the residual field was measured on, to map our
    /// pixels onto it at the same angular scale (*our assumption*: the sample is undocumented;
    /// 577.9 px is ScanNet's 640 × 480 colour focal length, which the frame resembles).
    public var residualFieldFocalPixels: Double = 577.9
    /// How the fast (364-px) pass's residual relates to the full pass's (spec.md#sim-fast-pass).
    public var fastPassResidual: FastPassResidual = .independent

    /// The default network model.
    public init() {}
}

/// The resolution at which the depth network runs (spec.md#sim-fast-pass).
public enum DepthNetworkVariant: String, Equatable, Sendable, Codable, CaseIterable {
    /// The 518-px reference pass.
    case full
    /// The 364-px fast pass.
    case fast
}

/// How the fast pass's residual relates to the full pass's; no source pairs the two
/// resolutions, so the choices are the two bounds (spec.md#sim-fast-pass).
public enum FastPassResidual: String, Equatable, Sendable, Codable, CaseIterable {
    /// The full pass's residual plus what the same real prediction loses at 364/518 of its
    /// resolution: errors fully shared between the passes (the agreement's upper bound).
    case shared
    /// A residual patch drawn independently of the full pass's, plus the resolution loss:
    /// errors not shared at all (the agreement's lower bound, the conservative default).
    case independent
}
