/// The named capture scenarios `spatial-eval simulate --scenario NAME` produces.
public enum Scenario: String, CaseIterable, Sendable {
    /// One furnished room, ~20 objects with two twin pairs; map the room, walk away (a cup
    /// is moved and a phone removed meanwhile, a person crosses), re-approach, guide (the
    /// app's measuring protocol, spec.md#sim-scenarios).
    case walkawayReapproach = "walkaway-reapproach"
    /// Two look-alike bottles; one is moved while the camera looks away (the app's forcing
    /// incident, spec.md#twins-incident; separation and move drawn per seed).
    case twinsMoved = "twins-moved"
    /// Removals, a person standing in front of an object, and a remote only ever seen from
    /// 3.2 m or farther, where it is a few pixels high (spec.md#absence-evidence, spec.md#absence-limits).
    case absence
    /// Study and kitchen; a phone is carried from one to the other; twin bottles, one per
    /// room (spec.md#evidence-limits: multi-room was never tested).
    case multiRoom = "multi-room"
    /// `walkaway-reapproach` in a dim room (spec.md#sim-low-light: no low-light arm was ever measured).
    case lowLight = "low-light"

    /// The duration, seconds, the scenario's path is written for.
    public var nominalDuration: Double {
        switch self {
        case .walkawayReapproach, .lowLight, .multiRoom: 60
        case .twinsMoved, .absence: 40
        }
    }

    /// The scene of `seed` (its drawn placements, `LayoutModel`), with its path and events
    /// stretched to `duration` seconds (default: nominal).
    public func scene(duration: Double? = nil, seed: UInt64 = 1, layout: LayoutModel = LayoutModel()) -> Scene {
        let streams = RandomStreams(seed: seed)
        let base: Scene
        switch self {
        case .walkawayReapproach: base = FurnishedRoom.walkawayReapproach(lighting: .normal, layout: layout, streams: streams)
        case .lowLight: base = FurnishedRoom.walkawayReapproach(lighting: .low, layout: layout, streams: streams)
        case .twinsMoved: base = StudyRoom.twinsMoved(layout: layout, streams: streams)
        case .absence: base = StudyRoom.absence()
        case .multiRoom: base = Apartment.multiRoom()
        }
        guard let duration, duration != nominalDuration else { return base }
        let factor = duration / nominalDuration
        var scaled = base
        scaled.path = base.path.rescaled(by: factor)
        scaled.objects = base.objects.map { $0.rescaled(by: factor) }
        scaled.guidance = base.guidance.map { $0.rescaled(by: factor) }
        return scaled
    }
}

/// Shorthand for a keyframe: time, camera centre and look target (room coordinates).
func key(_ time: Double, _ position: SIMD3<Double>, _ target: SIMD3<Double>) -> CameraKeyframe {
    CameraKeyframe(time: time, position: position, target: target)
}

/// Eye height of the handheld phone, metres above the floor.
let eyeHeight = 1.45

/// A camera centre at eye height above floor point (`x`, `z`).
func eye(_ x: Double, _ z: Double) -> SIMD3<Double> { SIMD3(x, eyeHeight, z) }
