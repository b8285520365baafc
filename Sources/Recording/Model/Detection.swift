/// An axis-aligned box in the upright image, in pixels (origin top-left, y down).
public struct PixelBox: Equatable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (≥ 0).
    public var width: Double
    /// Height (≥ 0).
    public var height: Double

    /// Creates a box from its left-top corner and size, in pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when all four numbers are finite.
    public var isFinite: Bool { [x, y, width, height].allSatisfy(\.isFinite) }
}

/// One detector output on one frame, with what the app made of it when recorded.
public struct Detection: Equatable, Sendable {
    /// Identifier, unique within the recording.
    public var id: Int64
    /// The frame it was detected on.
    public var frame: Int64
    /// Class label, e.g. `bottle` (COCO names).
    public var label: String
    /// Detector confidence in [0, 1].
    public var score: Double
    /// The detected box.
    public var box: PixelBox
    /// Appearance embedding (stored as little-endian float32), when the app computed one.
    public var embedding: [Float]?
    /// The app's (ephemeral) tracker id, when recorded.
    public var trackID: Int64?
    /// The app's persistent instance id (e.g. a UUID string), when recorded.
    public var instanceID: String?

    /// Creates a detection from its parts.
    public init(
        id: Int64, frame: Int64, label: String, score: Double, box: PixelBox,
        embedding: [Float]? = nil, trackID: Int64? = nil, instanceID: String? = nil
    ) {
        self.id = id
        self.frame = frame
        self.label = label
        self.score = score
        self.box = box
        self.embedding = embedding
        self.trackID = trackID
        self.instanceID = instanceID
    }
}
