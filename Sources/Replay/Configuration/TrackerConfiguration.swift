/// Constants of the tracker replica: SORT with ByteTrack's second association
/// (spec.md#tracker-bytetrack; cadence from spec.md#tracker-detect-every-n).
///
/// The app names these constants but not their values (spec.md#tracker-sort); the defaults are the published
/// defaults of SORT (Bewley et al. 2016: IoU gate 0.3, 3 hits to confirm) and ByteTrack
/// (Zhang et al. 2022: high score 0.5, low score 0.1, 30-frame track buffer).
public struct TrackerConfiguration: Codable, Sendable, Equatable {
    /// Detections scoring at least this are "high" and matched first; only they create
    /// and confirm tracks (spec.md#tracker-bytetrack). ByteTrack's `track_thresh`.
    public var highScore: Double
    /// Detections scoring at least this (and below `highScore`) are "low": they may only
    /// extend an existing track in the second association (spec.md#tracker-bytetrack).
    public var lowScore: Double
    /// A detection and a track's predicted box match only when their IoU is at least this.
    public var iouGate: Double
    /// A track is dropped after this many consecutive frames without a matched detection
    /// (detector or coasting frames alike: a coasting frame counts as unmatched time).
    public var maxCoastFrames: Int
    /// A track is confirmed (reported) after this many high-score matches, its creation included.
    public var minHits: Int
    /// The detector runs on every `detectEvery`-th frame on which it ran in the recording;
    /// tracks coast on the Kalman prediction in between (spec.md#tracker-detect-every-n, N = 1…5).
    public var detectEvery: Int
    /// When true, a detection may only match a track of its own label.
    public var classAware: Bool

    /// Creates a configuration; every default is the shipped (or literature) constant.
    public init(
        highScore: Double = 0.5, lowScore: Double = 0.1, iouGate: Double = 0.3,
        maxCoastFrames: Int = 30, minHits: Int = 3, detectEvery: Int = 1, classAware: Bool = true
    ) {
        self.highScore = highScore
        self.lowScore = lowScore
        self.iouGate = iouGate
        self.maxCoastFrames = maxCoastFrames
        self.minHits = minHits
        self.detectEvery = detectEvery
        self.classAware = classAware
    }
}
