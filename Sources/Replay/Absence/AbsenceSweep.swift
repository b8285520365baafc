import Recording

/// One look the sweep took, and what it changed.
public struct AbsenceEvent: Hashable, Sendable {
    /// The frame of the pass.
    public var frame: Int64
    /// The frame's time, seconds.
    public var time: Double
    /// The instance looked at.
    public var instance: Int
    /// What the look proved.
    public var look: AbsenceLook
    /// Absent samples counted so far (after this look).
    public var absentSamples: Int
    /// The instance's missing flag after this look.
    public var missing: Bool
    /// True when this look flipped the flag (to missing, or back).
    public var flipped: Bool
}

/// The budgeted absence sweep (spec.md#absence-sweep).
///
/// Each pass looks at up to `budgetPerPass` non-person targets, round-robin by instance
/// id. An absent look counts when at least `minSampleSpacing` seconds after the last
/// counted one; `absentSamples` of them flip the instance to missing. Any sighting (a
/// covered look, or `recordSighting`) clears the count and flips it back. No-evidence
/// looks move no counters. Instances are the registry's non-negative instance indices; the
/// state of each is kept in an array indexed by it.
public struct AbsenceSweep: Sendable {
    private struct State: Sendable {
        var count = 0
        var lastCounted: Double?
        var missing = false
    }

    /// The constants in use.
    public let configuration: AbsenceConfiguration
    /// The state of instance `k` at index `k` (a default state past the end).
    private var states: [State] = []
    private var lastLooked = -1

    /// Creates a sweep with no history.
    public init(configuration: AbsenceConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Whether `instance` is currently flagged missing.
    public func isMissing(_ instance: Int) -> Bool { instance < states.count && states[instance].missing }

    /// One perception pass over `targets` (sorted by instance id) from `frame`; the events are appended to `events`.
    public mutating func pass(
        targets: [AbsenceTarget], frame: Frame, detections: ArraySlice<Detection>,
        lidarDepth: (SIMD2<Double>) -> Double?, events: inout [AbsenceEvent]
    ) {
        var lastLooked = self.lastLooked
        Self.forEachLook(in: targets, after: &lastLooked, budget: configuration.budgetPerPass) { index in
            let look = AbsenceRules.look(at: targets[index], frame: frame, detections: detections, lidarDepth: lidarDepth, configuration: configuration)
            events.append(record(look, of: targets[index].instance, frame: frame.index, time: frame.time))
        }
        self.lastLooked = lastLooked
    }

    /// Calls `body` with the index in `targets` (sorted by instance id) of each target one
    /// pass looks at, in order: up to `budget` non-person targets, round-robin from the first
    /// instance after `lastLooked`, which is moved to the last one looked at.
    public static func forEachLook(in targets: [AbsenceTarget], after lastLooked: inout Int, budget: Int, _ body: (Int) -> Void) {
        var eligible = 0
        var start: Int?
        for k in targets.indices where !targets[k].isPerson {
            eligible += 1
            if start == nil, targets[k].instance > lastLooked { start = k }
        }
        guard eligible > 0, var index = start ?? targets.indices.first(where: { !targets[$0].isPerson }) else { return }
        for _ in 0..<min(max(budget, 0), eligible) {
            body(index)
            lastLooked = targets[index].instance
            repeat { index = index + 1 == targets.count ? 0 : index + 1 } while targets[index].isPerson
        }
    }

    /// A sighting from elsewhere (e.g. a re-anchor): clears the count and un-flags the instance.
    public mutating func recordSighting(_ instance: Int) {
        reserveState(of: instance)
        states[instance] = State()
    }

    /// Makes `states` long enough to hold `instance`.
    private mutating func reserveState(of instance: Int) {
        precondition(instance >= 0, "absence sweep instances are registry indices (≥ 0), got \(instance)")
        if instance >= states.count { states.append(contentsOf: repeatElement(State(), count: instance + 1 - states.count)) }
    }

    /// Counts `look` at `instance` on frame `frame` at `time` seconds and returns the event:
    /// a covered look clears the count and the flag; an absent look counts when the last
    /// counted one is at least `minSampleSpacing` seconds earlier, and flags the instance
    /// missing at `absentSamples`.
    public mutating func record(_ look: AbsenceLook, of instance: Int, frame: Int64, time: Double) -> AbsenceEvent {
        let flipped = count(look, of: instance, time: time)
        let state = states[instance]
        return AbsenceEvent(
            frame: frame, time: time, instance: instance, look: look,
            absentSamples: state.count, missing: state.missing, flipped: flipped)
    }

    /// Counts `look` at `instance` at `time` seconds (as ``record(_:of:frame:time:)``) and
    /// returns whether it flipped the instance's flag.
    mutating func count(_ look: AbsenceLook, of instance: Int, time: Double) -> Bool {
        reserveState(of: instance)
        var state = states[instance]
        let wasMissing = state.missing
        switch look {
        case .covered:
            state = State()
        case .absent:
            if state.lastCounted.map({ time - $0 >= configuration.minSampleSpacing }) ?? true {
                state.count += 1
                state.lastCounted = time
                if state.count >= configuration.absentSamples { state.missing = true }
            }
        case .noEvidence:
            break
        }
        states[instance] = state
        return state.missing != wasMissing
    }

    /// The absent samples counted so far at `instance` and its flag.
    func state(of instance: Int) -> (absentSamples: Int, missing: Bool) {
        instance < states.count ? (states[instance].count, states[instance].missing) : (0, false)
    }
}
