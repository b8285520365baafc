import EvalMetrics
import Recording
import Replay

/// Everything the viewer page shows of one recording, as plain values: the truth (objects and
/// where they were), the camera's path, every update of the replica's anchor registry, the
/// absence sweep's samples and flags, guidance, the metric events a report counts, the second
/// anchoring policy and, when the recording holds one, the app's decision log beside the
/// replicas' (Docs/viewer.md).
///
/// Built by ``SessionTimeline/build(_:name:configuration:)``, a pure function of the
/// recording and the replay configuration; rendered by ``ViewerPage``.
public struct SessionTimeline: Sendable, Equatable {
    /// The recording's name (its file name without extension).
    public var name: String
    /// Where the recording's ground truth comes from, as reports word it (spec.md#ground-truth-route).
    public var groundTruth: String = ""
    /// Every frame of the recording, in order.
    public var frames: [FrameTick]
    /// The constants the rules compared against (the replay configuration in use).
    public var constants: ReplayConfiguration
    /// The ground-truth objects.
    public var objects: [GroundTruthObject]
    /// Where each object was, over time.
    public var placements: [GroundTruthPlacement]
    /// The camera path thinned for drawing (``PathDecimation``); first and last frames kept.
    public var cameraPath: [PathSample]
    /// The replica's instances with their ground-truth association.
    public var instances: [InstanceInfo]
    /// Every registry update (creations, merges, re-anchors), in the order the registry took them.
    public var updates: [AnchorStep]
    /// Every other event on the timeline, in time order.
    public var events: [TimelineEvent]
    /// The second anchoring policy's (RealityRogue's label anchoring) anchor updates, in order.
    public var secondPolicy: [LabelAnchorStep]
    /// The app's and the replicas' decisions, when the recording holds an app decision log.
    public var parity: ParitySides?

    /// The time of the first frame, seconds (0 without frames).
    public var startTime: Double { frames.first?.time ?? 0 }
    /// The time of the last frame, seconds (0 without frames).
    public var endTime: Double { frames.last?.time ?? 0 }
}

/// One camera frame on the recording's clock.
public struct FrameTick: Sendable, Equatable {
    /// The frame number (`frames.frame`).
    public var index: Int64
    /// Its capture time, seconds.
    public var time: Double
}

/// One point of the (thinned) camera path, on the top-down plan.
public struct PathSample: Sendable, Equatable {
    /// Position of the frame in ``SessionTimeline/frames``.
    public var frame: Int
    /// Capture time, seconds.
    public var time: Double
    /// Camera centre, world metres.
    public var position: SIMD3<Double>
    /// Heading of the viewing direction on the plan: atan2 of its (x, z) components, radians.
    public var heading: Double

    /// Creates a sample from its parts.
    public init(frame: Int, time: Double, position: SIMD3<Double>, heading: Double) {
        self.frame = frame
        self.time = time
        self.position = position
        self.heading = heading
    }
}

/// A registry instance and what the ground truth says about it.
public struct InstanceInfo: Sendable, Equatable {
    /// The registry's instance id.
    public var id: Int
    /// Its label.
    public var label: String
    /// The associated object (majority of the detections that fed it; `AnchorAccuracy`), nil when none.
    public var object: Int64?
    /// The time from which detections of two or more objects had fed it (blended), nil when never.
    public var blendedFrom: Double?
    /// The time from which it was a second (or later) instance of its object (duplicate), nil when never.
    public var duplicateFrom: Double?
}

/// One update of the anchor registry: a creation, or an observation filed under an existing
/// instance and the re-anchor it caused.
public struct AnchorStep: Sendable, Equatable {
    /// Position of the update's frame in ``SessionTimeline/frames``.
    public var frame: Int
    /// Capture time, seconds.
    public var time: Double
    /// The instance.
    public var instance: Int
    /// What moved the anchor.
    public var kind: AnchorUpdateKind
    /// The rule that filed the observation under the instance; nil on creation.
    public var match: AnchorMatch?
    /// The stored anchor after the update, world metres.
    public var position: SIMD3<Double>
    /// The raw re-anchor gap before the update, metres; nil on creation.
    public var gap: Double?
    /// Appearance cosine between the observation and the instance before it, when both had one.
    public var cosine: Double?
    /// The ground-truth object the feeding detection saw (IoU ≥ 0.5), nil when none.
    public var seenObject: Int64?
}

/// One anchor update of the second anchoring policy.
public struct LabelAnchorStep: Sendable, Equatable {
    /// Position of the update's frame in ``SessionTimeline/frames``.
    public var frame: Int
    /// The anchor's id within the policy.
    public var anchor: Int
    /// Its label.
    public var label: String
    /// What happened (create, merge, confirm, expire).
    public var kind: LabelAnchorEventKind
    /// The anchor after the update, world metres.
    public var position: SIMD3<Double>
}

