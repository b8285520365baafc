import Recording
import Replay

/// The replicas' decisions as the records an app logs (`AppDecision`), and how app records
/// are compared where the replicas do not model what the app decides.
///
/// **The one place that maps replica outputs to decision records.** When a replica rule
/// changes (new anchor update kinds, lock-on branches, arrival states), only this file needs
/// updating: ``decisions(frames:spatial:absence:sessions:guidance:)`` for what the replicas
/// now decide, ``comparable(_:)`` and ``notModelled`` for what they still cannot.
///
/// Replica instances are named by their registry id (`"0"`, `"1"`, …).
public enum ReplicaDecisions {
    /// What the current replicas do not decide, as notes for the parity report. Each is
    /// compared only where both sides can say it (``comparable(_:)``).
    public static let notModelled = [
        "lock_on: the guidance replay reports one lock per frame, the last: an app's earlier locks on the same frame are not compared",
    ]

    /// The replicas' decisions on a recording: the instance layer and anchor updates of
    /// `spatial` (registry event k came from observation k), the looks and flips of the
    /// absence sweep `absence` (replayed over `spatial.registry`), and the guidance sessions
    /// `sessions` with their replays `guidance` (one run per session, in order).
    /// Ordered by frame, then kind (``AppDecision/Kind/rank``), then replay order; ids from 1.
    public static func decisions(
        frames: [Frame], spatial: SpatialReplayResult, absence: [AbsenceEvent], sessions: [GuidanceRequest] = [],
        guidance: [GuidanceRun] = []
    ) -> [AppDecision] {
        var timeOfFrame: [Int64: Double] = [:]
        for frame in frames { timeOfFrame[frame.index] = frame.time }
        func decision(_ frame: Int64, _ kind: AppDecision.Kind, _ instance: Int) -> AppDecision {
            AppDecision(id: 0, frame: frame, time: timeOfFrame[frame] ?? .nan, kind: kind, instance: String(instance))
        }
        var result = instanceDecisions(spatial, decision)
        result += absenceDecisions(events: spatial.registry.events, looks: absence, decision)
        result += guidanceDecisions(sessions: sessions, runs: guidance, decision)
        let ordered = result.enumerated().sorted { ($0.element.frame, $0.element.kind.rank, $0.offset) < ($1.element.frame, $1.element.kind.rank, $1.offset) }
        return ordered.enumerated().map { index, item in
            var decision = item.element
            decision.id = Int64(index + 1)
            return decision
        }
    }

    /// App decisions as the current replicas can be compared with them, and those they cannot:
    /// an arrival "change" to the state the reticle already has is not compared, and of
    /// several locks on one frame only the last is.
    public static func comparable(_ app: [AppDecision]) -> (compared: [AppDecision], notCompared: [AppDecision]) {
        var compared: [AppDecision] = []
        var notCompared: [AppDecision] = []
        var arrived: [String: AppDecision.ArrivalState] = [:]
        let lastLockOfFrame = Dictionary(app.filter { $0.kind == .lockOn }.map { ($0.frame, $0.id) }, uniquingKeysWith: max)
        for decision in app.sorted(by: { ($0.frame, $0.kind.rank, $0.id) < ($1.frame, $1.kind.rank, $1.id) }) {
            switch decision.kind {
            case .guidanceStart:
                arrived[decision.instance] = .notArrived
            case .arrival:
                guard decision.arrivalState != arrived[decision.instance, default: .notArrived] else {
                    notCompared.append(decision)
                    continue
                }
                arrived[decision.instance] = decision.arrivalState
            case .lockOn where lastLockOfFrame[decision.frame] != decision.id:
                notCompared.append(decision)
                continue
            default:
                break
            }
            compared.append(decision)
        }
        return (compared, notCompared)
    }

    // MARK: - The mapping, system by system

    /// Registry event k (from observation k): an `instance` decision (rule `new` for a
    /// creation, else the event's match) and, for a re-anchor, an `anchor_update`.
    private static func instanceDecisions(
        _ spatial: SpatialReplayResult, _ decision: (Int64, AppDecision.Kind, Int) -> AppDecision
    ) -> [AppDecision] {
        var result: [AppDecision] = []
        for (event, observation) in zip(spatial.registry.events, spatial.observations) {
            var filed = decision(event.frame, .instance, event.instance)
            filed.detection = observation.detection
            filed.label = observation.label
            filed.mergeRule = event.match.map(mergeRule) ?? .new
            guard event.kind != .create else {
                filed.position = event.after
                result.append(filed)
                continue
            }
            result.append(filed)
            var update = decision(event.frame, .anchorUpdate, event.instance)
            update.detection = observation.detection
            update.gap = event.gap
            update.clamped = event.kind == .clamped
            update.snapped = event.kind == .snap
            update.followed = event.kind == .follow
            update.position = event.after
            result.append(update)
        }
        return result
    }

