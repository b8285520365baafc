/// A physical object (or person) whose true whereabouts a recording labels.
public struct GroundTruthObject: Equatable, Sendable {
    /// Identifier, unique within the recording.
    public var id: Int64
    /// Class label (COCO names), e.g. `cup`.
    public var label: String
    /// Physical size in metres along the object's width, height and depth.
    public var extent: SIMD3<Double>
    /// Whether the object is a person (persons are exempt from absence checks).
    public var isPerson: Bool
    /// Objects sharing a twin group are look-alikes of the same class; nil for none.
    public var twinGroup: Int64?
    /// Free-text description, e.g. `green bottle on the desk`.
    public var description: String?

    /// Creates an object from its parts.
    public init(
        id: Int64, label: String, extent: SIMD3<Double>, isPerson: Bool = false,
        twinGroup: Int64? = nil, description: String? = nil
    ) {
        self.id = id
        self.label = label
        self.extent = extent
        self.isPerson = isPerson
        self.twinGroup = twinGroup
        self.description = description
    }
}

/// Where an object stood during a time interval.
///
/// An object that moves has several placements; a time not covered by any placement
/// means the object was absent (removed, or not yet added).
public struct GroundTruthPlacement: Equatable, Sendable {
    /// Identifier, unique within the recording.
    public var id: Int64
    /// The object placed.
    public var object: Int64
    /// Start of the interval, in seconds on the frames' clock.
    public var from: Double
    /// End of the interval (exclusive), or nil for "until the end of the recording".
    public var to: Double?
    /// The centre of the object's extent in world coordinates, in metres.
    public var position: SIMD3<Double>

    /// Creates a placement from its parts.
    public init(id: Int64, object: Int64, from: Double, to: Double?, position: SIMD3<Double>) {
        self.id = id
        self.object = object
        self.from = from
        self.to = to
        self.position = position
    }
}

/// The true image box of one object on one frame (2D tracking ground truth).
public struct GroundTruthBox: Equatable, Sendable {
    /// Identifier, unique within the recording.
    public var id: Int64
    /// The frame.
    public var frame: Int64
    /// The object seen.
    public var object: Int64
    /// The box of the object's full (unoccluded) projection, clipped to the image.
    public var box: PixelBox
    /// Fraction of the object's projection that is visible, in [0, 1].
    public var visibility: Double

    /// Creates a ground-truth box from its parts.
    public init(id: Int64, frame: Int64, object: Int64, box: PixelBox, visibility: Double) {
        self.id = id
        self.frame = frame
        self.object = object
        self.box = box
        self.visibility = visibility
    }
}
