/// One stored position of an anchor instance after an update.
public struct AnchorUpdate: Equatable, Sendable {
    /// The frame of the observation that caused the update.
    public var frame: Int64
    /// That frame's time, seconds.
    public var time: Double
    /// The stored position after the update, world metres.
    public var position: SIMD3<Double>

    /// Creates an update from its parts.
    public init(frame: Int64, time: Double, position: SIMD3<Double>) {
        self.frame = frame
        self.time = time
        self.position = position
    }
}

/// What the metrics need to know about one anchor instance, as plain values: its position
/// history and the detections that fed it (creation included), in order.
public struct AnchorHistory: Equatable, Sendable {
    /// The instance id.
    public var instance: Int
    /// The instance's label.
    public var label: String
    /// Positions after each update, in order (the first is the creation).
    public var updates: [AnchorUpdate]
    /// The detections that fed the instance, one per update.
    public var detections: [Int64]

    /// Creates a history from its parts.
    public init(instance: Int, label: String, updates: [AnchorUpdate], detections: [Int64]) {
        self.instance = instance
        self.label = label
        self.updates = updates
        self.detections = detections
    }
}
