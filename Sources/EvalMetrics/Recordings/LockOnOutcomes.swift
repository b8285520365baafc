import EvalNumerics
import Recording

/// The verdict on one guidance request (spec.md#metric-lockon-outcomes; spec.md#lockon-radius:
/// lock-on can snap to the twin).
public struct LockOnOutcome: Equatable, Sendable {
    /// How a request's locks are judged.
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        /// Every lock went to an instance of the requested object, and there was at least one.
        case correct
        /// A lock went to an instance of another object, or of none.
        case wrongTarget = "wrong_target"
        /// No fresh anchor took the lock.
        case none
        /// The memory held nothing for the query when guidance started.
        case notInMemory = "not_in_memory"
    }

    /// A reticle state change, judged: was the requested object really there?
    public struct JudgedArrival: Equatable, Sendable {
        /// The change.
        public var arrival: GuidanceTrace.Arrival
        /// True when the requested object was present with its true centre within the object
        /// radius of the camera.
        public var objectThere: Bool
    }

    /// A suggestion card, judged.
    public struct JudgedSuggestion: Equatable, Sendable {
        /// The card.
        public var suggestion: GuidanceTrace.Suggestion
        /// The object the suggested instance stands for, if any.
        public var object: Int64?
        /// True when that object was present within the suggestion tolerance of where the card
        /// said it is mapped.
        public var real: Bool
        /// True when it is the object the user asked for.
        public var isRequested: Bool
    }

    /// The request.
    public var trace: GuidanceTrace
    /// The verdict on its locks.
    public var verdict: Verdict
    /// The object the start instance stands for; nil when not in memory or it stands for none.
    public var startObject: Int64?
    /// Seconds from the start of guidance to the first lock; nil without a lock.
    public var timeToFirstLock: Double?
    /// Seconds from the object's first live detection during the request to the first lock on
    /// one of its instances (the app reports about 1 s); nil when either never happened.
    public var lockAfterRedetection: Double?
    /// Every amber or green state the reticle entered, judged.
    public var arrivals: [JudgedArrival]
    /// Every suggestion card, judged.
    public var suggestions: [JudgedSuggestion]

    /// Entries into `state` with the object there.
    public func arrivals(_ state: GuidanceTrace.Reticle, objectThere: Bool) -> Int {
        arrivals.count { $0.arrival.state == state && $0.objectThere == objectThere }
    }
}

/// Lock-on, arrival and suggestion outcomes of a recording's guidance requests, with Wilson intervals.
public struct LockOnOutcomes: Equatable, Sendable {
    /// One outcome per request, in request order.
    public var requests: [LockOnOutcome]

    /// Requests with the verdict `verdict`.
    public func count(_ verdict: LockOnOutcome.Verdict) -> Int { requests.count { $0.verdict == verdict } }
    /// Entries into `state` over all requests, with or without the object there.
    public func arrivals(_ state: GuidanceTrace.Reticle, objectThere: Bool) -> Int {
        requests.reduce(0) { $0 + $1.arrivals(state, objectThere: objectThere) }
    }
    /// Green arrivals in all.
    public var greenArrivals: Int { arrivals(.green, objectThere: true) + greenWithoutObject }
    /// Green arrivals with the requested object not there: green over empty space (or over
    /// another object), what the shipped arrival rule exists to prevent.
    public var greenWithoutObject: Int { arrivals(.green, objectThere: false) }
    /// Suggestion cards offered in all.
    public var suggestions: Int { requests.reduce(0) { $0 + $1.suggestions.count } }
    /// Suggestion cards whose object was really there.
    public var realSuggestions: Int { requests.reduce(0) { $0 + $1.suggestions.count(where: \.real) } }
    /// Seconds to the first lock of every request that locked.
    public var timesToFirstLock: [Double] { requests.compactMap(\.timeToFirstLock) }

    /// Wrong-target requests / requests that locked at all, with its Wilson interval.
    public func wrongTargetRate(confidenceLevel: Double = 0.95) -> ProportionInterval {
        ProportionInterval(successes: count(.wrongTarget), trials: count(.wrongTarget) + count(.correct), confidenceLevel: confidenceLevel)
    }

    /// Green arrivals with no object there / green arrivals, with its Wilson interval.
    public func emptyArrivalRate(confidenceLevel: Double = 0.95) -> ProportionInterval {
        ProportionInterval(successes: greenWithoutObject, trials: greenArrivals, confidenceLevel: confidenceLevel)
    }

    /// Judges `traces`.
    /// - Parameters:
    ///   - objectOfInstance: the ground-truth object each instance stands for (see `AnchorAccuracy`).
    ///   - objectRadius: an arrival "has the object there" when the requested object's true
    ///     centre lies within this distance of the camera (default 1.1 m, the app's departure radius).
    ///   - suggestionTolerance: a suggestion is "real" when its object's true centre lies within
    ///     this distance of where the card says it is mapped (default 0.5 m, as spec.md#metric-absence-outcomes).
    public init(
        traces: [GuidanceTrace], objectOfInstance: [Int: Int64], placements: [GroundTruthPlacement], objectRadius: Double = 1.1,
        suggestionTolerance: Double = 0.5
    ) {
        let timeline = PlacementTimeline(placements)
        requests = traces.map { trace in
            let onObject = { (lock: GuidanceTrace.Lock) in objectOfInstance[lock.instance] == trace.object }
            let verdict: LockOnOutcome.Verdict
            if trace.instance == nil {
                verdict = .notInMemory
            } else if trace.locks.isEmpty {
                verdict = .none
            } else if trace.locks.allSatisfy(onObject) {
                verdict = .correct
            } else {
                verdict = .wrongTarget
            }
            let firstOnObject = trace.locks.first(where: onObject)?.time
            let arrivals = trace.arrivals.filter { $0.state != .none }.map { arrival in
                LockOnOutcome.JudgedArrival(
                    arrival: arrival,
                    objectThere: timeline.position(of: trace.object, at: arrival.time).map { $0.distance(arrival.camera) <= objectRadius } ?? false)
            }
            let suggestions = trace.suggestions.map { card in
                let object = objectOfInstance[card.instance]
                let real = object.flatMap { timeline.position(of: $0, at: card.time) }.map { $0.distance(card.position) <= suggestionTolerance } ?? false
                return LockOnOutcome.JudgedSuggestion(suggestion: card, object: object, real: real, isRequested: object == trace.object)
            }
            return LockOnOutcome(
                trace: trace, verdict: verdict, startObject: trace.instance.flatMap { objectOfInstance[$0] },
                timeToFirstLock: trace.locks.first.map { $0.time - trace.startTime },
                lockAfterRedetection: firstOnObject.flatMap { lock in trace.redetection.map { lock - $0 } },
                arrivals: arrivals, suggestions: suggestions)
        }
    }
}
