import Recording

/// One look the sweep took, and what it changed.
public struct AbsenceEvent: Equatable, Sendable {
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
/// looks move no counters.
public struct AbsenceSweep: Sendable {
    private struct State: Sendable {
        var count = 0
        var lastCounted: Double?
        var missing = false
    }

    /// The constants in use.
    public let configuration: AbsenceConfiguration
    private var states: [Int: State] = [:]
    private var lastLooked = -1

    /// Creates a sweep with no history.
    public init(configuration: AbsenceConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Whether `instance` is currently flagged missing.
    public func isMissing(_ instance: Int) -> Bool { states[instance]?.missing ?? false }

    /// One perception pass over `targets` (sorted by instance id) from `frame`; the events are appended to `events`.
    public mutating func pass(
        targets: [AbsenceTarget], frame: Frame, detections: ArraySlice<Detection>,
        lidarDepth: (SIMD2<Double>) -> Double?, events: inout [AbsenceEvent]
    ) {
        let eligible = targets.lazy.filter { !$0.isPerson }
        guard !eligible.isEmpty else { return }
        let start = eligible.firstIndex { $0.instance > lastLooked } ?? eligible.startIndex
        var index = start
        for _ in 0..<min(configuration.budgetPerPass, eligible.count) {
            let target = eligible[index]
            let look = AbsenceRules.look(at: target, frame: frame, detections: detections, lidarDepth: lidarDepth, configuration: configuration)
            events.append(apply(look, to: target.instance, frame: frame))
            lastLooked = target.instance
            index = eligible.index(after: index)
            if index == eligible.endIndex { index = eligible.startIndex }
        }
    }

    /// A sighting from elsewhere (e.g. a re-anchor): clears the count and un-flags the instance.
    public mutating func recordSighting(_ instance: Int) {
        states[instance] = State()
    }

    private mutating func apply(_ look: AbsenceLook, to instance: Int, frame: Frame) -> AbsenceEvent {
        var state = states[instance] ?? State()
        let wasMissing = state.missing
        switch look {
        case .covered:
            state = State()
        case .absent:
            if state.lastCounted.map({ frame.time - $0 >= configuration.minSampleSpacing }) ?? true {
                state.count += 1
                state.lastCounted = frame.time
                if state.count >= configuration.absentSamples { state.missing = true }
            }
        case .noEvidence:
            break
        }
        states[instance] = state
        return AbsenceEvent(
            frame: frame.index, time: frame.time, instance: instance, look: look,
            absentSamples: state.count, missing: state.missing, flipped: state.missing != wasMissing)
    }
}
