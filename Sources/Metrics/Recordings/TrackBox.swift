import Recording

/// One row of tracker output on a recording: a track id and its image box on one frame.
///
/// A plain value so that any tracker (the replica, the app's recorded ids, ground truth
/// itself) can be scored the same way.
public struct TrackBox: Equatable, Sendable {
    /// The recording's frame number.
    public var frame: Int64
    /// The track id; ids must be unique within a frame.
    public var trackID: Int64
    /// The box, pixels of the upright image.
    public var box: PixelBox

    /// Creates a row from its parts.
    public init(frame: Int64, trackID: Int64, box: PixelBox) {
        self.frame = frame
        self.trackID = trackID
        self.box = box
    }

    /// The app's recorded tracks: every detection that carries a `track_id`, as a track box.
    /// Empty when the recording has no track ids (simulated recordings have none).
    public static func recorded(in recording: Recording) -> [TrackBox] {
        recording.detections.compactMap { detection in
            detection.trackID.map { TrackBox(frame: detection.frame, trackID: $0, box: detection.box) }
        }
    }

    /// The ground-truth boxes as if a tracker had reported them, the object id as track id
    /// (the perfect tracker: scoring it gives MOTA = IDF1 = HOTA = 1).
    public static func groundTruth(of recording: Recording, minimumVisibility: Double = 0) -> [TrackBox] {
        recording.groundTruthBoxes.filter { $0.visibility >= minimumVisibility }.map {
            TrackBox(frame: $0.frame, trackID: $0.object, box: $0.box)
        }
    }
}
