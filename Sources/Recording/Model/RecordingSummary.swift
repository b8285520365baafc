/// Counts that describe a recording at a glance (what `spatial-eval inspect` prints).
public struct RecordingSummary: Equatable, Sendable {
    /// Number of camera frames.
    public var frames: Int
    /// Time from the first to the last frame, in seconds (0 with fewer than two frames).
    public var duration: Double
    /// Frames on which the detector ran.
    public var detectorFrames: Int
    /// Frames whose tracking state was not `normal`.
    public var degradedTrackingFrames: Int
    /// Number of detections of each class label.
    public var detectionsPerClass: [String: Int]
    /// Detections that carry an embedding.
    public var embeddings: Int
    /// Number of depth grids.
    public var depthGrids: Int
    /// Number of registry observations.
    public var observations: Int
    /// Number of ground-truth objects, and how many of them are persons.
    public var groundTruthObjects: Int, persons: Int
    /// Placements that put an object somewhere other than its previous placement.
    public var moves: Int
    /// Placements that end (`to` set) with no placement of the same object starting at that moment.
    public var removals: Int
    /// Number of ground-truth boxes.
    public var groundTruthBoxes: Int

    /// Summarises `recording`.
    public init(_ recording: Recording) {
        let times = recording.frames.map(\.time)
        frames = times.count
        duration = times.count > 1 ? (times.last! - times.first!) : 0
        detectorFrames = recording.frames.count(where: \.detectorRan)
        degradedTrackingFrames = recording.frames.count { $0.trackingState != .normal }
        detectionsPerClass = Dictionary(recording.detections.map { ($0.label, 1) }, uniquingKeysWith: +)
        embeddings = recording.detections.count { $0.embedding != nil }
        depthGrids = recording.depthGrids.count
        observations = recording.observations.count
        groundTruthObjects = recording.groundTruthObjects.count
        persons = recording.groundTruthObjects.count(where: \.isPerson)
        groundTruthBoxes = recording.groundTruthBoxes.count
        let byObject = Dictionary(grouping: recording.groundTruthPlacements, by: \.object)
            .mapValues { $0.sorted { ($0.from, $0.id) < ($1.from, $1.id) } }
        moves = byObject.values.reduce(0) { total, placements in
            total + zip(placements, placements.dropFirst()).count { $0.position != $1.position }
        }
        removals = byObject.values.reduce(0) { total, placements in
            total + placements.indices.count { index in
                guard let end = placements[index].to else { return false }
                return index + 1 == placements.count || placements[index + 1].from != end
            }
        }
    }
}
