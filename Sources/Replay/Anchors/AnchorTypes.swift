/// One raw world observation offered to the anchor registry.
public struct AnchorObservation: Equatable, Sendable {
    /// The frame it was measured on.
    public var frame: Int64
    /// The frame's time, seconds.
    public var time: Double
    /// The detection's label.
    public var label: String
    /// The raw (fused, unprojected) world position, metres.
    public var position: SIMD3<Double>
    /// The appearance embedding, when computed.
    public var embedding: [Float]? {
        didSet { appearance = embedding.map(ObservedAppearance.init) }
    }
    /// The embedding's norms and unit vector, worked out once when it is set: the registry
    /// reads them for every instance it compares the observation with.
    public private(set) var appearance: ObservedAppearance?
    /// The live tracker id that produced it, when known.
    public var trackID: Int64?
    /// The physical size (width, height) in metres, when known.
    public var extent: SIMD2<Double>?

    /// Creates an observation from its parts.
    public init(
        frame: Int64, time: Double, label: String, position: SIMD3<Double>,
        embedding: [Float]? = nil, trackID: Int64? = nil, extent: SIMD2<Double>? = nil
    ) {
        self.frame = frame
        self.time = time
        self.label = label
        self.position = position
        self.embedding = embedding
        self.appearance = embedding.map(ObservedAppearance.init)
        self.trackID = trackID
        self.extent = extent
    }
}

/// An observation's embedding with what the registry derives from it, computed once: the
/// L2 norm and unit vector it adds to an instance's sum (in `Float`, as the sum is kept) and
/// the squared norm the cosine divides by (in `Double`, as ``AnchorRules/cosine(_:_:)`` sums it).
public struct ObservedAppearance: Equatable, Sendable {
    /// The embedding's L2 norm, summed in `Float`.
    public let norm: Float
    /// The embedding divided by `norm` element by element (the embedding itself when `norm` is 0).
    public let unit: [Float]
    /// The sum of the squared elements, in `Double`.
    public let squaredNorm: Double
    /// The sum of the squared elements of `unit`, in `Double` (the squared norm of an
    /// instance's embedding sum when this is its first embedding).
    public let unitSquaredNorm: Double

    /// Derives the norms and unit vector of `embedding`.
    public init(_ embedding: [Float]) {
        let norm = embedding.reduce(0) { $0 + $1 * $1 }.squareRoot()
        self.norm = norm
        unit = norm > 0 ? embedding.map { $0 / norm } : embedding
        squaredNorm = AnchorRules.squaredNorm(embedding)
        unitSquaredNorm = AnchorRules.squaredNorm(unit)
    }
}

/// What one observation did to the registry.
public enum AnchorUpdateKind: String, Codable, Sendable, Equatable {
    /// A new instance was created at the raw position.
    case create
    /// An EMA step within the clamp moved the anchor.
    case ema
    /// An EMA step was clamped to the step limit (spec.md#anchor-ema-clamp: 15 cm).
    case clamped
    /// The consensus snap teleported the anchor (spec.md#anchor-consensus-snap).
    case snap
    /// The same live track re-anchored the instance: unclamped EMA step (spec.md#anchor-live-track-follow).
    case follow
}

/// One registry update, logged with the raw gap measured before the update (spec.md#anchor-raw-gap).
public struct AnchorEvent: Equatable, Sendable {
    /// The frame of the observation.
    public var frame: Int64
    /// The instance updated or created.
    public var instance: Int
    /// What happened.
    public var kind: AnchorUpdateKind
    /// The raw observed position, metres.
    public var raw: SIMD3<Double>
    /// The stored position before the update; nil on creation.
    public var before: SIMD3<Double>?
    /// The stored position after the update.
    public var after: SIMD3<Double>
    /// The re-anchor gap ‖p_new − p‖ before the EMA; nil on creation.
    public var gap: Double?
    /// Which rule filed the observation under the instance; nil on creation.
    public var match: AnchorMatch?
    /// The instance's physical extent after the update (its latest observed one), metres;
    /// what a look taken at this time can know of the object's size (spec.md#absence-range-gate).
    public var extent: SIMD2<Double>?
    /// The instance's appearance after the update: the sum of its L2-normalised embeddings
    /// (spec.md#anchor-instance-appearance), what lock-on's appearance filter compares
    /// (spec.md#lockon-appearance-filter); nil while it has none.
    public var appearance: [Float]?

    /// Creates an event from its parts.
    public init(
        frame: Int64, instance: Int, kind: AnchorUpdateKind, raw: SIMD3<Double>, before: SIMD3<Double>?, after: SIMD3<Double>,
        gap: Double?, match: AnchorMatch? = nil, extent: SIMD2<Double>? = nil, appearance: [Float]? = nil
    ) {
        self.frame = frame
        self.instance = instance
        self.kind = kind
        self.raw = raw
        self.before = before
        self.after = after
        self.gap = gap
        self.match = match
        self.extent = extent
        self.appearance = appearance
    }
}

/// A persistent object instance of the registry.
public struct AnchorInstance: Equatable, Sendable {
    /// The instance id: its index in creation order, from 0.
    public var id: Int
    /// The label all its observations share.
    public var label: String
    /// The stored anchor position, metres.
    public var position: SIMD3<Double>
    /// Sum of the L2-normalised embeddings observed (its direction is the instance's appearance).
    public internal(set) var embeddingSum: [Float]?
    /// The squared norm of `embeddingSum` in `Double` (0 without one), kept with it for the cosine.
    public internal(set) var embeddingSquaredNorm: Double
    /// The latest physical extent observed, metres.
    public var extent: SIMD2<Double>?
    /// The tracker id of the latest observation.
    public var lastTrackID: Int64?
    /// The latest raw positions, oldest first, at most the consensus count.
    public var recentRaw: [SIMD3<Double>]
    /// Number of observations merged into it, its creation included.
    public var observationCount: Int
    /// Time of the latest observation, seconds.
    public var lastSeen: Double
}
