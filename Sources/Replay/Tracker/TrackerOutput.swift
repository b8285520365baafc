import Recording

/// One confirmed track on one frame, as the tracker replica reports it.
public struct TrackedBox: Equatable, Sendable {
    /// The replica's track id: positive, never reused within a replay.
    public var trackID: Int64
    /// The label of the detection that created the track.
    public var label: String
    /// The box: the filter's corrected state on a matched frame, its prediction when coasting.
    public var box: PixelBox
    /// The detection matched on this frame; nil when coasting.
    public var detection: Int64?

    /// Creates a tracked box from its parts.
    public init(trackID: Int64, label: String, box: PixelBox, detection: Int64?) {
        self.trackID = trackID
        self.label = label
        self.box = box
        self.detection = detection
    }

    /// True when the box is a prediction rather than a matched detection.
    public var isCoasting: Bool { detection == nil }
}

/// The tracker replica's output for one frame.
public struct TrackerFrame: Equatable, Sendable {
    /// The recording's frame number.
    public var frame: Int64
    /// Whether the replica treated this frame as a detector frame (after detect-every-N).
    public var detectorRan: Bool
    /// The confirmed tracks reported on this frame, in track-id order.
    public var tracks: [TrackedBox]

    /// Creates a frame of tracker output.
    public init(frame: Int64, detectorRan: Bool, tracks: [TrackedBox]) {
        self.frame = frame
        self.detectorRan = detectorRan
        self.tracks = tracks
    }
}
