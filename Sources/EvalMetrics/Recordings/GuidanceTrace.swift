/// What one guidance request did, as plain values (the `Replay` module produces them; the
/// `Evaluation` module converts them).
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

    /// The reticle's state (spec.md#arrival-states).
    public enum Reticle: String, Equatable, Sendable, Codable, CaseIterable {
        /// Not arrived.
        case none
        /// Arrived by proximity alone.
        case amber
        /// Arrived and confirmed by a live re-detection: found.
        case green
    }

    /// A change of the reticle's state.
    public struct Arrival: Equatable, Sendable {
        /// Frame and time of the change.
        public var frame: Int64, time: Double
        /// The new state.
        public var state: Reticle
        /// The camera centre then, world metres.
        public var camera: SIMD3<Double>

        /// Creates a change from its parts.
        public init(frame: Int64, time: Double, state: Reticle, camera: SIMD3<Double>) {
            self.frame = frame
            self.time = time
            self.state = state
            self.camera = camera
        }
    }

    /// A suggestion card ("another bottle is mapped 0.7 m from you").
    public struct Suggestion: Equatable, Sendable {
        /// Frame and time it was offered.
        public var frame: Int64, time: Double
        /// The instance suggested.
        public var instance: Int
        /// Where it is mapped, world metres.
        public var position: SIMD3<Double>
        /// Its distance from the camera, metres.
        public var distance: Double

        /// Creates a suggestion from its parts.
        public init(frame: Int64, time: Double, instance: Int, position: SIMD3<Double>, distance: Double) {
            self.frame = frame
            self.time = time
            self.instance = instance
            self.position = position
            self.distance = distance
        }
    }

    /// The request's id in the recording.
    public var request: Int64
    /// The ground-truth object the user asked for.
    public var object: Int64
    /// The instance guidance started from; nil when the memory held nothing for the query.
    public var instance: Int?
    /// When guidance started (the request's first frame), seconds.
    public var startTime: Double
    /// When the object was first detected live during the request, seconds; nil when never.
    public var redetection: Double?
    /// The locks taken, in time order.
    public var locks: [Lock]
    /// The reticle's state changes, in time order.
    public var arrivals: [Arrival]
    /// The suggestion cards offered, in time order.
    public var suggestions: [Suggestion]

    /// Creates a trace from its parts.
    public init(
        request: Int64, object: Int64, instance: Int?, startTime: Double = 0, redetection: Double? = nil,
        locks: [Lock], arrivals: [Arrival], suggestions: [Suggestion] = []
    ) {
        self.request = request
        self.object = object
        self.instance = instance
        self.startTime = startTime
        self.redetection = redetection
        self.locks = locks
        self.arrivals = arrivals
        self.suggestions = suggestions
    }
}