    private static func mergeRule(_ match: AnchorMatch) -> AppDecision.MergeRule {
        switch match {
        case .sameTrack: .sameTrack
        case .nearCosine: .nearCosine
        case .nearNoEmbedding: .nearNoEmbedding
        case .farCosine: .farCosine
        }
    }

    /// Every look as an `absence_look`; every change of the missing flag as a `missing_flip`
    /// with its evidence: the counted absent looks behind a flip to missing, the sighting (a
    /// covered look, or a registry event: spec.md#absence-over-recording) behind a flip back.
    /// Registry events of a frame come before its pass, as in `AbsenceReplay`.
    private static func absenceDecisions(
        events: [AnchorEvent], looks: [AbsenceEvent], _ decision: (Int64, AppDecision.Kind, Int) -> AppDecision
    ) -> [AppDecision] {
        struct State {
            var missing = false
            var counted: [AppDecision.EvidenceSample] = []
        }
        var states: [Int: State] = [:]
        var result: [AppDecision] = []
        func flip(_ frame: Int64, _ instance: Int, missing: Bool, evidence: [AppDecision.EvidenceSample]) {
            var flipped = decision(frame, .missingFlip, instance)
            flipped.missing = missing
            flipped.evidence = evidence
            result.append(flipped)
        }
        var e = 0
        var l = 0
        while e < events.count || l < looks.count {
            if e < events.count, l == looks.count || events[e].frame <= looks[l].frame {
                let event = events[e]
                e += 1
                if states[event.instance]?.missing == true {
                    let time = decision(event.frame, .missingFlip, event.instance).time
                    flip(event.frame, event.instance, missing: false,
                         evidence: [AppDecision.EvidenceSample(frame: event.frame, time: time, look: .reanchor)])
                }
                states[event.instance] = State()
                continue
            }
            let look = looks[l]
            l += 1
            var recorded = decision(look.frame, .absenceLook, look.instance)
            recorded.absentSamples = look.absentSamples
            var state = states[look.instance] ?? State()
            switch look.look {
            case .absent:
                recorded.look = .absent
                if look.absentSamples > state.counted.count {
                    state.counted.append(AppDecision.EvidenceSample(frame: look.frame, time: look.time, look: .absent))
                }
            case .covered:
                recorded.look = .covered
                if state.missing {
                    flip(look.frame, look.instance, missing: false,
                         evidence: [AppDecision.EvidenceSample(frame: look.frame, time: look.time, look: .covered)])
                }
                state = State()
            case .noEvidence(let reason):
                recorded.look = .noEvidence
                recorded.noEvidenceReason = noEvidenceReason(reason)
            }
            result.append(recorded)
            if look.flipped, look.missing {
                flip(look.frame, look.instance, missing: true, evidence: state.counted)
                state.missing = true
            }
            states[look.instance] = state
        }
        return result
    }

    private static func noEvidenceReason(_ reason: NoEvidenceReason) -> AppDecision.NoEvidenceReason {
        switch reason {
        case .outOfView: .outOfView
        case .outOfRange: .outOfRange
        case .occluded: .occluded
        case .noDepth: .noDepth
        }
    }

    /// Per session the replay could start (the memory held its query before its first
    /// frame): `guidance_start` with the starting target, `guidance_end` on its last frame,
    /// its locks (`lock_on`, target after the frame) and its reticle changes (`arrival`:
    /// none, amber or green, spec.md#arrival-states).
    private static func guidanceDecisions(
        sessions: [GuidanceRequest], runs: [GuidanceRun], _ decision: (Int64, AppDecision.Kind, Int) -> AppDecision
    ) -> [AppDecision] {
        var result: [AppDecision] = []
        for (session, run) in zip(sessions, runs) {
            guard let start = run.start else { continue }
            var started = decision(session.fromFrame, .guidanceStart, start.instance)
            started.position = start.position
            result += [started, decision(session.toFrame, .guidanceEnd, start.instance)]
            for event in run.events {
                if let lock = event.lock {
                    var locked = decision(event.frame, .lockOn, lock.instance)
                    locked.lockOnBranch = lock.reason == .instanceMatch ? .instance : .sameClass
                    locked.position = event.target
                    result.append(locked)
                }
                if let arrival = event.arrival {
                    var changed = decision(event.frame, .arrival, start.instance)
                    changed.arrivalState = switch arrival {
                    case .none: .notArrived
                    case .amber: .amber
                    case .green: .green
                    }
                    result.append(changed)
                }
            }
        }
        return result
    }
}
