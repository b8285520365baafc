import EvalMetrics
import Recording
import Replay

/// Writes the replicas' own decisions into a recording as its app decision log, so that
/// `spatial-eval parity` can be exercised end to end on simulated captures
/// (`spatial-eval simulate --with-decisions`).
public enum ReplicaDecisionLog {
    /// `recording` with `decisions` set to what the replicas decide on it with
    /// `configuration`. Its guidance sessions are the recording's guidance requests, each
    /// asking for the requested object's label as the app's user would
    /// (spec.md#lockon-start-instance); a request the memory cannot answer logs nothing, and
    /// a session ends before the next one starts (an app guides to one thing at a time).
    public static func attach(
        to recording: Recording, configuration: ReplayConfiguration = .init(), trackSource: TrackSource = .replica
    ) -> Recording {
        let sessions = oneAtATime(
            recording.guidanceRequests.compactMap { GuidanceRequest($0, objects: recording.groundTruthObjects) },
            frames: recording.frames.map(\.index))
        let spatial = SpatialReplay.run(recording, configuration: configuration, trackSource: trackSource, guided: sessions)
        let absence = AbsenceReplay.run(recording, registry: spatial.registry, configuration: configuration.absence)
        let missing = MissingFlags(looks: absence, events: spatial.registry.events)
        let guidance = GuidanceReplay.run(
            requests: sessions, registry: spatial.registry, frames: recording.frames, missing: missing,
            configuration: configuration.guidance)
        var result = recording
        result.decisions = ReplicaDecisions.decisions(
            frames: recording.frames, spatial: spatial, absence: absence, sessions: sessions, guidance: guidance)
        return result
    }

    /// `sessions` by first frame, each ending at the latest on the frame before the next
    /// one starts; a session left with no frame is dropped.
    static func oneAtATime(_ sessions: [GuidanceRequest], frames: [Int64]) -> [GuidanceRequest] {
        let ordered = sessions.sorted { ($0.fromFrame, $0.toFrame) < ($1.fromFrame, $1.toFrame) }
        return ordered.indices.compactMap { index in
            var session = ordered[index]
            if index + 1 < ordered.count, ordered[index + 1].fromFrame <= session.toFrame {
                let next = ordered[index + 1].fromFrame
                guard let before = frames.last(where: { $0 < next }), before >= session.fromFrame else { return nil }
                session.toFrame = before
            }
            return session
        }
    }
}
