import EvalMetrics
import Recording
import Replay

/// A real move of a ground-truth object: it was placed somewhere else from `time` on.
public struct ObjectMove: Equatable, Sendable {
    /// The object.
    public var object: Int64
    /// When the new placement starts, seconds.
    public var time: Double
    /// Where it is from then on, world metres.
    public var position: SIMD3<Double>
}

/// Detection pairs scored by appearance: the cosine of their embeddings and whether both saw
/// the same object (the evidence behind the merge cosine, spec.md#twins-negative-result).
public struct CosinePairs: Equatable, Sendable {
    /// Cosine similarity of each pair's embeddings.
    public var cosines: [Double] = []
    /// True when both detections saw the same object, false when they saw two objects of
    /// the same twin group (the "twin cross-cosine").
    public var sameObject: [Bool] = []

    /// Creates pairs from their parts.
    public init(cosines: [Double] = [], sameObject: [Bool] = []) {
        self.cosines = cosines
        self.sameObject = sameObject
    }
}

/// What the sweep's objectives judge against on one recording, computed once: which object
/// each detection saw, where objects truly were, their real moves and the twin cosine pairs.
public struct RecordingTruth: Sendable {
    /// The object each detection saw (labelled boxes or marks, ``RecordingGroundTruth``).
    public var objectOfDetection: [Int64: Int64]
    /// The ground-truth objects.
    public var objects: [GroundTruthObject]
    /// Their placements.
    public var placements: [GroundTruthPlacement]
    /// Placements that start at a position more than ``moveDistance`` from the object's
    /// previous placement, in time order.
    public var moves: [ObjectMove]
    /// Same-object and twin cross-object detection pairs with embeddings.
    public var cosinePairs: CosinePairs
    /// The first frame's time, seconds (0 without frames).
    public var startTime: Double
    /// The last frame's time, seconds (0 without frames).
    public var endTime: Double
    /// The recording's guidance requests with their start times, the requested objects'
    /// redetections and the users' queries (``GuidanceTraces/prepare(_:objectOfDetection:)``).
    public var guidanceRequests: [GuidanceTraces.PreparedRequest]

    /// The recording's length, seconds: the time the memory was in use.
    public var duration: Double { endTime - startTime }

    /// A new placement further than this from the previous one is a real move, metres.
    public static let moveDistance = 0.3

    /// Prepares the truth of `recording`, by whichever route it comes (spec.md#ground-truth-route).
    public init(_ recording: Recording) {
        self.init(RecordingGroundTruth(recording))
    }

    /// Prepares the truth of a recording whose ground truth is resolved.
    public init(_ truth: RecordingGroundTruth) {
        let recording = truth.recording
        objectOfDetection = truth.objectOfDetection
        objects = recording.groundTruthObjects
        placements = recording.groundTruthPlacements
        startTime = recording.frames.first?.time ?? 0
        endTime = recording.frames.last?.time ?? 0
        var moves: [ObjectMove] = []
        let byObject = Dictionary(grouping: placements, by: \.object)
        for object in byObject.keys.sorted() {
            let sorted = byObject[object]!.sorted { $0.from < $1.from }
            for (previous, next) in zip(sorted, sorted.dropFirst()) {
                let d = next.position - previous.position
                if (d * d).sum().squareRoot() > Self.moveDistance {
                    moves.append(ObjectMove(object: object, time: next.from, position: next.position))
                }
            }
        }
        self.moves = moves.sorted { ($0.time, $0.object) < ($1.time, $1.object) }
        cosinePairs = Self.pairs(recording, objectOfDetection: objectOfDetection)
        guidanceRequests = GuidanceTraces.prepare(recording, objectOfDetection: objectOfDetection)
    }

    /// Every pair of same-label detections with embeddings that saw objects of one twin group.
    private static func pairs(_ recording: Recording, objectOfDetection: [Int64: Int64]) -> CosinePairs {
        let twinGroup = Dictionary(uniqueKeysWithValues: recording.groundTruthObjects.compactMap { o in o.twinGroup.map { (o.id, $0) } })
        let seen = recording.detections.compactMap { d -> (Detection, Int64, [Float])? in
            guard let e = d.embedding, let o = objectOfDetection[d.id], twinGroup[o] != nil else { return nil }
            return (d, o, e)
        }
        var result = CosinePairs()
        for i in seen.indices {
            for j in seen.indices where j > i && seen[i].0.label == seen[j].0.label && twinGroup[seen[i].1] == twinGroup[seen[j].1] {
                result.cosines.append(AnchorRules.cosine(seen[i].2, seen[j].2))
                result.sameObject.append(seen[i].1 == seen[j].1)
            }
        }
        return result
    }
}
