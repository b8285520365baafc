/// Constants of the anchor registry: instance merge (seed 000 §5.3, §7.1) and anchor
/// update (seed 000 §5.3, §7.3); design.md §1 "anchor update" and "instance merge".
public struct AnchorConfiguration: Codable, Sendable, Equatable {
    /// Cosine similarity that suffices to merge within `nearRadius` (seed §7.1: 0.80).
    public var nearCosine: Double
    /// Radius of the permissive band, metres (seed §7.1: 0.35 m).
    public var nearRadius: Double
    /// Cosine required to merge between `nearRadius` and `farRadius` (seed §7.1: 0.92).
    public var farCosine: Double
    /// Beyond this distance two anchors never merge (seed §5.3, §7.1: 1 m veto).
    public var farRadius: Double
    /// Weight of a raw observation in the anchor EMA. The seed does not state it; 0.3 is assumed.
    public var emaWeight: Double
    /// No single EMA step moves an anchor further than this, metres (seed §5.3: 0.15 m).
    public var stepClamp: Double
    /// How many latest raw observations the consensus snap looks at (seed §7.3: 3).
    public var consensusCount: Int
    /// Each of them must lie at least this far from the stored anchor (seed §7.3: 0.5 m).
    public var consensusMinDistance: Double
    /// And they must agree pairwise within this distance (seed §7.3: 0.3 m).
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

/// Constants of the absence sweep (seed 000 §7.2; design.md §1 "absence sweep").
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
    /// means an occluder: no evidence. The seed gives no value; 0.15 m is assumed.
    public var sightlineTolerance: Double
    /// LiDAR samples below this confidence count as no depth (0 low, 1 medium, 2 high). The
    /// seed does not say; medium (1) is assumed, as ARKit's low-confidence depth is unreliable.
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

/// Constants of lock-on (seed 000 §6.2, §7.1) and arrival (seed 000 §5.4).
public struct GuidanceConfiguration: Codable, Sendable, Equatable {
    /// A fresh same-class anchor within this distance of the target takes the lock
    /// (seed §7.1: 0.35 m; the earlier §6.2 value was 0.75 m).
    public var lockOnRadius: Double
    /// Closer than this to the target counts as found, metres (seed §5.4: 0.85 m).
    public var arrivalRadius: Double
    /// Found is lost again only beyond this distance, metres (seed §5.4: 1.1 m).
    public var departureRadius: Double

    /// Creates a configuration; every default is the shipped constant.
    public init(lockOnRadius: Double = 0.35, arrivalRadius: Double = 0.85, departureRadius: Double = 1.1) {
        self.lockOnRadius = lockOnRadius
        self.arrivalRadius = arrivalRadius
        self.departureRadius = departureRadius
    }
}

/// Constants of RealityRogue's label anchoring (seed 004 §4; design.md §1 "label anchoring").
public struct LabelAnchoringConfiguration: Codable, Sendable, Equatable {
    /// Merge radius per metre of camera distance (seed 004: ~0.15 m at 1 m).
    public var radiusPerMetre: Double
    /// An anchor is shown (confirmed) after this many hits (seed 004: three).
    public var confirmHits: Int
    /// Weight of a new observation in the position EMA (seed 004: `mix(…, t: 0.25)`).
    public var emaWeight: Double
    /// An anchor in the frustum missed by this many consecutive detector runs expires
    /// (seed 004: "several"; 5 is assumed).
    public var expireAfterMisses: Int

    /// Creates a configuration; every default is the shipped constant.
    public init(radiusPerMetre: Double = 0.15, confirmHits: Int = 3, emaWeight: Double = 0.25, expireAfterMisses: Int = 5) {
        self.radiusPerMetre = radiusPerMetre
        self.confirmHits = confirmHits
        self.emaWeight = emaWeight
        self.expireAfterMisses = expireAfterMisses
    }
}

/// Every replica's constants in one value; defaults are the shipped system (design.md §1).
public struct ReplayConfiguration: Codable, Sendable, Equatable {
    /// The tracker (seed 000 §4.1).
    public var tracker: TrackerConfiguration
    /// Depth fusion (seed 000 §5.2).
    public var depthFusion: DepthFusionConfiguration
    /// Anchor merge and update (seed 000 §5.3, §7.1, §7.3).
    public var anchors: AnchorConfiguration
    /// The absence sweep (seed 000 §7.2).
    public var absence: AbsenceConfiguration
    /// Lock-on and arrival (seed 000 §5.4, §6.2, §7.1).
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
