import Recording

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
        let lifetimes = span.values.map { $0.last - $0.first }
        meanTrackLifetime = lifetimes.isEmpty ? .nan : lifetimes.reduce(0, +) / Double(lifetimes.count)
    }
}
