/// Constants of the anchor registry: instance merge (spec.md#merge-graduated, spec.md#merge-veto) and anchor
/// update (spec.md#anchor-ema-clamp, spec.md#anchor-consensus-snap).
public struct AnchorConfiguration: Codable, Sendable, Equatable {
    /// Cosine similarity that suffices to merge within `nearRadius` (spec.md#merge-graduated: 0.80).
    public var nearCosine: Double
    /// Radius of the permissive band, metres (spec.md#merge-graduated: 0.35 m).
    public var nearRadius: Double
    /// Cosine required to merge between `nearRadius` and `farRadius` (spec.md#merge-graduated: 0.92).
    public var farCosine: Double
    /// Beyond this distance two anchors never merge (spec.md#merge-veto: 1 m veto).
    public var farRadius: Double
    /// Weight of a raw observation in the anchor EMA. The app does not state it; 0.3 is assumed (spec.md#anchor-ema-clamp).
    public var emaWeight: Double
    /// No single EMA step moves an anchor further than this, metres (spec.md#anchor-ema-clamp: 0.15 m).
    public var stepClamp: Double
    /// How many latest raw observations the consensus snap looks at (spec.md#anchor-consensus-snap: 3).
    public var consensusCount: Int
    /// Each of them must lie at least this far from the stored anchor (spec.md#anchor-consensus-snap: 0.5 m).
    public var consensusMinDistance: Double
    /// And they must agree pairwise within this distance (spec.md#anchor-consensus-snap: 0.3 m).
    public var consensusAgreement: Double

    /// Creates a configuration; every default is the shipped constant.
    public init(
        nearCosine: Double = 0.80, nearRadius: Double = 0.35, farCosine: Double = 0.92, farRadius: Double = 1.0,
        emaWeight: Double = 0.3, stepClamp: Double = 0.15, consensusCount: Int = 3,
        consensusMinDistance: Double = 0.5, consensusAgreement: Double = 0.3
    ) {
        self.nearCosine = nearCosine
        self.nearRadius = nearRadius
        self.farCosine = farCosine
        self.farRadius = farRadius
        self.emaWeight = emaWeight
        self.stepClamp = stepClamp
        self.consensusCount = consensusCount
        self.consensusMinDistance = consensusMinDistance
        self.consensusAgreement = consensusAgreement
    }
}

/// Constants of the absence sweep (spec.md#absence).
public struct AbsenceConfiguration: Codable, Sendable, Equatable {
    /// At most this many instances are looked at per perception pass, round-robin (3).
    public var budgetPerPass: Int
    /// This many absent samples flip an instance to missing (3).
    public var absentSamples: Int
    /// Absent samples count only when at least this far apart in time, seconds (1 s).
    public var minSampleSpacing: Double
    /// The range gate is the object's size times this factor (×10) …
    public var rangePerSize: Double
    /// … clamped below at this range, metres (2 m) …
    public var minRange: Double
    /// … and above at this range, metres (4 m).
    public var maxRange: Double
    /// LiDAR depth at the spot shorter than the anchor's depth by more than this, metres,
    /// means an occluder: no evidence. The app gives no value; 0.15 m is assumed (spec.md#absence-sightline).
    public var sightlineTolerance: Double
    /// LiDAR samples below this confidence count as no depth (0 low, 1 medium, 2 high). The
    /// app does not say; medium (1) is assumed (spec.md#absence-over-recording), as ARKit's low-confidence depth is unreliable.
    public var minimumLidarConfidence: Int

    /// Creates a configuration; every default is the shipped constant.
    public init(
        budgetPerPass: Int = 3, absentSamples: Int = 3, minSampleSpacing: Double = 1,
        rangePerSize: Double = 10, minRange: Double = 2, maxRange: Double = 4, sightlineTolerance: Double = 0.15,
        minimumLidarConfidence: Int = 1
    ) {
        self.budgetPerPass = budgetPerPass
        self.absentSamples = absentSamples
        self.minSampleSpacing = minSampleSpacing
        self.rangePerSize = rangePerSize
        self.minRange = minRange
        self.maxRange = maxRange
        self.sightlineTolerance = sightlineTolerance
        self.minimumLidarConfidence = minimumLidarConfidence
    }
}

/// Constants of lock-on (spec.md#lockon-radius) and arrival (spec.md#arrival-hysteresis).
public struct GuidanceConfiguration: Codable, Sendable, Equatable {
    /// A fresh same-class anchor within this distance of the target takes the lock
    /// (spec.md#lockon-radius: 0.35 m; the earlier value was 0.75 m).
    public var lockOnRadius: Double
    /// Closer than this to the target counts as found, metres (spec.md#arrival-hysteresis: 0.85 m).
    public var arrivalRadius: Double
    /// Found is lost again only beyond this distance, metres (spec.md#arrival-hysteresis: 1.1 m).
    public var departureRadius: Double

    /// Creates a configuration; every default is the shipped constant.
    public init(lockOnRadius: Double = 0.35, arrivalRadius: Double = 0.85, departureRadius: Double = 1.1) {
        self.lockOnRadius = lockOnRadius
        self.arrivalRadius = arrivalRadius
        self.departureRadius = departureRadius
    }
}

/// Constants of RealityRogue's label anchoring (spec.md#label-anchoring).
public struct LabelAnchoringConfiguration: Codable, Sendable, Equatable {
    /// Merge radius per metre of camera distance (spec.md#label-anchoring-merge-radius: ~0.15 m at 1 m).
    public var radiusPerMetre: Double
    /// An anchor is shown (confirmed) after this many hits (spec.md#label-anchoring-confirm: three).
    public var confirmHits: Int
    /// Weight of a new observation in the position EMA (spec.md#label-anchoring-ema: `mix(…, t: 0.25)`).
    public var emaWeight: Double
    /// An anchor in the frustum missed by this many consecutive detector runs expires
    /// (spec.md#label-anchoring-expiry: "several"; 5 is assumed).
    public var expireAfterMisses: Int

    /// Creates a configuration; every default is the shipped constant.
    public init(radiusPerMetre: Double = 0.15, confirmHits: Int = 3, emaWeight: Double = 0.25, expireAfterMisses: Int = 5) {
        self.radiusPerMetre = radiusPerMetre
        self.confirmHits = confirmHits
        self.emaWeight = emaWeight
        self.expireAfterMisses = expireAfterMisses
    }
}

/// Every replica's constants in one value; defaults are the shipped system (spec.md#shipped-constants).
public struct ReplayConfiguration: Codable, Sendable, Equatable {
    /// The tracker (spec.md#tracker).
    public var tracker: TrackerConfiguration
    /// Depth fusion (spec.md#fusion).
    public var depthFusion: DepthFusionConfiguration
    /// Anchor merge and update (spec.md#anchors).
    public var anchors: AnchorConfiguration
    /// The absence sweep (spec.md#absence).
    public var absence: AbsenceConfiguration
    /// Lock-on and arrival (spec.md#guidance).
    public var guidance: GuidanceConfiguration

    /// Creates a configuration; every part defaults to the shipped constants.
    public init(
        tracker: TrackerConfiguration = .init(), depthFusion: DepthFusionConfiguration = .init(),
        anchors: AnchorConfiguration = .init(), absence: AbsenceConfiguration = .init(),
        guidance: GuidanceConfiguration = .init()
    ) {
        self.tracker = tracker
        self.depthFusion = depthFusion
        self.anchors = anchors
        self.absence = absence
        self.guidance = guidance
    }
}
