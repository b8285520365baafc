extension AppDecision {
    /// The kinds of decision an app logs; the raw value is the `kind` column and JSON field.
    public enum Kind: String, CaseIterable, Codable, Sendable, Comparable {
        /// The instance layer filed a detection's observation: under a new instance or an existing one.
        case instance
        /// A re-anchor moved an existing instance's stored anchor.
        case anchorUpdate = "anchor_update"
        /// The absence sweep looked at an instance's stored anchor.
        case absenceLook = "absence_look"
        /// An instance's missing flag changed.
        case missingFlip = "missing_flip"
        /// While guiding, a fresh anchor took the lock.
        case lockOn = "lock_on"
        /// While guiding, the arrival state changed.
        case arrival
        /// Guidance to an instance started.
        case guidanceStart = "guidance_start"
        /// Guidance ended.
        case guidanceEnd = "guidance_end"

        /// The order of kinds within one frame, as the app decides them: the instance layer,
        /// guidance sessions starting, the absence sweep, lock-on and arrival, guidance ending.
        public var rank: Int {
            switch self {
            case .instance: 0
            case .anchorUpdate: 1
            case .guidanceStart: 2
            case .absenceLook: 3
            case .missingFlip: 4
            case .lockOn: 5
            case .arrival: 6
            case .guidanceEnd: 7
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool { a.rank < b.rank }

        /// The kind-specific fields a record of this kind must have (JSON names).
        public var requiredFields: [String] {
            switch self {
            case .instance: ["detection", "rule"]
            case .anchorUpdate: ["detection", "gap", "clamped", "snapped", "followed", "position"]
            case .absenceLook: ["look"]
            case .missingFlip: ["missing", "evidence"]
            case .lockOn: ["rule", "position"]
            case .arrival: ["state"]
            case .guidanceStart, .guidanceEnd: []
            }
        }

        /// The kind-specific fields a record of this kind may have (JSON names).
        public var optionalFields: [String] {
            switch self {
            case .instance: ["label", "position"]
            case .absenceLook: ["reason", "samples"]
            case .guidanceStart: ["position"]
            default: []
            }
        }
    }

    /// Which rule filed an observation under an instance (`instance` decisions).
    public enum MergeRule: String, CaseIterable, Codable, Sendable {
        /// No instance admitted it: a new instance was created at the raw position.
        case new
        /// Its tracker id already fed the instance (routed without a merge test).
        case sameTrack = "same_track"
        /// Within the near radius (0.35 m) with cosine ≥ the near cosine (0.80).
        case nearCosine = "near_cosine"
        /// Within the near radius with no embedding on one side.
        case nearNoEmbedding = "near_no_embedding"
        /// Beyond the near radius, within the 1 m veto, with cosine ≥ the far cosine (0.92).
        case farCosine = "far_cosine"
    }

    /// What one look of the absence sweep proved (`absence_look` decisions).
    public enum Look: String, CaseIterable, Codable, Sendable {
        /// In view, in range, a clear sightline, and no same-label box on the spot.
        case absent
        /// A same-label detection box covers the spot: a sighting.
        case covered
        /// Nothing can be concluded.
        case noEvidence = "no_evidence"
    }

    /// Why a look proved nothing.
    public enum NoEvidenceReason: String, CaseIterable, Codable, Sendable {
        /// Behind the camera or outside the image.
        case outOfView = "out_of_view"
        /// Farther than the range gate.
        case outOfRange = "out_of_range"
        /// LiDAR sees something nearer than the spot.
        case occluded
        /// No LiDAR depth at the spot.
        case noDepth = "no_depth"
    }

    /// One sample behind a missing flip.
    public struct EvidenceSample: Equatable, Sendable {
        /// The frame of the sample.
        public var frame: Int64
        /// The frame's capture time, seconds.
        public var time: Double
        /// What the sample was.
        public var look: EvidenceLook

        /// Creates a sample.
        public init(frame: Int64, time: Double, look: EvidenceLook) {
            self.frame = frame
            self.time = time
            self.look = look
        }
    }

    /// What an evidence sample was.
    public enum EvidenceLook: String, CaseIterable, Codable, Sendable {
        /// A counted absent look (behind a flip to missing).
        case absent
        /// A covered look (a sighting, behind a flip back).
        case covered
        /// A re-anchor of the instance (a sighting, behind a flip back).
        case reanchor
    }

    /// Which branch of the lock-on rule took the lock (`lock_on` decisions).
    public enum LockOnBranch: String, CaseIterable, Codable, Sendable {
        /// The fresh anchor is of the guided instance itself.
        case instance
        /// A same-class anchor within the lock-on radius of the target.
        case sameClass = "class"
    }

    /// The arrival state shown while guiding (`arrival` decisions).
    public enum ArrivalState: String, CaseIterable, Codable, Sendable {
        /// Not arrived.
        case notArrived = "none"
        /// Arrived by proximity alone (the dashed search area).
        case amber
        /// Arrived and confirmed by a live re-detection.
        case green
    }
}
