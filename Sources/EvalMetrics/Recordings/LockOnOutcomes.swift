import EvalNumerics
import Recording

/// What one guidance request did, as plain values (the `Replay` module produces them).
public struct GuidanceTrace: Equatable, Sendable {
    /// A fresh anchor that took the lock.
    public struct Lock: Equatable, Sendable {
        /// Frame and time of the lock.
        public var frame: Int64, time: Double
        /// The instance whose anchor took it.
        public var instance: Int

        /// Creates a lock from its parts.
        public init(frame: Int64, time: Double, instance: Int) {
            self.frame = frame
            self.time = time
            self.instance = instance
        }
    }

    /// A "found" (green) arrival.
    public struct Arrival: Equatable, Sendable {
        /// Frame and time of the arrival.
        public var frame: Int64, time: Double
        /// The camera centre then, world metres.
        public var camera: SIMD3<Double>

        /// Creates an arrival from its parts.
        public init(frame: Int64, time: Double, camera: SIMD3<Double>) {
            self.frame = frame
            self.time = time
            self.camera = camera
        }
    }

    /// The request's id in the recording.
    public var request: Int64
    /// The ground-truth object the user asked for.
    public var object: Int64
    /// The instance guidance started from; nil when the memory held none of the object.
    public var instance: Int?
    /// The locks taken, in time order.
    public var locks: [Lock]
    /// The found arrivals, in time order.
    public var arrivals: [Arrival]

    /// Creates a trace from its parts.
    public init(request: Int64, object: Int64, instance: Int?, locks: [Lock], arrivals: [Arrival]) {
        self.request = request
        self.object = object
        self.instance = instance
        self.locks = locks
        self.arrivals = arrivals
    }
}

/// The verdict on one guidance request (spec.md#metric-lockon-outcomes; spec.md#lockon-radius: lock-on can snap to the twin).
public struct LockOnOutcome: Equatable, Sendable {
    /// How a request's locks are judged.
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        /// Every lock went to an instance of the requested object, and there was at least one.
        case correct
        /// A lock went to an instance of another object, or of none.
        case wrongTarget = "wrong_target"
        /// No fresh anchor took the lock.
        case none
        /// The memory held no instance of the object when guidance started.
        case notInMemory = "not_in_memory"
    }

    /// The request.
    public var trace: GuidanceTrace
    /// The verdict on its locks.
    public var verdict: Verdict
    /// Found arrivals with the object truly within `objectRadius` of the camera.
    public var arrivalsAtObject: Int
    /// Found ("green") arrivals with no object there: the object absent, or farther than
    /// `objectRadius` from the camera.
    public var arrivalsWithoutObject: Int
}

/// Lock-on and arrival outcomes of a recording's guidance requests, with Wilson intervals.
public struct LockOnOutcomes: Equatable, Sendable {
    /// One outcome per request, in request order.
    public var requests: [LockOnOutcome]

    /// Requests with the verdict `verdict`.
    public func count(_ verdict: LockOnOutcome.Verdict) -> Int { requests.filter { $0.verdict == verdict }.count }
    /// Found arrivals in all.
    public var arrivals: Int { requests.reduce(0) { $0 + $1.arrivalsAtObject + $1.arrivalsWithoutObject } }
    /// Found arrivals with no object there.
    public var arrivalsWithoutObject: Int { requests.reduce(0) { $0 + $1.arrivalsWithoutObject } }

    /// Wrong-target requests / requests that locked at all, with its Wilson interval.
    public func wrongTargetRate(confidenceLevel: Double = 0.95) -> ProportionInterval {
        ProportionInterval(successes: count(.wrongTarget), trials: count(.wrongTarget) + count(.correct), confidenceLevel: confidenceLevel)
    }

    /// Green arrivals with no object there / green arrivals, with its Wilson interval.
    public func emptyArrivalRate(confidenceLevel: Double = 0.95) -> ProportionInterval {
        ProportionInterval(successes: arrivalsWithoutObject, trials: arrivals, confidenceLevel: confidenceLevel)
    }

    /// Judges `traces`.
    /// - Parameters:
    ///   - objectOfInstance: the ground-truth object each instance stands for (see `AnchorAccuracy`).
    ///   - objectRadius: a found arrival "has the object there" when the object's true centre
    ///     lies within this distance of the camera (default 1.1 m, the app's departure radius).
    public init(traces: [GuidanceTrace], objectOfInstance: [Int: Int64], placements: [GroundTruthPlacement], objectRadius: Double = 1.1) {
        let timeline = PlacementTimeline(placements)
        requests = traces.map { trace in
            let verdict: LockOnOutcome.Verdict
            if trace.instance == nil {
                verdict = .notInMemory
            } else if trace.locks.isEmpty {
                verdict = .none
            } else if trace.locks.allSatisfy({ objectOfInstance[$0.instance] == trace.object }) {
                verdict = .correct
            } else {
                verdict = .wrongTarget
            }
            let atObject = trace.arrivals.filter { arrival in
                timeline.position(of: trace.object, at: arrival.time).map { $0.distance(arrival.camera) <= objectRadius } ?? false
            }.count
            return LockOnOutcome(
                trace: trace, verdict: verdict, arrivalsAtObject: atObject, arrivalsWithoutObject: trace.arrivals.count - atObject)
        }
    }
}
