/// The object a guidance session walks the user to.
public struct GuidanceTarget: Equatable, Sendable {
    /// The instance the user asked for.
    public var instance: Int
    /// Its label.
    public var label: String
    /// Where guidance currently points, world metres.
    public var position: SIMD3<Double>
    /// The instance's appearance (spec.md#anchor-instance-appearance); nil while it has none.
    public var appearance: [Float]?

    /// Creates a target from its parts.
    public init(instance: Int, label: String, position: SIMD3<Double>, appearance: [Float]? = nil) {
        self.instance = instance
        self.label = label
        self.position = position
        self.appearance = appearance
    }
}

/// A fresh anchor offered to lock-on: one registry update on a guided frame.
public struct FreshAnchor: Equatable, Sendable {
    /// The instance the observation was filed under.
    public var instance: Int
    /// Its label.
    public var label: String
    /// The raw live observation fed to the registry, world metres (spec.md#lockon-fresh-observation).
    public var observed: SIMD3<Double>
    /// The instance's stored anchor after the update, world metres (what the map shows).
    public var stored: SIMD3<Double>
    /// The instance's appearance after the update.
    public var appearance: [Float]?

    /// Creates a fresh anchor from its parts.
    public init(instance: Int, label: String, observed: SIMD3<Double>, stored: SIMD3<Double>, appearance: [Float]? = nil) {
        self.instance = instance
        self.label = label
        self.observed = observed
        self.stored = stored
        self.appearance = appearance
    }

    /// The fresh anchor of registry update `event` of an instance labelled `label`.
    public init(_ event: AnchorEvent, label: String) {
        self.init(instance: event.instance, label: label, observed: event.raw, stored: event.after, appearance: event.appearance)
    }
}

/// Why a fresh anchor took the lock (spec.md#lockon-radius).
public enum LockOnReason: String, Codable, Sendable, Equatable {
    /// The fresh anchor is of the target's own instance (ungated).
    case instanceMatch
    /// A same-class anchor landed within the lock-on radius of the target and passed the
    /// appearance filter.
    case sameClassNearby
}

/// The reticle's state (spec.md#arrival-states).
public enum ArrivalState: String, Codable, Sendable, Equatable, CaseIterable {
    /// Not arrived: the camera is not within the arrival hysteresis of the target.
    case none
    /// Arrived by proximity alone: an enlarged dashed search area.
    case amber
    /// Arrived and a gated live re-detection confirmed the object recently: found, with the haptic.
    case green
}

/// A suggestion card: another same-class object the memory holds, offered while the user
/// stands at an unconfirmed target, never retargeted to (spec.md#lockon-appearance-filter).
public struct GuidanceSuggestion: Equatable, Sendable {
    /// The instance suggested.
    public var instance: Int
    /// Where it is mapped (its stored anchor), world metres.
    public var position: SIMD3<Double>
    /// Its distance from the camera, metres ("another bottle is mapped 0.7 m from you").
    public var distance: Double

    /// Creates a suggestion from its parts.
    public init(instance: Int, position: SIMD3<Double>, distance: Double) {
        self.instance = instance
        self.position = position
        self.distance = distance
    }
}

/// Lock-on, arrival and suggestion cards while guiding to one target (spec.md#guidance).
///
/// Lock-on: a fresh anchor of the target's own instance takes the lock (ungated); one of
/// another instance takes it when it has the target's label, its raw observation lies
/// within `lockOnRadius` (0.35 m) of where the target points, and its instance's appearance
/// has a cosine of at least `lockOnCosine` with the target's (when both have one). The
/// target then moves to the raw observation. Arrival is hysteretic (inside `arrivalRadius`,
/// left beyond `departureRadius`); arrived is green when a lock came within
/// `confirmationWindow` seconds, amber otherwise. Same-class anchors of other instances that
/// lock-on rejected during the session are offered as suggestion cards, each once, while the
/// reticle is amber (the user stands at an unconfirmed target).
public struct GuidanceSession: Sendable {
    /// The constants in use.
    public let configuration: GuidanceConfiguration
    /// The target, as lock-on has moved it.
    public private(set) var target: GuidanceTarget
    /// The reticle's current state.
    public private(set) var arrival: ArrivalState = .none
    /// Whether the camera is within the arrival hysteresis.
    public private(set) var isNear = false
    /// Time of the latest lock, seconds.
    public private(set) var lastLock: Double?
    /// Same-class anchors lock-on rejected and not yet suggested, latest per instance.
    private var rejected: [Int: FreshAnchor] = [:]
    private var suggested: Set<Int> = []

    /// Starts guiding to `target`.
    public init(target: GuidanceTarget, configuration: GuidanceConfiguration = .init()) {
        self.target = target
        self.configuration = configuration
    }

    /// The lock-on rule alone: why `anchor` would take the lock from `target`, or nil.
    public static func lockOnReason(_ anchor: FreshAnchor, target: GuidanceTarget, configuration c: GuidanceConfiguration) -> LockOnReason? {
        if anchor.instance == target.instance { return .instanceMatch }
        guard anchor.label == target.label, anchor.observed.distance(to: target.position) <= c.lockOnRadius else { return nil }
        if let a = anchor.appearance, let b = target.appearance, AnchorRules.cosine(a, b) < c.lockOnCosine { return nil }
        return .sameClassNearby
    }

    /// Offers a fresh anchor at `time`; when it takes the lock the target moves to its raw
    /// observation (and, on its own instance, takes its appearance) and the reason is returned.
    public mutating func offer(_ anchor: FreshAnchor, time: Double) -> LockOnReason? {
        guard let reason = Self.lockOnReason(anchor, target: target, configuration: configuration) else {
            if anchor.label == target.label, !suggested.contains(anchor.instance) { rejected[anchor.instance] = anchor }
            return nil
        }
        rejected[anchor.instance] = nil
        target.position = anchor.observed
        if reason == .instanceMatch, let appearance = anchor.appearance { target.appearance = appearance }
        lastLock = time
        return reason
    }

    /// Updates arrival with the camera position at `time`; returns the new state when it changed.
    public mutating func updateArrival(camera: SIMD3<Double>, time: Double) -> ArrivalState? {
        let distance = camera.distance(to: target.position)
        if !isNear, distance < configuration.arrivalRadius {
            isNear = true
        } else if isNear, distance > configuration.departureRadius {
            isNear = false
        }
        let confirmed = lastLock.map { time - $0 <= configuration.confirmationWindow } ?? false
        let state: ArrivalState = !isNear ? .none : confirmed || !configuration.greenNeedsRedetection ? .green : .amber
        guard state != arrival else { return nil }
        arrival = state
        return state
    }

    /// The suggestion cards due now: while the reticle is amber, every same-class instance whose
    /// fresh anchor lock-on rejected in this session and that was not suggested before, at its
    /// latest mapped spot, in instance order; none otherwise.
    public mutating func suggestions(camera: SIMD3<Double>) -> [GuidanceSuggestion] {
        guard arrival == .amber, !rejected.isEmpty else { return [] }
        let cards = rejected.keys.sorted().map { instance in
            let stored = rejected[instance]!.stored
            return GuidanceSuggestion(instance: instance, position: stored, distance: camera.distance(to: stored))
        }
        suggested.formUnion(rejected.keys)
        rejected = [:]
        return cards
    }
}
