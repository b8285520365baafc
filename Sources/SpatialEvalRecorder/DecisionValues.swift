/// The decisions of the app's object memory, schema version 2 of the recording format
/// (`Docs/app-decision-logs.md`): one ``RecordedDecision`` per event, written as a
/// `decision` record that `spatial-eval parity` compares with the replicas.

/// Why the instance layer filed a detection under an instance.
public enum MergeRule: String, Sendable, CaseIterable {
    /// No instance admitted it: a new instance was created.
    case new
    /// Its track already fed this instance.
    case sameTrack = "same_track"
    /// Within the near radius with embedding cosine at least the near threshold.
    case nearCosine = "near_cosine"
    /// Within the near radius, no embedding on one side.
    case nearNoEmbedding = "near_no_embedding"
    /// Beyond the near radius, within the far veto, cosine at least the far threshold.
    case farCosine = "far_cosine"
}

/// What one look of the absence sweep proved.
public enum AbsenceLook: String, Sendable, CaseIterable {
    /// In view, in range, clear sightline, nothing of the label on the spot.
    case absent
    /// A same-label box covers the spot (a sighting).
    case covered
    /// The look proved nothing.
    case noEvidence = "no_evidence"
}

/// Why a look proved nothing.
public enum NoEvidenceReason: String, Sendable, CaseIterable {
    /// The spot was outside the image.
    case outOfView = "out_of_view"
    /// Beyond the range gate.
    case outOfRange = "out_of_range"
    /// LiDAR saw something nearer.
    case occluded
    /// No depth there.
    case noDepth = "no_depth"
}

/// A sample behind a missing flip.
public enum EvidenceLook: String, Sendable, CaseIterable {
    /// A counted absent look (behind a flip to missing).
    case absent
    /// A covering look (the sighting behind a flip back).
    case covered
    /// A re-anchor (the sighting behind a flip back).
    case reanchor
}

/// The branch of the lock-on rule that took the lock.
public enum LockOnRule: String, Sendable, CaseIterable {
    /// The guided instance itself was re-anchored.
    case instance
    /// A same-class anchor within the lock-on radius.
    case `class`
}

/// The arrival reticle's state.
public enum ArrivalState: String, Sendable, CaseIterable {
    /// Not arrived.
    case none
    /// Arrived by proximity alone.
    case amber
    /// Arrived and confirmed by a live re-detection.
    case green
}

/// One sample behind a missing flip: the frame (its `t` is taken from the frame) and the look.
public struct FlipEvidence: Sendable, Equatable {
    /// The sample's frame.
    public var frame: Int64
    /// What it was.
    public var look: EvidenceLook

    /// Creates a sample.
    public init(frame: Int64, look: EvidenceLook) {
        self.frame = frame
        self.look = look
    }
}

/// What a decision decided, with the fields of its kind (`Docs/app-decision-logs.md#fields`).
public enum DecisionEvent: Sendable, Equatable {
    /// The instance layer filed `detection` under the decision's instance; `position` (the
    /// new anchor) with rule `new` only.
    case instance(detection: Int64, rule: MergeRule, position: WorldPoint?, label: String?)
    /// A re-anchor: the raw gap before the update, which rule moved it, the anchor after.
    case anchorUpdate(detection: Int64, gap: Double, clamped: Bool, snapped: Bool, followed: Bool, position: WorldPoint)
    /// One look of the absence sweep; `samples` = absent samples counted after it.
    case absenceLook(look: AbsenceLook, reason: NoEvidenceReason?, samples: Int?)
    /// The missing flag changed to `missing`, on the evidence listed oldest first.
    case missingFlip(missing: Bool, evidence: [FlipEvidence])
    /// Guidance to the instance starts; `position` = where the target points.
    case guidanceStart(position: WorldPoint?)
    /// While guiding, a fresh anchor took the lock.
    case lockOn(rule: LockOnRule, position: WorldPoint)
    /// While guiding, the arrival state changed.
    case arrival(state: ArrivalState)
    /// The last frame guided.
    case guidanceEnd

    /// The record's `kind`.
    public var kind: String {
        switch self {
        case .instance: "instance"
        case .anchorUpdate: "anchor_update"
        case .absenceLook: "absence_look"
        case .missingFlip: "missing_flip"
        case .guidanceStart: "guidance_start"
        case .lockOn: "lock_on"
        case .arrival: "arrival"
        case .guidanceEnd: "guidance_end"
        }
    }
}

/// One logged decision: on which frame, about which instance, and what was decided.
public struct RecordedDecision: Sendable, Equatable {
    /// Unique among decisions, in logging order; nil lets the importer number it.
    public var id: Int64?
    /// The frame the decision was taken on (its `t` is taken from the frame).
    public var frame: Int64
    /// The app's instance id the decision is about.
    public var instance: String
    /// What was decided.
    public var event: DecisionEvent

    /// Creates a decision.
    public init(id: Int64? = nil, frame: Int64, instance: String, event: DecisionEvent) {
        self.id = id
        self.frame = frame
        self.instance = instance
        self.event = event
    }
}
