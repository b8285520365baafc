import Recording

/// The per-frame points the 3-D tracking of the memory scores (spec.md#metric-centre-distance),
/// one ``PointFrame`` per recording frame, in frame order. The metric and the dump of what it
/// sees (`evaluate-recording --dump-3d`) both take these frames, so they cannot differ.
public enum MemoryFrames {
    /// The point frames of `recording` for the instances in `histories`: the truth of
    /// ``truthSets(_:minimumVisibility:)`` beside the hypotheses of ``beliefs(_:histories:)``.
    public static func build(_ recording: Recording, histories: [AnchorHistory], minimumVisibility: Double = 0.01) -> [PointFrame] {
        let frames = recording.frames.sorted { $0.index < $1.index }
        let truth = truthSets(recording, minimumVisibility: minimumVisibility)
        let hypotheses = beliefs(recording, histories: histories)
        return frames.indices.map { k in PointFrame(frame: frames[k].index, truth: truth[k], hypotheses: hypotheses[k]) }
    }

    /// The 3-D truth set of every frame (in frame order): the one place that decides which
    /// objects the memory is judged against, and where. *Our input choice*, not a matching rule.
    ///
    /// On a frame: each non-person object, in `gt_objects` order, that is placed at the frame's
    /// time and has been seen by then (a ground-truth box with visibility ≥ `minimumVisibility`
    /// on this or an earlier frame), at its true position. An object moved while out of sight
    /// still counts at its new place: the memory is expected to be wrong there until it looks.
    public static func truthSets(_ recording: Recording, minimumVisibility: Double = 0.01) -> [[TrackedPoint]] {
        let timeline = PlacementTimeline(recording.groundTruthPlacements)
        let objects = recording.groundTruthObjects.filter { !$0.isPerson }.map(\.id)
        var firstSeen: [Int64: Int64] = [:]
        for box in recording.groundTruthBoxes where box.visibility >= minimumVisibility {
            firstSeen[box.object] = min(firstSeen[box.object] ?? .max, box.frame)
        }
        return recording.frames.sorted { $0.index < $1.index }.map { frame in
            objects.compactMap { object -> TrackedPoint? in
                guard let seen = firstSeen[object], seen <= frame.index,
                      let position = timeline.position(of: object, at: frame.time) else { return nil }
                return TrackedPoint(id: object, position: position)
            }
        }
    }

    /// The memory's belief on every frame (in frame order): each instance created on or before
    /// the frame, in instance-id order, at its latest stored position; the instance id is the
    /// point id.
    public static func beliefs(_ recording: Recording, histories: [AnchorHistory]) -> [[TrackedPoint]] {
        var cursors = [Int](repeating: 0, count: histories.count)
        var belief: [Int64: SIMD3<Double>] = [:]
        return recording.frames.sorted { $0.index < $1.index }.map { frame in
            for (k, history) in histories.enumerated() {
                while cursors[k] < history.updates.count, history.updates[cursors[k]].frame <= frame.index {
                    belief[Int64(history.instance)] = history.updates[cursors[k]].position
                    cursors[k] += 1
                }
            }
            return belief.keys.sorted().map { TrackedPoint(id: $0, position: belief[$0]!) }
        }
    }
}
