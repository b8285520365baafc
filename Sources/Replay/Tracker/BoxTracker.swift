import EvalNumerics
import Recording

/// SORT with ByteTrack's second association (spec.md#tracker-bytetrack), one frame at a time.
///
/// Per frame every track's Kalman filter predicts. On a detector frame:
/// 1. high-score detections (score ≥ `highScore`) are matched to all tracks by IoU;
/// 2. confirmed tracks left over get a second chance against low-score detections
///    (`lowScore` ≤ score < `highScore`); such a match extends the track (filter update,
///    coast reset) but never counts towards confirmation;
/// 3. unmatched high-score detections start tentative tracks; low-score ones never do;
/// 4. a tentative track that misses a detector run is dropped (ByteTrack), a confirmed
///    one coasts until `maxCoastFrames` frames have passed without a match.
/// A track is confirmed after `minHits` high-score matches. Reported on a frame are the
/// confirmed tracks matched on the latest detector run: with their matched box on a
/// detector frame, with the prediction (coasting) on the frames in between.
public struct BoxTracker: Sendable {
    private struct Track: Sendable {
        var id: Int64
        var label: String
        var filter: KalmanBoxFilter
        var hits: Int
        var framesSinceMatch: Int
        var matchedLastRun: Bool
        var detection: Int64?
        var confirmed: Bool
    }

    /// The constants in use.
    public let configuration: TrackerConfiguration
    private var tracks: [Track] = []
    private var nextID: Int64 = 1
    private var solver = LinearAssignmentSolver()
    private var costs: [Double] = []
    private var trackRows: [Int] = []
    private var detectionColumns: [Int] = []
    private var detectionTaken: [Bool] = []

    /// The cost of a pair the IoU gate forbids: finite, so every problem stays feasible,
    /// and large enough that the solver maximises the number of admissible pairs first.
    private static let forbidden = 1e6

    /// Creates an empty tracker.
    public init(configuration: TrackerConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Advances one frame. `detections` are the frame's detector outputs, or nil on a
    /// coasting frame; the confirmed tracks to report are appended to `output`.
    public mutating func step(detections: ArraySlice<Detection>?, output: inout [TrackedBox]) {
        for i in tracks.indices {
            tracks[i].filter.predict()
            tracks[i].framesSinceMatch += 1
            tracks[i].detection = nil
        }
        if let detections { associate(detections) }
        tracks.removeAll { $0.framesSinceMatch > configuration.maxCoastFrames || (!$0.confirmed && !$0.matchedLastRun) }
        for track in tracks where track.confirmed && track.matchedLastRun {
            output.append(TrackedBox(trackID: track.id, label: track.label, box: track.filter.box, detection: track.detection))
        }
    }

    private mutating func associate(_ detections: ArraySlice<Detection>) {
        detectionTaken.removeAll(keepingCapacity: true)
        detectionTaken.append(contentsOf: repeatElement(false, count: detections.count))
        for i in tracks.indices { tracks[i].matchedLastRun = false }
        let base = detections.startIndex
        // First association: high-score detections against every track.
        match(detections, base: base, highScorePass: true)
        // Second association: low-score detections extend leftover confirmed tracks only.
        match(detections, base: base, highScorePass: false)
        for (k, detection) in zip(detections.indices, detections) where !detectionTaken[k - base] && detection.score >= configuration.highScore {
            tracks.append(Track(
                id: nextID, label: detection.label, filter: KalmanBoxFilter(box: detection.box), hits: 1,
                framesSinceMatch: 0, matchedLastRun: true, detection: detection.id, confirmed: configuration.minHits <= 1))
            nextID += 1
        }
    }

    /// One association pass: high-score detections against all unmatched tracks (counting
    /// as hits), or low-score detections against unmatched confirmed tracks (not counting).
    private mutating func match(_ detections: ArraySlice<Detection>, base: Int, highScorePass: Bool) {
        let (high, low) = (configuration.highScore, configuration.lowScore)
        trackRows.removeAll(keepingCapacity: true)
        detectionColumns.removeAll(keepingCapacity: true)
        for (i, track) in tracks.enumerated() where !track.matchedLastRun && (highScorePass || track.confirmed) {
            trackRows.append(i)
        }
        for k in detections.indices where !detectionTaken[k - base] {
            let score = detections[k].score
            if highScorePass ? score >= high : (score >= low && score < high) { detectionColumns.append(k) }
        }
        guard !trackRows.isEmpty, !detectionColumns.isEmpty else { return }
        costs.removeAll(keepingCapacity: true)
        for row in trackRows {
            let predicted = tracks[row].filter.box
            for column in detectionColumns {
                let detection = detections[column]
                let iou = predicted.intersectionOverUnion(detection.box)
                let admissible = iou >= configuration.iouGate && (!configuration.classAware || detection.label == tracks[row].label)
                costs.append(admissible ? 1 - iou : Self.forbidden)
            }
        }
        let columnCount = detectionColumns.count
        guard let assignment = try? solver.solve(costs: costs, rows: trackRows.count, columns: columnCount) else { return }
        for (r, c) in assignment.enumerated() where c >= 0 && costs[r * columnCount + c] < Self.forbidden {
            let t = trackRows[r], k = detectionColumns[c]
            detectionTaken[k - base] = true
            tracks[t].filter.update(box: detections[k].box)
            tracks[t].framesSinceMatch = 0
            tracks[t].matchedLastRun = true
            tracks[t].detection = detections[k].id
            if highScorePass {
                tracks[t].hits += 1
                if tracks[t].hits >= configuration.minHits { tracks[t].confirmed = true }
            }
        }
    }
}