/// The lanes of the timeline, one per kind of event.
public enum EventLane: String, Sendable, Equatable, CaseIterable {
    /// Observations merged into an existing instance by a merge rule (not its own track).
    case merge
    /// Re-anchors, with their raw gap.
    case reanchor
    /// Absence samples counted and missing flips.
    case absence
    /// Lock-ons while guiding.
    case lock
    /// Arrival state changes (amber, green, none).
    case arrival
    /// Guidance requests (their span) and suggestion cards.
    case guidance
    /// The metric events a report counted.
    case metric
    /// Where parity's first divergence lies (with an app decision log).
    case parity
}

/// A metric event a run report counts, at the time it happened.
public enum MetricIncident: Sendable, Equatable {
    /// A flag to missing while the object was there (spec.md#metric-absence-outcomes).
    case falseMissing(instance: Int, object: Int64?)
    /// A correct flag to missing.
    case correctMissing(instance: Int, object: Int64?)
    /// A removal (or move) no flag found.
    case missedRemoval(object: Int64, moved: Bool)
    /// A removal (or move) found, with its latency, seconds.
    case foundRemoval(object: Int64, moved: Bool, latency: Double)
    /// A lock onto an instance of another object, or of none (spec.md#lockon-radius).
    case wrongTargetLock(request: Int64, instance: Int, object: Int64?)
    /// A green arrival with the requested object not within the departure radius (spec.md#metric-empty-arrival).
    case greenOverEmptySpace(request: Int64)
    /// The update at which an instance was first fed by a second object.
    case blended(instance: Int)
    /// The creation of a second instance of one object.
    case duplicate(instance: Int, object: Int64)
}

/// What one timeline event says; the values each rule compared are kept with it.
public enum EventDetail: Sendable, Equatable {
    /// An absent look counted: the instance's count after it (a flip at the configured number).
    case absentSample(count: Int)
    /// The missing flag changed: by a look (`byLook`) or cleared by a re-anchor of the instance.
    case missingFlip(missing: Bool, byLook: Bool)
    /// A lock: its branch, the raw observation's distance to where the target pointed, the
    /// appearance cosine with the target (when both had one), and whether the instance is of the requested object.
    case lock(reason: LockOnReason, distance: Double, cosine: Double?, onRequested: Bool)
    /// The reticle's new state: the camera's distance to the target, the age of the latest
    /// lock (nil when none), and whether the requested object stood within the departure radius.
    case arrival(state: ArrivalState, distance: Double, lockAge: Double?, objectThere: Bool)
    /// A guidance request over [time, end]: the object asked for, the start instance, the verdict.
    case request(id: Int64, object: Int64, end: Double, start: Int?, verdict: LockOnOutcome.Verdict)
    /// A suggestion card: the instance's distance from the camera and whether its object is really there.
    case suggestion(distance: Double, real: Bool)
    /// A metric event.
    case metric(MetricIncident)
    /// Parity's first divergence: the decision kind and the fields that differ ("only app", "only replicas" when one side alone decided).
    case divergence(kind: String, fields: String)
}

/// One event on the timeline.
public struct TimelineEvent: Sendable, Equatable {
    /// Its lane.
    public var lane: EventLane
    /// Position of its frame in ``SessionTimeline/frames``.
    public var frame: Int
    /// Capture time, seconds.
    public var time: Double
    /// The instance it concerns, when one.
    public var instance: Int?
    /// What it says.
    public var detail: EventDetail
}

/// One decision of a parity comparison, as the side-by-side panel lists it.
public struct DecisionLine: Sendable, Equatable {
    /// Position of its frame in ``SessionTimeline/frames``.
    public var frame: Int
    /// The decision kind (`instance`, `anchor_update`, …).
    public var kind: String
    /// The instance as the side names it.
    public var instance: String
    /// The kind-specific fields, in a few words.
    public var summary: String
}

/// The app's decision log and the replicas' decisions on the same inputs.
public struct ParitySides: Sendable, Equatable {
    /// The app's decisions, in frame order.
    public var app: [DecisionLine]
    /// The replicas' decisions, in frame order (instances named by registry id).
    public var replica: [DecisionLine]
    /// Agreement per decision kind, as parity prints it.
    public var agreement: [KindAgreement]
    /// Position in ``SessionTimeline/frames`` of the first divergence, nil when both agree throughout.
    public var firstDivergence: Int?
}

/// The agreement of one decision kind.
public struct KindAgreement: Sendable, Equatable {
    /// The decision kind.
    public var kind: String
    /// Agreeing pairs over all decisions of the kind, nil when neither side decided any.
    public var value: Double?
}
