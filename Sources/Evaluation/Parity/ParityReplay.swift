import Recording
import Replay

/// A logged guidance session: the app guided to `instance` from frame `from` to frame `to`
/// (both inclusive).
public struct LoggedGuidanceSession: Equatable, Sendable {
    /// The app's instance the user asked for.
    public var instance: String
    /// First and last frame guided.
    public var from: Int64, to: Int64

    /// Creates a session from its parts.
    public init(instance: String, from: Int64, to: Int64) {
        self.instance = instance
        self.from = from
        self.to = to
    }
}

/// Runs the replicas on a recording's inputs for `spatial-eval parity` and compares their
/// decisions with the app's log.
///
/// Tracker → depth fusion → anchor registry and the absence sweep run as in every replay,
/// with the guided-class refresh during the sessions the app logged (their instance's class);
/// guidance has no ground-truth requests here: it replays the sessions the app logged
/// (`guidance_start` … `guidance_end`), each from the replica instance paired with the
/// app's (``InstanceCorrespondence``). A session whose instance has no replica counterpart
/// is not replayed, so its decisions count as the app's only.
public enum ParityReplay {
    /// The replicas' decisions on `recording` (instances named by registry id).
    public static func replicaDecisions(
        _ recording: Recording, configuration: ReplayConfiguration = .init(), trackSource: TrackSource = .replica
    ) -> [AppDecision] {
        let logged = sessions(in: recording.decisions, frames: recording.frames)
        let guided = logged.compactMap { session in
            label(of: session.instance, in: recording).map { GuidanceRequest(fromFrame: session.from, toFrame: session.to, query: .label($0)) }
        }
        let spatial = SpatialReplay.run(recording, configuration: configuration, trackSource: trackSource, guided: guided)
        let absence = AbsenceReplay.run(recording, registry: spatial.registry, configuration: configuration.absence)
        let withoutGuidance = ReplicaDecisions.decisions(frames: recording.frames, spatial: spatial, absence: absence)
        let instances = InstanceCorrespondence(app: recording.decisions, replica: withoutGuidance)
        let requests = logged.compactMap { session -> GuidanceRequest? in
            guard let name = instances.replicaOfApp[session.instance], let instance = Int(name) else { return nil }
            return GuidanceRequest(fromFrame: session.from, toFrame: session.to, query: .instance(instance))
        }
        guard !requests.isEmpty else { return withoutGuidance }
        let guidance = GuidanceReplay.run(
            requests: requests, registry: spatial.registry, frames: recording.frames,
            missing: MissingFlags(looks: absence, events: spatial.registry.events), configuration: configuration.guidance)
        return ReplicaDecisions.decisions(
            frames: recording.frames, spatial: spatial, absence: absence, sessions: requests, guidance: guidance)
    }

    /// The class of an app instance: its `instance` decisions' label, else the label of the
    /// detection that created or fed it; nil when the log names neither.
    static func label(of instance: String, in recording: Recording) -> String? {
        let records = recording.decisions.filter { $0.kind == .instance && $0.instance == instance }
        if let label = records.lazy.compactMap(\.label).first { return label }
        guard let detection = records.lazy.compactMap(\.detection).first else { return nil }
        return recording.detections.first { $0.id == detection }?.label
    }

    /// Replays `recording` and compares the replicas' decisions with its logged ones.
    public static func compare(
        _ recording: Recording, configuration: ReplayConfiguration = .init(), trackSource: TrackSource = .replica,
        tolerances: ParityTolerances = .init()
    ) -> DecisionComparison {
        DecisionComparison.compare(
            app: recording.decisions, replica: replicaDecisions(recording, configuration: configuration, trackSource: trackSource),
            tolerances: tolerances)
    }

    /// The guidance sessions of an app log, in order: each `guidance_start` to the next
    /// `guidance_end`; a session left open ends on the frame before the next start, or on the
    /// recording's last frame.
    public static func sessions(in decisions: [AppDecision], frames: [Frame]) -> [LoggedGuidanceSession] {
        let marks = decisions.filter { $0.kind == .guidanceStart || $0.kind == .guidanceEnd }
            .sorted { ($0.frame, $0.kind.rank, $0.id) < ($1.frame, $1.kind.rank, $1.id) }
        let indices = frames.map(\.index)
        func frameBefore(_ frame: Int64) -> Int64 {
            let position = indices.firstIndex { $0 >= frame } ?? indices.endIndex
            return position > 0 ? indices[position - 1] : frame
        }
        var result: [LoggedGuidanceSession] = []
        var open: LoggedGuidanceSession?
        for mark in marks {
            if mark.kind == .guidanceStart {
                if var session = open { session.to = max(session.from, frameBefore(mark.frame)); result.append(session) }
                open = LoggedGuidanceSession(instance: mark.instance, from: mark.frame, to: mark.frame)
            } else if var session = open {
                session.to = mark.frame
                result.append(session)
                open = nil
            }
        }
        if var session = open {
            session.to = indices.last ?? session.from
            result.append(session)
        }
        return result
    }
}
