
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

/// The ground-truth and hypothesis points of one frame, each list in the order the metric
/// takes it (the order breaks exact ties, as it does for the reference).
public struct PointFrame: Equatable, Sendable {
    /// The frame number (a recording's `frames.frame`).
    public var frame: Int64
    /// Ground-truth objects present (and counted) on the frame.
    public var truth: [TrackedPoint]
    /// Hypotheses (anchor instances) on the frame.
    public var hypotheses: [TrackedPoint]

    /// Creates a frame from its parts.
    public init(frame: Int64, truth: [TrackedPoint], hypotheses: [TrackedPoint]) {
        self.frame = frame
        self.truth = truth
        self.hypotheses = hypotheses
    }
}

/// CLEAR-MOT counts of a 3-D centre-distance matching, and motmetrics' `mota` and `motp` from them.
public struct CentreDistanceCounts: Equatable, Sendable {
    /// The gate, metres: pairs at distance ≥ gate cannot match.
    public var gate: Double
    /// Ground-truth points over all frames (motmetrics' `num_objects`).
    public var truthCount = 0
    /// Matched pairs, switches included (`num_detections`).
    public var truePositives = 0
    /// Unmatched hypotheses (`num_false_positives`).
    public var falsePositives = 0
    /// Unmatched ground truth (`num_misses`).
    public var falseNegatives = 0
    /// Pairs whose object was last matched, at any earlier frame, to another hypothesis (`num_switches`).
    public var identitySwitches = 0
    /// Σ distance of matched pairs, metres.
    public var distanceSum = 0.0

    /// Counts from their parts (all zero: an empty matching at `gate`).
    public init(
        gate: Double, truthCount: Int = 0, truePositives: Int = 0, falsePositives: Int = 0, falseNegatives: Int = 0,
        identitySwitches: Int = 0, distanceSum: Double = 0
    ) {
        self.gate = gate
        self.truthCount = truthCount
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.identitySwitches = identitySwitches
        self.distanceSum = distanceSum
    }

    /// MOTA-3D = 1 − (FN + FP + IDSW) / ΣGT, divided as motmetrics divides: without ground
    /// truth NaN when nothing was counted and −∞ when something was.
    public var mota: Double {
        1 - Double(falseNegatives + falsePositives + identitySwitches) / Double(truthCount)
    }
    /// MOTP-3D: mean matched distance, metres (NaN without matches).
    public var motp: Double { distanceSum / Double(truePositives) }
}

/// 3-D multi-object tracking of points by centre distance (spec.md#metric-centre-distance):
/// py-motmetrics 1.4.0's `MOTAccumulator` (the same ``MotmetricsAccumulatorState`` the 2-D
/// motmetrics convention runs on, spec.md#metric-motmetrics-accumulator) fed with the 3-D
/// Euclidean distance between centres, NaN at or beyond the gate.
///
/// Per frame: (1) each object keeps the hypothesis it was last matched to — at the previous
/// frame or any earlier one, after frames without a match too — when that hypothesis is
/// present and closer than the gate; (2) the remaining points are matched by the Hungarian
/// method on distance, the most pairs first, then the least summed distance; (3) an identity
/// switch is counted when an object is matched to another hypothesis than at its last match.
/// MOTA-3D = 1 − (FN + FP + IDSW)/GT and MOTP-3D = mean matched distance are motmetrics'
/// `mota` and `motp`.
public enum CentreDistanceTracking {
    /// Scores `frames` with `gate` (metres).
    public static func evaluate(_ frames: [PointFrame], gate: Double) -> CentreDistanceCounts {
        var none: [MotmetricsEvent]? = nil
        return evaluate(frames, gate: gate, events: &none)
    }

    /// Scores `frames` with `gate` (metres); when `events` is non-nil, appends every event of
    /// every frame to it as motmetrics' `mot_events` lists them (frame order; per frame the
    /// continued pairs, then the solver's pairs in row order each preceded by its `ASCEND`,
    /// `MIGRATE` and `TRANSFER`, then the misses, then the false positives).
    public static func evaluate(_ frames: [PointFrame], gate: Double, events: inout [MotmetricsEvent]?) -> CentreDistanceCounts {
        var counts = CentreDistanceCounts(gate: gate)
        let objectIndex = denseIndices(frames.lazy.flatMap(\.truth).map(\.id))
        let hypothesisIndex = denseIndices(frames.lazy.flatMap(\.hypotheses).map(\.id))
        var accumulator = MotmetricsAccumulatorState(objectCount: objectIndex.count, hypothesisCount: hypothesisIndex.count)
        var distances: [Double] = []
        for frame in frames {
            let objects = ArraySlice(frame.truth.map { objectIndex[$0.id]! })
            let hypotheses = ArraySlice(frame.hypotheses.map { hypothesisIndex[$0.id]! })
            distances.removeAll(keepingCapacity: true)
            for a in frame.truth {
                for b in frame.hypotheses {
                    let d = distance(a.position, b.position)
                    distances.append(d < gate ? d : .nan)
                }
            }
            accumulator.update(objects: objects, hypotheses: hypotheses, distances: &distances)
            for pair in accumulator.pairs {
                counts.distanceSum += pair.distance
                if pair.isSwitch { counts.identitySwitches += 1 }
                guard events != nil else { continue }
                let object = frame.truth[pair.row].id, hypothesis = frame.hypotheses[pair.column].id
                for (kind, happened) in [(MotmetricsEvent.Kind.ascend, pair.ascends), (.migrate, pair.migrates), (.transfer, pair.transfers)]
                where happened {
                    events?.append(MotmetricsEvent(frame: frame.frame, kind: kind, object: object, hypothesis: hypothesis, distance: pair.distance))
                }
                events?.append(MotmetricsEvent(
                    frame: frame.frame, kind: pair.isSwitch ? .identitySwitch : .match, object: object, hypothesis: hypothesis,
                    distance: pair.distance))
            }
            for (i, point) in frame.truth.enumerated() where !accumulator.rowMatched[i] {
                events?.append(MotmetricsEvent(frame: frame.frame, kind: .miss, object: point.id, hypothesis: nil, distance: .nan))
            }
            for (j, point) in frame.hypotheses.enumerated() where !accumulator.columnMatched[j] {
                events?.append(MotmetricsEvent(frame: frame.frame, kind: .falsePositive, object: nil, hypothesis: point.id, distance: .nan))
            }
            counts.truthCount += frame.truth.count
            counts.truePositives += accumulator.pairs.count
            counts.falseNegatives += frame.truth.count - accumulator.pairs.count
            counts.falsePositives += frame.hypotheses.count - accumulator.pairs.count
        }
        return counts
    }

    /// The 3-D Euclidean distance, evaluated as written — √((dx² + dy²) + dz²) — so that a
    /// reference given the same positions computes the same double.
    public static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// A dense index `0..<n` for each distinct id, in order of first appearance.
    private static func denseIndices(_ ids: some Sequence<Int64>) -> [Int64: Int32] {
        var index: [Int64: Int32] = [:]
        for id in ids where index[id] == nil { index[id] = Int32(index.count) }
        return index
    }
}
