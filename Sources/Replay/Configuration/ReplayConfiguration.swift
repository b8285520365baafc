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

    /// Creates a configuration; every default is the shipped constant. Which LiDAR samples
    /// count as depth is not an absence constant: the sweep uses depth fusion's confidence
    /// level, `DepthFusionConfiguration.minLidarConfidence` (spec.md#absence-over-recording).
    public init(
        budgetPerPass: Int = 3, absentSamples: Int = 3, minSampleSpacing: Double = 1,
        rangePerSize: Double = 10, minRange: Double = 2, maxRange: Double = 4, sightlineTolerance: Double = 0.15
    ) {
        self.budgetPerPass = budgetPerPass
        self.absentSamples = absentSamples
        self.minSampleSpacing = minSampleSpacing
        self.rangePerSize = rangePerSize
        self.minRange = minRange
        self.maxRange = maxRange
        self.sightlineTolerance = sightlineTolerance
    }
}

/// Constants of guidance: lock-on (spec.md#lockon-radius, spec.md#lockon-appearance-filter),
/// arrival (spec.md#arrival-hysteresis, spec.md#arrival-states) and the guided-class refresh
/// (spec.md#guidance-class-refresh).
public struct GuidanceConfiguration: Codable, Sendable, Equatable {
    /// A fresh same-class anchor within this distance of the target may take the lock
    /// (spec.md#lockon-radius: 0.35 m; the earlier value was 0.75 m).
    public var lockOnRadius: Double
    /// … when its instance's appearance has at least this cosine with the target's
    /// (spec.md#lockon-appearance-filter). The app gives no value; the merge's near-band
    /// 0.80 is assumed. −1 switches the filter off (every cosine passes): the earlier rule.
    public var lockOnCosine: Double
    /// Closer than this to the target counts as arrived, metres (spec.md#arrival-hysteresis: 0.85 m).
    public var arrivalRadius: Double
    /// Arrival is left again only beyond this distance, metres (spec.md#arrival-hysteresis: 1.1 m).
    public var departureRadius: Double
    /// Arrived turns green only when a lock (a gated live re-detection) confirmed the object
    /// within this many seconds; otherwise it is amber (spec.md#arrival-states: 2 s).
    public var confirmationWindow: Double
    /// False gives the earlier rule: arrival by proximity alone is green (spec.md#arrival-states).
    public var greenNeedsRedetection: Bool
    /// While guiding, the guided class is re-captured when it has not been captured for this
    /// many seconds (spec.md#guidance-class-refresh: about 1 s); 0 switches the refresh off.
    public var refreshPeriod: Double

    /// Creates a configuration; every default is the shipped constant.
    public init(
        lockOnRadius: Double = 0.35, lockOnCosine: Double = 0.80, arrivalRadius: Double = 0.85, departureRadius: Double = 1.1,
        confirmationWindow: Double = 2, greenNeedsRedetection: Bool = true, refreshPeriod: Double = 1
    ) {
        self.lockOnRadius = lockOnRadius
        self.lockOnCosine = lockOnCosine
        self.arrivalRadius = arrivalRadius
        self.departureRadius = departureRadius
        self.confirmationWindow = confirmationWindow
        self.greenNeedsRedetection = greenNeedsRedetection
        self.refreshPeriod = refreshPeriod
    }

    /// The rules before the app's "world moves" week (spec.md#twins-incident): lock-on by class
    /// and a 0.75 m radius without the appearance filter, and green arrival by proximity alone.
    public static let beforeTwinsIncident = GuidanceConfiguration(lockOnRadius: 0.75, lockOnCosine: -1, greenNeedsRedetection: false)
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
    /// RealityRogue's label anchoring, the second policy the main job compares (spec.md#label-anchoring).
    public var labelAnchoring: LabelAnchoringConfiguration

    /// Creates a configuration; every part defaults to the shipped constants.
    public init(
        tracker: TrackerConfiguration = .init(), depthFusion: DepthFusionConfiguration = .init(),
        anchors: AnchorConfiguration = .init(), absence: AbsenceConfiguration = .init(),
        guidance: GuidanceConfiguration = .init(), labelAnchoring: LabelAnchoringConfiguration = .init()
    ) {
        self.tracker = tracker
        self.depthFusion = depthFusion
        self.anchors = anchors
        self.absence = absence
        self.guidance = guidance
        self.labelAnchoring = labelAnchoring
    }

    enum CodingKeys: String, CodingKey { case tracker, depthFusion, anchors, absence, guidance, labelAnchoring }

    /// Decodes every part; `labelAnchoring`, added later, defaults to RealityRogue's constants
    /// when a stored configuration predates it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tracker = try c.decode(TrackerConfiguration.self, forKey: .tracker)
        depthFusion = try c.decode(DepthFusionConfiguration.self, forKey: .depthFusion)
        anchors = try c.decode(AnchorConfiguration.self, forKey: .anchors)
        absence = try c.decode(AbsenceConfiguration.self, forKey: .absence)
        guidance = try c.decode(GuidanceConfiguration.self, forKey: .guidance)
        labelAnchoring = try c.decodeIfPresent(LabelAnchoringConfiguration.self, forKey: .labelAnchoring) ?? .init()
    }
}
