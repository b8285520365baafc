import EvalMetrics
import Evaluation
import Recording
import Replay

/// What an anchor is at a time on the viewer's plan (Docs/viewer.md#states).
public enum AnchorState: String, Sendable, Equatable, CaseIterable {
    /// Re-anchored within the last ``GuidanceConfiguration/confirmationWindow`` seconds (2 s) and not flagged missing.
    case fresh
    /// Held in memory, not re-anchored recently, not flagged missing.
    case stored
    /// Flagged missing by the absence sweep.
    case missing
}

/// One anchor as the plan must draw it at a time.
public struct AnchorSnapshot: Sendable, Equatable {
    /// The registry's instance id.
    public var instance: Int
    /// Its label.
    public var label: String
    /// The stored anchor, world metres.
    public var position: SIMD3<Double>
    /// Its state.
    public var state: AnchorState
    /// Whether detections of two or more objects had fed it by then.
    public var blended: Bool
    /// Distance from the stored anchor to its associated object's true centre then, metres
    /// (nil without an object, or while the object is absent).
    public var error: Double?
}

/// The replica's anchors at chosen times, computed straight from the replay (registry
/// history, ``MissingFlags``) and not from the ``SessionTimeline``: the reference the browser
/// test holds the page's drawing to (`spatial-eval view --dump-state`).
public enum AnchorStateDump {
    /// One sampled time: the frame shown and every anchor existing then.
    public struct Sample: Sendable, Equatable {
        /// Position of the frame in the recording's frame list.
        public var frame: Int
        /// The frame's time, seconds.
        public var time: Double
        /// The anchors, by instance id.
        public var anchors: [AnchorSnapshot]
    }

    /// The anchors after everything on the last frame at or before each of `times`.
    public static func sample(_ recording: Recording, configuration: ReplayConfiguration = .init(), times: [Double]) -> [Sample] {
        let replay = SpatialReplay.run(recording, configuration: configuration)
        let registry = replay.registry
        let looks = MemoryOutcomes.absenceLooks(AbsenceScene(recording), registry: registry, configuration: configuration)
        let missing = MissingFlags(looks: looks, events: registry.events)
        let objectOfDetection = RecordingGroundTruth(recording).objectOfDetection
        let histories = RecordingSpatialJob.histories(replay)
        let objectOfInstance = AnchorAccuracy(
            histories: histories, objectOfDetection: objectOfDetection, objects: recording.groundTruthObjects,
            placements: recording.groundTruthPlacements).objectOfInstance
        let truth = PlacementTimeline(recording.groundTruthPlacements)
        let frames = recording.frames
        return times.map { t in
            let k = max(0, (frames.lastIndex { $0.time <= t }) ?? 0)
            let frame = frames[k]
            let anchors = histories.compactMap { history -> AnchorSnapshot? in
                let upTo = history.updates.indices.filter { history.updates[$0].frame <= frame.index }
                guard let last = upTo.last else { return nil }
                let position = history.updates[last].position
                let seen = Set(upTo.compactMap { objectOfDetection[history.detections[$0]] })
                let state: AnchorState = missing.isMissing(history.instance, before: frame.index + 1) ? .missing
                    : frame.time - history.updates[last].time <= configuration.guidance.confirmationWindow + SessionTimeline.freshTolerance ? .fresh : .stored
                let error = objectOfInstance[history.instance].flatMap { truth.position(of: $0, at: frame.time) }.map { position.distance(to: $0) }
                return AnchorSnapshot(instance: history.instance, label: history.label, position: position, state: state,
                                      blended: seen.count > 1, error: error)
            }
            return Sample(frame: k, time: frame.time, anchors: anchors)
        }
    }

    /// Times worth checking on `timeline`: `count` evenly spaced over the recording, and the
    /// time of the first event of each lane.
    public static func times(for timeline: SessionTimeline, count: Int = 12) -> [Double] {
        let start = timeline.startTime, end = timeline.endTime
        var times = (0..<count).map { start + (end - start) * Double($0) / Double(max(1, count - 1)) }
        for lane in EventLane.allCases {
            if let first = timeline.events.first(where: { $0.lane == lane && $0.time.isFinite }) { times.append(first.time) }
        }
        return times
    }

    /// The samples as JSON: `{"recording": …, "samples": [{"frame", "t", "anchors": [{"id", "label", "x", "y", "z", "state", "blended", "error"}]}]}`.
    public static func json(_ samples: [Sample], recording: String) -> String {
        let j = ViewerJSON()
        j.object {
            j.key("recording"); j.string(recording)
            j.key("samples")
            j.plainArray(samples) { sample in
                j.object {
                    j.key("frame"); j.int(sample.frame)
                    j.key("t"); j.number(sample.time, 6)
                    j.key("anchors")
                    j.plainArray(sample.anchors) { a in
                        j.object {
                            j.key("id"); j.int(a.instance)
                            j.key("label"); j.string(a.label)
                            j.key("x"); j.number(a.position.x, 6)
                            j.key("y"); j.number(a.position.y, 6)
                            j.key("z"); j.number(a.position.z, 6)
                            j.key("state"); j.string(a.state.rawValue)
                            j.key("blended"); j.raw(a.blended ? "true" : "false")
                            j.key("error"); j.number(a.error, 6)
                        }
                    }
                }
            }
        }
        return j.text + "\n"
    }
}
