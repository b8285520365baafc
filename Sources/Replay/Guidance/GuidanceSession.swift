/// The object a guidance session walks the user to.
public struct GuidanceTarget: Equatable, Sendable {
    /// The instance the user asked for.
    public var instance: Int
    /// Its label.
    public var label: String
    /// Where guidance currently points, world metres.
    public var position: SIMD3<Double>

    /// Creates a target from its parts.
    public init(instance: Int, label: String, position: SIMD3<Double>) {
        self.instance = instance
        self.label = label
        self.position = position
    }
}

/// Why a fresh anchor took the lock (spec.md#lockon-radius).
public enum LockOnReason: String, Codable, Sendable, Equatable {
    /// The fresh anchor is of the target's own instance.
    case instanceMatch
    /// A same-class anchor landed within the lock-on radius of the target.
    case sameClassNearby
}

/// A change of the arrival state (spec.md#arrival-hysteresis).
public enum ArrivalChange: String, Codable, Sendable, Equatable {
    /// The camera came inside the arrival radius.
    case found
    /// The camera went beyond the departure radius after being found.
    case lost
}

/// Lock-on and arrival while guiding to one target (spec.md#guidance).
///
/// Lock-on: a fresh anchor snaps the target to its position when its instance is the
/// target's, or when it has the target's label and lies within `lockOnRadius` (0.35 m)
/// of where the target currently points. Arrival is hysteretic: found when the camera is
/// closer than `arrivalRadius` (0.85 m), lost again only beyond `departureRadius` (1.1 m).
public struct GuidanceSession: Sendable {
    /// The constants in use.
    public let configuration: GuidanceConfiguration
    /// The target, as lock-on has moved it.
    public private(set) var target: GuidanceTarget
    /// Whether the target counts as found.
    public private(set) var isFound = false

    /// Starts guiding to `target`.
    public init(target: GuidanceTarget, configuration: GuidanceConfiguration = .init()) {
        self.target = target
        self.configuration = configuration
    }

    /// The lock-on rule alone: why a fresh anchor would take the lock, or nil.
    public static func lockOnReason(
        instance: Int, label: String, position: SIMD3<Double>, target: GuidanceTarget, configuration: GuidanceConfiguration
    ) -> LockOnReason? {
        if instance == target.instance { return .instanceMatch }
        if label == target.label, position.distance(to: target.position) <= configuration.lockOnRadius { return .sameClassNearby }
        return nil
    }

    /// Offers a fresh anchor; when it takes the lock the target moves to it and the reason is returned.
    public mutating func offer(instance: Int, label: String, position: SIMD3<Double>) -> LockOnReason? {
        guard let reason = Self.lockOnReason(instance: instance, label: label, position: position, target: target, configuration: configuration) else {
            return nil
        }
        target.position = position
        return reason
    }

    /// Updates arrival with the camera position; returns the change, if any.
    public mutating func updateArrival(camera: SIMD3<Double>) -> ArrivalChange? {
        let distance = camera.distance(to: target.position)
        if !isFound, distance < configuration.arrivalRadius {
            isFound = true
            return .found
        }
        if isFound, distance > configuration.departureRadius {
            isFound = false
            return .lost
        }
        return nil
    }
}
