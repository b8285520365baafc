import EvalNumerics
import Recording

/// One change of an instance's "missing" flag, as the absence sweep (or the app) reported it.
public struct MissingFlagChange: Equatable, Sendable {
    /// The instance whose flag changed.
    public var instance: Int
    /// The frame of the change.
    public var frame: Int64
    /// The frame's time, seconds.
    public var time: Double
    /// True when the instance became missing, false when it came back.
    public var missing: Bool

    /// Creates a change from its parts.
    public init(instance: Int, frame: Int64, time: Double, missing: Bool) {
        self.instance = instance
        self.frame = frame
        self.time = time
        self.missing = missing
    }
}

/// The verdict on one flag to missing.
public struct MissingFlagJudgement: Equatable, Sendable {
    /// How a flag to missing is judged against the ground truth.
    public enum Verdict: String, Sendable, Codable, CaseIterable {
        /// The object was gone from the anchor: removed, or moved farther than the tolerance.
        case correct
        /// The object was still at the anchor: the false "missing" of spec.md#absence-range-gate.
        case falseMissing = "false_missing"
        /// The instance stands for no ground-truth object (a false-positive instance).
        case unassociated
    }

    /// The flag.
    public var flag: MissingFlagChange
    /// The instance's associated object, if any.
    public var object: Int64?
    /// The verdict.
    public var verdict: Verdict
}

/// A ground-truth removal (or move away) of an object the memory had anchored.
public struct RemovalOutcome: Equatable, Sendable {
    /// The object.
    public var object: Int64
    /// When it left its spot, seconds (the end of a placement).
    public var time: Double
    /// Whether it moved elsewhere (true) or left the scene (false).
    public var moved: Bool
    /// Time from the removal to the first correct flag of one of its instances, seconds;
    /// nil when none was flagged (a missed removal).
    public var latency: Double?
}

/// How the absence sweep did on one recording (spec.md#metric-absence-outcomes): flags judged against the
/// ground truth, removals found or missed, with Wilson intervals on the rates.
///
/// A flag to missing at time t on an instance associated with object o is **correct** when
/// o is absent at t or its true centre lies farther than `displacementTolerance` from the
/// instance's stored anchor at t; otherwise it is a **false missing**. A **removal** is the
/// end of one of o's placements (o removed, or moved: placed again later in the recording,
/// at once or after a gap) at time r while an instance associated with o had already been
/// anchored; it is **found** when such an instance is flagged
/// correctly at or after r, with latency = flag time − r, and **missed** otherwise.
/// Persons are not judged (exempt from the sweep).
public struct AbsenceOutcomes: Equatable, Sendable {
    /// Every flag to missing, judged, in time order.
    public var flags: [MissingFlagJudgement]
    /// Every removal of an anchored object, in time order.
    public var removals: [RemovalOutcome]
    /// Flags back from missing (a sighting).
    public var unflags: Int

    /// Flags judged correct.
    public var correctFlags: Int { flags.filter { $0.verdict == .correct }.count }
    /// Flags on objects still in place.
    public var falseMissing: Int { flags.filter { $0.verdict == .falseMissing }.count }
    /// Removals no flag found.
    public var missedRemovals: Int { removals.filter { $0.latency == nil }.count }
    /// Latencies of the removals found, seconds.
    public var latencies: [Double] { removals.compactMap(\.latency) }

    /// False missing / flags on associated instances, with its Wilson interval.
    public func falseMissingRate(confidenceLevel: Double = 0.95) -> ProportionInterval {
        ProportionInterval(successes: falseMissing, trials: correctFlags + falseMissing, confidenceLevel: confidenceLevel)
    }

    /// Missed removals / removals, with its Wilson interval.
    public func missedRemovalRate(confidenceLevel: Double = 0.95) -> ProportionInterval {
        ProportionInterval(successes: missedRemovals, trials: removals.count, confidenceLevel: confidenceLevel)
    }

    /// Judges `changes` (every flag change, any order) of the instances in `histories`.
    /// - Parameters:
    ///   - objectOfInstance: the ground-truth object each instance stands for (see `AnchorAccuracy`).
    ///   - displacementTolerance: how far, metres, the object may lie from the anchor and
    ///     still count as there (default 0.5 m, the consensus snap's distance).
    public init(
        changes: [MissingFlagChange], histories: [AnchorHistory], objectOfInstance: [Int: Int64],
        objects: [GroundTruthObject], placements: [GroundTruthPlacement], displacementTolerance: Double = 0.5
    ) {
        let timeline = PlacementTimeline(placements)
        let persons = Set(objects.filter(\.isPerson).map(\.id))
        let historyOf = Dictionary(histories.map { ($0.instance, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = changes.sorted { ($0.time, $0.instance) < ($1.time, $1.instance) }
        unflags = ordered.filter { !$0.missing }.count
        flags = ordered.filter(\.missing).compactMap { flag in
            let object = objectOfInstance[flag.instance]
            if let object, persons.contains(object) { return nil }
            guard let object else { return MissingFlagJudgement(flag: flag, object: nil, verdict: .unassociated) }
            let anchor = historyOf[flag.instance].flatMap { Self.anchor(of: $0, at: flag.time) }
            let truth = timeline.position(of: object, at: flag.time)
            let gone = truth == nil || anchor.map { truth!.distance($0) > displacementTolerance } ?? true
            return MissingFlagJudgement(flag: flag, object: object, verdict: gone ? .correct : .falseMissing)
        }
        var instancesOf: [Int64: [Int]] = [:]
        for (instance, object) in objectOfInstance { instancesOf[object, default: []].append(instance) }
        var found: [RemovalOutcome] = []
        for placement in placements.sorted(by: { ($0.to ?? .infinity, $0.object) < ($1.to ?? .infinity, $1.object) }) {
            guard let end = placement.to, !persons.contains(placement.object) else { continue }
            let instances = instancesOf[placement.object] ?? []
            let anchoredBefore = instances.contains { historyOf[$0]?.updates.first.map { $0.time < end } ?? false }
            guard anchoredBefore else { continue }
            let firstFlag = flags.first {
                $0.verdict == .correct && $0.object == placement.object && $0.flag.time >= end && instances.contains($0.flag.instance)
            }
            // Moved: placed again later, at once (a labelled move) or after a while (a `moved`
            // mark, then a `placed` mark at the new spot when the person saw it land).
            let placedAgain = placements.contains { $0.object == placement.object && $0.from >= end }
            found.append(RemovalOutcome(
                object: placement.object, time: end, moved: placedAgain,
                latency: firstFlag.map { $0.flag.time - end }))
        }
        removals = found
    }

    /// The instance's stored anchor at time `t`: its latest update at or before `t`.
    static func anchor(of history: AnchorHistory, at t: Double) -> SIMD3<Double>? {
        history.updates.last { $0.time <= t }?.position
    }
}
