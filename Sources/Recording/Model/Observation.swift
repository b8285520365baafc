/// One update of the app's object registry, as the app logged it.
public struct Observation: Equatable, Sendable {
    /// Identifier, unique within the recording.
    public var id: Int64
    /// The frame that caused the update.
    public var frame: Int64
    /// The app's instance id of the updated anchor.
    public var instance: String
    /// What happened, in the app's words, e.g. `create`, `ema`, `snap`, `merge`.
    public var kind: String
    /// The raw world position measured on this frame, in metres.
    public var rawPosition: SIMD3<Double>
    /// The stored anchor position before the update; nil when the anchor was created.
    public var storedBefore: SIMD3<Double>?
    /// The stored anchor position after the update, in metres.
    public var storedAfter: SIMD3<Double>
    /// The anchor's estimated physical size in metres, when the app recorded it.
    public var extent: SIMD3<Double>?

    /// Creates an observation from its parts.
    public init(
        id: Int64, frame: Int64, instance: String, kind: String, rawPosition: SIMD3<Double>,
        storedBefore: SIMD3<Double>?, storedAfter: SIMD3<Double>, extent: SIMD3<Double>? = nil
    ) {
        self.id = id
        self.frame = frame
        self.instance = instance
        self.kind = kind
        self.rawPosition = rawPosition
        self.storedBefore = storedBefore
        self.storedAfter = storedAfter
        self.extent = extent
    }
}
