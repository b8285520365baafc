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


/// The app's old tracking health proxies, computed from any tracker's output: how often
/// new track ids appear and how long a track lives. They need no ground truth, which is
/// why the app used them, and they can disagree with MOTA / IDF1 / HOTA.
public struct TrackProxies: Sendable, Equatable {
    /// Distinct track ids seen.
    public var trackCount: Int
    /// Detections the tracker consumed (the denominator of `newIDsPerDetection`).
    public var detectionCount: Int
    /// Length of the recording, seconds (last frame time − first frame time).
    public var duration: Double
    /// Mean over tracks of (last frame time − first frame time) of the track, seconds.
    public var meanTrackLifetime: Double

    /// New track ids per minute of recording (NaN for a recording of zero length).
    public var newIDsPerMinute: Double { duration > 0 ? Double(trackCount) / (duration / 60) : .nan }
    /// New track ids per detection consumed (NaN without detections).
    public var newIDsPerDetection: Double { detectionCount > 0 ? Double(trackCount) / Double(detectionCount) : .nan }

    /// Computes the proxies of `boxes` on `recording`'s clock.
    ///
    /// - Parameters:
    ///   - boxes: the tracker's output; boxes on frames the recording lacks are ignored.
    ///   - detectionCount: how many detections the tracker was fed.
    public init(_ boxes: [TrackBox], recording: Recording, detectionCount: Int) {
        var timeOf: [Int64: Double] = [:]
        for frame in recording.frames { timeOf[frame.index] = frame.time }
        var span: [Int64: (first: Double, last: Double)] = [:]
        for box in boxes {
            guard let t = timeOf[box.frame] else { continue }
            let old = span[box.trackID] ?? (t, t)
            span[box.trackID] = (min(old.first, t), max(old.last, t))
        }
        let times = recording.frames.map(\.time)
        trackCount = span.count
        self.detectionCount = detectionCount
        duration = (times.max() ?? 0) - (times.min() ?? 0)
        // Summed in track-id order: a dictionary's order changes from process to process.
        let lifetimes = span.keys.sorted().map { span[$0]!.last - span[$0]!.first }
        meanTrackLifetime = lifetimes.isEmpty ? .nan : lifetimes.reduce(0, +) / Double(lifetimes.count)
    }
}
