import Recording

/// Runs the tracker replica over a whole recording (spec.md#tracker, spec.md#tracker-detect-every-n).
public enum TrackerReplay {
    /// The confirmed tracks of every frame of `recording`, in frame order.
    ///
    /// A frame is a detector frame when the recording says the detector ran on it and it
    /// is every `detectEvery`-th such frame (the first one included); the tracker coasts
    /// on all other frames. Detections are taken in the recording's order within a frame.
    public static func run(_ recording: Recording, configuration: TrackerConfiguration = .init()) -> [TrackerFrame] {
        let detections = recording.detectionsInFrameOrder()
        var tracker = BoxTracker(configuration: configuration)
        var result: [TrackerFrame] = []
        result.reserveCapacity(recording.frames.count)
        var boxes: [TrackedBox] = []
        var cursor = 0
        var detectorRuns = 0
        let every = max(configuration.detectEvery, 1)
        for frame in recording.frames.sorted(by: { $0.index < $1.index }) {
            while cursor < detections.count, detections[cursor].frame < frame.index { cursor += 1 }
            var end = cursor
            while end < detections.count, detections[end].frame == frame.index { end += 1 }
            var runs = false
            if frame.detectorRan {
                runs = detectorRuns % every == 0
                detectorRuns += 1
            }
            boxes.removeAll(keepingCapacity: true)
            tracker.step(detections: runs ? detections[cursor..<end] : nil, output: &boxes)
            result.append(TrackerFrame(frame: frame.index, detectorRan: runs, tracks: boxes))
            cursor = end
        }
        return result
    }
}

extension Recording {
    /// The detections sorted by frame, keeping the recording's order within a frame.
    func detectionsInFrameOrder() -> [Detection] {
        var sorted = detections
        var isSorted = true
        for k in sorted.indices.dropFirst() where sorted[k - 1].frame > sorted[k].frame {
            isSorted = false
            break
        }
        if !isSorted {
            sorted = detections.enumerated()
                .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
                .map(\.element)
        }
        return sorted
    }
}
