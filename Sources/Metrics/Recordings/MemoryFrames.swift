import Recording

/// Builds the per-frame points of the object memory for `CentreDistanceTracking`.
///
/// On every recording frame (in frame order):
/// - ground truth: each non-person object that is placed at the frame's time and has been
///   seen by then (a ground-truth box with visibility ≥ `minimumVisibility` on this or an
///   earlier frame), at its true position. An object moved while out of sight still
///   counts at its new place: the memory is expected to be wrong there until it looks.
/// - hypotheses: each instance created on or before the frame, at its latest stored
///   position (the memory's belief at that moment); the instance id is the point id.
public enum MemoryFrames {
    /// The point frames of `recording` for the instances in `histories`.
    public static func build(_ recording: Recording, histories: [AnchorHistory], minimumVisibility: Double = 0.01) -> [PointFrame] {
        let timeline = PlacementTimeline(recording.groundTruthPlacements)
        let objects = recording.groundTruthObjects.filter { !$0.isPerson }.map(\.id)
        var firstSeen: [Int64: Int64] = [:]
        for box in recording.groundTruthBoxes where box.visibility >= minimumVisibility {
            firstSeen[box.object] = min(firstSeen[box.object] ?? .max, box.frame)
        }
        var cursors = [Int](repeating: 0, count: histories.count)
        var belief: [Int64: SIMD3<Double>] = [:]
        var result: [PointFrame] = []
        for frame in recording.frames.sorted(by: { $0.index < $1.index }) {
            for (k, history) in histories.enumerated() {
                while cursors[k] < history.updates.count, history.updates[cursors[k]].frame <= frame.index {
                    belief[Int64(history.instance)] = history.updates[cursors[k]].position
                    cursors[k] += 1
                }
            }
            let truth = objects.compactMap { object -> TrackedPoint? in
                guard let seen = firstSeen[object], seen <= frame.index,
                      let position = timeline.position(of: object, at: frame.time) else { return nil }
                return TrackedPoint(id: object, position: position)
            }
            let hypotheses = belief.keys.sorted().map { TrackedPoint(id: $0, position: belief[$0]!) }
            result.append(PointFrame(truth: truth, hypotheses: hypotheses))
        }
        return result
    }
}
