import EvalNumerics
import Recording

/// A labelled point on one frame: a ground-truth object or an anchor instance.
public struct TrackedPoint: Equatable, Sendable {
    /// Object or instance id (unique within its side of a frame).
    public var id: Int64
    /// World position, metres.
    public var position: SIMD3<Double>

    /// Creates a point from its parts.
    public init(id: Int64, position: SIMD3<Double>) {
        self.id = id
        self.position = position
    }
}

/// The ground-truth and hypothesis points of one frame.
public struct PointFrame: Equatable, Sendable {
    /// Ground-truth objects present (and counted) on the frame.
    public var truth: [TrackedPoint]
    /// Hypotheses (anchor instances) on the frame.
    public var hypotheses: [TrackedPoint]

    /// Creates a frame from its parts.
    public init(truth: [TrackedPoint], hypotheses: [TrackedPoint]) {
        self.truth = truth
        self.hypotheses = hypotheses
    }
}

/// CLEAR-MOT counts of a 3-D centre-distance matching.
public struct CentreDistanceCounts: Equatable, Sendable {
    /// The gate, metres: pairs at distance ≥ gate cannot match.
    public var gate: Double
    /// Ground-truth points over all frames.
    public var truthCount = 0
    /// Matched pairs.
    public var truePositives = 0
    /// Unmatched hypotheses.
    public var falsePositives = 0
    /// Unmatched ground truth.
    public var falseNegatives = 0
    /// Objects matched to a different hypothesis than at their previous match.
    public var identitySwitches = 0
    /// Σ distance of matched pairs, metres.
    public var distanceSum = 0.0

    /// MOTA-3D = 1 − (FN + FP + IDSW) / ΣGT (NaN without ground truth).
    public var mota: Double {
        truthCount > 0 ? 1 - Double(falseNegatives + falsePositives + identitySwitches) / Double(truthCount) : .nan
    }
    /// MOTP-3D: mean matched distance, metres (NaN without matches).
    public var motp: Double { truePositives > 0 ? distanceSum / Double(truePositives) : .nan }
}

/// 3-D multi-object tracking of points by centre distance: nuScenes' matching
/// (spec.md#metric-centre-distance) with the 3-D Euclidean distance instead of
/// the ground-plane one and a configurable gate.
///
/// Per frame, as py-motmetrics: (1) last frame's pairs are kept while both points exist
/// and are still within the gate; (2) the remaining points are matched by the Hungarian
/// method on distance, maximising the number of admissible pairs first; (3) an identity
/// switch is counted when an object is matched to another hypothesis than at its last match.
public enum CentreDistanceTracking {
    /// Scores `frames` with `gate` (metres).
    public static func evaluate(_ frames: [PointFrame], gate: Double) -> CentreDistanceCounts {
        var counts = CentreDistanceCounts(gate: gate)
        var solver = LinearAssignmentSolver()
        var previous: [Int64: Int64] = [:]
        var lastMatch: [Int64: Int64] = [:]
        for frame in frames {
            var pairs = continued(previous, frame: frame, gate: gate)
            let takenTruth = Set(pairs.keys), takenHypotheses = Set(pairs.values)
            let truth = frame.truth.filter { !takenTruth.contains($0.id) }
            let hypotheses = frame.hypotheses.filter { !takenHypotheses.contains($0.id) }
            for (t, h) in assign(truth, hypotheses, gate: gate, solver: &solver) { pairs[truth[t].id] = hypotheses[h].id }
            let positionOf = Dictionary(frame.hypotheses.map { ($0.id, $0.position) }, uniquingKeysWith: { a, _ in a })
            for point in frame.truth {
                guard let h = pairs[point.id], let p = positionOf[h] else { continue }
                counts.distanceSum += point.position.distance(p)
                if let last = lastMatch[point.id], last != h { counts.identitySwitches += 1 }
                lastMatch[point.id] = h
            }
            counts.truthCount += frame.truth.count
            counts.truePositives += pairs.count
            counts.falseNegatives += frame.truth.count - pairs.count
            counts.falsePositives += frame.hypotheses.count - pairs.count
            previous = pairs
        }
        return counts
    }

    /// Last frame's pairs whose two points are both present and still within the gate.
    private static func continued(_ previous: [Int64: Int64], frame: PointFrame, gate: Double) -> [Int64: Int64] {
        let hypotheses = Dictionary(frame.hypotheses.map { ($0.id, $0.position) }, uniquingKeysWith: { a, _ in a })
        var kept: [Int64: Int64] = [:]
        for point in frame.truth {
            if let h = previous[point.id], let p = hypotheses[h], point.position.distance(p) < gate { kept[point.id] = h }
        }
        return kept
    }

    /// Minimum-distance matching of admissible pairs (distance < gate), as index pairs.
    private static func assign(
        _ truth: [TrackedPoint], _ hypotheses: [TrackedPoint], gate: Double, solver: inout LinearAssignmentSolver
    ) -> [(Int, Int)] {
        guard !truth.isEmpty, !hypotheses.isEmpty else { return [] }
        // A forbidden pair costs more than any set of admissible pairs, so the solver first
        // maximises the number of admissible pairs (as motmetrics' expensive edges do).
        let forbidden = gate * Double(min(truth.count, hypotheses.count) + 1) + 1
        var costs = [Double](repeating: forbidden, count: truth.count * hypotheses.count)
        for (t, a) in truth.enumerated() {
            for (h, b) in hypotheses.enumerated() {
                let d = a.position.distance(b.position)
                if d < gate { costs[t * hypotheses.count + h] = d }
            }
        }
        guard let columns = try? solver.solve(costs: costs, rows: truth.count, columns: hypotheses.count) else { return [] }
        return columns.enumerated().compactMap { t, h in
            h >= 0 && costs[t * hypotheses.count + h] < forbidden ? (t, h) : nil
        }
    }
}


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
