/// One event of py-motmetrics' accumulator, as its `mot_events` table lists it: the rows a
/// reference comparison reads frame by frame (spec.md#metric-motmetrics-accumulator).
public struct MotmetricsEvent: Equatable, Sendable {
    /// The event type, spelled as motmetrics spells it (`rawValue`).
    public enum Kind: String, Sendable, CaseIterable {
        /// A pair matched, the object's hypothesis unchanged (or its first match).
        case match = "MATCH"
        /// A pair matched whose object was last matched to another hypothesis.
        case identitySwitch = "SWITCH"
        /// An object left unmatched.
        case miss = "MISS"
        /// A hypothesis left unmatched.
        case falsePositive = "FP"
        /// Beside a pair: its hypothesis was last matched to another object.
        case transfer = "TRANSFER"
        /// Beside a switch: its hypothesis had never been matched.
        case ascend = "ASCEND"
        /// Beside a transfer: its object had never been matched.
        case migrate = "MIGRATE"
    }

    /// The frame number.
    public var frame: Int64
    /// The event type.
    public var kind: Kind
    /// The object, nil for a false positive.
    public var object: Int64?
    /// The hypothesis, nil for a miss.
    public var hypothesis: Int64?
    /// The pair's distance; NaN for a miss or a false positive.
    public var distance: Double

    /// Creates an event from its parts.
    public init(frame: Int64, kind: Kind, object: Int64?, hypothesis: Int64?, distance: Double) {
        self.frame = frame
        self.kind = kind
        self.object = object
        self.hypothesis = hypothesis
        self.distance = distance
    }
}
