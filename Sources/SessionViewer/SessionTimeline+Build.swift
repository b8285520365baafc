import Foundation
import EvalMetrics
import Evaluation
import Recording
import Replay

extension SessionTimeline {
    /// Replays `recording` with `configuration` as the main job does (tracker → depth fusion →
    /// anchor registry, the absence sweep at depth fusion's LiDAR confidence, guidance for
    /// every request; `RecordingSpatialJob`), judges it the same way, and collects what the
    /// page shows.
    ///
    /// - Parameters:
    ///   - name: the recording's name, shown in the page's title.
    ///   - pathTolerance: how far, metres, the drawn camera path may stray from the recorded
    ///     one (``PathDecimation``).
    public static func build(
        _ recording: Recording, name: String, configuration: ReplayConfiguration = .init(),
        pathTolerance: Double = PathDecimation.defaultTolerance
    ) -> SessionTimeline {
        let frames = recording.frames.map { FrameTick(index: $0.index, time: $0.time) }
        var positionOf: [Int64: Int] = [:]
        for (k, frame) in frames.enumerated() { positionOf[frame.index] = k }
        let at = { (frame: Int64) -> Int in positionOf[frame] ?? 0 }
        let time = { (frame: Int64) -> Double in positionOf[frame].map { frames[$0].time } ?? 0 }

        let replay = SpatialReplay.run(recording, configuration: configuration)
        let registry = replay.registry
        let truth = RecordingGroundTruth(recording)
        let objectOfDetection = truth.objectOfDetection
        let histories = RecordingSpatialJob.histories(replay)
        let accuracy = AnchorAccuracy(
            histories: histories, objectOfDetection: objectOfDetection,
            objects: recording.groundTruthObjects, placements: recording.groundTruthPlacements)
        let objectOfInstance = accuracy.objectOfInstance
        let looks = MemoryOutcomes.absenceLooks(AbsenceScene(recording), registry: registry, configuration: configuration)
        let absence = MemoryOutcomes.absence(recording, looks: looks, histories: histories, accuracy: accuracy)
        let missing = MissingFlags(looks: looks, events: registry.events)
        let lockOn = MemoryOutcomes.lockOn(
            recording, registry: registry, looks: looks, objectOfDetection: objectOfDetection, accuracy: accuracy,
            configuration: configuration.guidance)

        let updates = anchorSteps(replay, objectOfDetection: objectOfDetection, at: at)
        let instances = instanceInfo(registry, updates: updates, objectOfInstance: objectOfInstance)
        var events = absenceEvents(looks, registry: registry, at: at, time: time)
        events += GuidanceDetails.events(
            recording, registry: registry, missing: missing, outcomes: lockOn, objectOfInstance: objectOfInstance,
            configuration: configuration.guidance, at: at)
        events += metricEvents(absence: absence, lockOn: lockOn, instances: instances, updates: updates, recording: recording,
                               objectOfInstance: objectOfInstance, at: at)
        let parity = paritySides(recording, configuration: configuration, at: at)
        if let divergence = parity?.divergence { events.append(divergence) }
        events.sort { ($0.time, $0.lane.order) < ($1.time, $1.lane.order) }

        return SessionTimeline(
            name: name, groundTruth: truth.route.text, frames: frames, constants: configuration, objects: recording.groundTruthObjects,
            placements: recording.groundTruthPlacements,
            cameraPath: PathDecimation.thin(cameraSamples(recording), tolerance: pathTolerance),
            instances: instances, updates: updates, events: events,
            secondPolicy: labelAnchorSteps(recording, replay: replay, configuration: configuration.labelAnchoring, at: at),
            parity: parity?.sides)
    }

    /// Every frame's camera centre and heading, unthinned.
    static func cameraSamples(_ recording: Recording) -> [PathSample] {
        recording.frames.enumerated().map { k, frame in
            let m = frame.pose
            // The camera looks down its −z axis: the world direction is minus the rotation's third column.
            let forward = SIMD2(-m[0, 2], -m[2, 2])
            return PathSample(frame: k, time: frame.time, position: m.translation, heading: atan2(forward.y, forward.x))
        }
    }

    /// The registry's events as steps, each with the cosine its merge test saw and the object its detection saw.
    static func anchorSteps(_ replay: SpatialReplayResult, objectOfDetection: [Int64: Int64], at: (Int64) -> Int) -> [AnchorStep] {
        var appearance: [Int: [Float]] = [:]
        return replay.registry.events.enumerated().map { k, event in
            let observation = replay.anchorObservations[k]
            var cosine: Double?
            if event.kind != .create, let a = observation.embedding, let b = appearance[event.instance] {
                cosine = AnchorRules.cosine(a, b)
            }
            if let after = event.appearance { appearance[event.instance] = after }
            return AnchorStep(
                frame: at(event.frame), time: observation.time, instance: event.instance, kind: event.kind, match: event.match,
                position: event.after, gap: event.gap, cosine: cosine,
                seenObject: objectOfDetection[replay.observations[k].detection])
        }
    }

    /// Each instance's association, and when it became blended or a duplicate.
    static func instanceInfo(_ registry: AnchorRegistry, updates: [AnchorStep], objectOfInstance: [Int: Int64]) -> [InstanceInfo] {
        var seen: [Int: Set<Int64>] = [:]
        var blendedFrom: [Int: Double] = [:]
        var createdAt: [Int: Double] = [:]
        for step in updates {
            if step.kind == .create { createdAt[step.instance] = step.time }
            guard let object = step.seenObject else { continue }
            seen[step.instance, default: []].insert(object)
            if seen[step.instance]!.count == 2, blendedFrom[step.instance] == nil { blendedFrom[step.instance] = step.time }
        }
        var duplicateFrom: [Int: Double] = [:]
        let byObject = Dictionary(grouping: registry.instances.map(\.id).filter { objectOfInstance[$0] != nil }) { objectOfInstance[$0]! }
        for (_, ids) in byObject {
            for id in ids.sorted(by: { (createdAt[$0] ?? 0, $0) < (createdAt[$1] ?? 0, $1) }).dropFirst() {
                duplicateFrom[id] = createdAt[id] ?? 0
            }
        }
        return registry.instances.map {
            InstanceInfo(id: $0.id, label: $0.label, object: objectOfInstance[$0.id], blendedFrom: blendedFrom[$0.id],
                         duplicateFrom: duplicateFrom[$0.id])
        }
    }

    /// Counted absent samples, flips by a look, and flags cleared by a re-anchor (as ``MissingFlags`` orders them).
    static func absenceEvents(
        _ looks: [AbsenceEvent], registry: AnchorRegistry, at: (Int64) -> Int, time: (Int64) -> Double
    ) -> [TimelineEvent] {
        var events: [TimelineEvent] = []
        var counted: [Int: Int] = [:]
        var flips: [Int: [AbsenceEvent]] = [:]
        // A registry update is a sighting: it clears the sweep's count before the frame's pass.
        let updates = registry.events
        var cursor = 0
        for look in looks {
            while cursor < updates.count, updates[cursor].frame <= look.frame {
                counted[updates[cursor].instance] = 0
                cursor += 1
            }
            if look.look == .absent, look.absentSamples > (counted[look.instance] ?? 0) {
                events.append(TimelineEvent(lane: .absence, frame: at(look.frame), time: look.time, instance: look.instance,
                                            detail: .absentSample(count: look.absentSamples)))
            }
            counted[look.instance] = look.absentSamples
            if look.flipped {
                events.append(TimelineEvent(lane: .absence, frame: at(look.frame), time: look.time, instance: look.instance,
                                            detail: .missingFlip(missing: look.missing, byLook: true)))
                flips[look.instance, default: []].append(look)
            }
        }
        // A registry update on a later frame than a flip to missing is a sighting that clears it.
        for (instance, list) in flips {
            var marks: [(frame: Int64, order: Int, missing: Bool, time: Double)] = list.map { ($0.frame, 1, $0.missing, $0.time) }
            marks += registry.events.filter { $0.instance == instance }.map { ($0.frame, 0, false, time($0.frame)) }
            marks.sort { ($0.frame, $0.order) < ($1.frame, $1.order) }
            var flagged = false
            for mark in marks {
                if mark.order == 1 { flagged = mark.missing; continue }
                guard flagged else { continue }
                flagged = false
                events.append(TimelineEvent(lane: .absence, frame: at(mark.frame), time: mark.time, instance: instance,
                                            detail: .missingFlip(missing: false, byLook: false)))
            }
        }
        return events
    }

    /// The metric events of the report, each at the time it happened.
    static func metricEvents(
        absence: AbsenceOutcomes, lockOn: LockOnOutcomes, instances: [InstanceInfo], updates: [AnchorStep], recording: Recording,
        objectOfInstance: [Int: Int64], at: (Int64) -> Int
    ) -> [TimelineEvent] {
        var events: [TimelineEvent] = []
        for flag in absence.flags where flag.flag.missing {
            let incident: MetricIncident
            switch flag.verdict {
            case .correct: incident = .correctMissing(instance: flag.flag.instance, object: flag.object)
            case .falseMissing: incident = .falseMissing(instance: flag.flag.instance, object: flag.object)
            case .unassociated: continue
            }
            events.append(TimelineEvent(lane: .metric, frame: at(flag.flag.frame), time: flag.flag.time, instance: flag.flag.instance,
                                        detail: .metric(incident)))
        }
        let times = recording.frames.map(\.time)
        let frameAt = { (t: Double) -> Int in max(0, (times.lastIndex { $0 <= t }) ?? 0) }
        for removal in absence.removals {
            let incident: MetricIncident = removal.latency.map { .foundRemoval(object: removal.object, moved: removal.moved, latency: $0) }
                ?? .missedRemoval(object: removal.object, moved: removal.moved)
            events.append(TimelineEvent(lane: .metric, frame: frameAt(removal.time), time: removal.time, instance: nil,
                                        detail: .metric(incident)))
        }
        for outcome in lockOn.requests {
            for lock in outcome.trace.locks where objectOfInstance[lock.instance] != outcome.trace.object {
                events.append(TimelineEvent(
                    lane: .metric, frame: at(lock.frame), time: lock.time, instance: lock.instance,
                    detail: .metric(.wrongTargetLock(request: outcome.trace.request, instance: lock.instance,
                                                     object: objectOfInstance[lock.instance]))))
            }
            for judged in outcome.arrivals where judged.arrival.state == .green && !judged.objectThere {
                events.append(TimelineEvent(lane: .metric, frame: at(judged.arrival.frame), time: judged.arrival.time,
                                            instance: outcome.trace.instance, detail: .metric(.greenOverEmptySpace(request: outcome.trace.request))))
            }
        }
        for info in instances {
            if let t = info.blendedFrom {
                events.append(TimelineEvent(lane: .metric, frame: frameAt(t), time: t, instance: info.id, detail: .metric(.blended(instance: info.id))))
            }
            if let t = info.duplicateFrom, let object = info.object {
                events.append(TimelineEvent(lane: .metric, frame: frameAt(t), time: t, instance: info.id,
                                            detail: .metric(.duplicate(instance: info.id, object: object))))
            }
        }
        return events
    }

    /// RealityRogue's label anchoring over the observations the registry received, frame by frame.
    static func labelAnchorSteps(
        _ recording: Recording, replay: SpatialReplayResult, configuration: LabelAnchoringConfiguration, at: (Int64) -> Int
    ) -> [LabelAnchorStep] {
        var frameOf: [Int64: Frame] = [:]
        for frame in recording.frames { frameOf[frame.index] = frame }
        var tracker = LabelAnchorTracker(configuration: configuration)
        var labels: [Int: String] = [:]
        var steps: [LabelAnchorStep] = []
        let observations = replay.anchorObservations
        var start = 0
        while start < observations.count {
            var end = start
            while end < observations.count, observations[end].frame == observations[start].frame { end += 1 }
            if let frame = frameOf[observations[start].frame] {
                var events: [LabelAnchorEvent] = []
                tracker.run(frame: frame, observations: observations[start..<end].map { ($0.label, $0.position) }, events: &events)
                for anchor in tracker.anchors { labels[anchor.id] = anchor.label }
                for event in events where event.kind != .miss {
                    steps.append(LabelAnchorStep(frame: at(event.frame), anchor: event.anchor, label: labels[event.anchor] ?? "",
                                                 kind: event.kind, position: event.position))
                }
            }
            start = end
        }
        return steps
    }
}

extension EventLane {
    /// Its position on the timeline, top first.
    public var order: Int { Self.allCases.firstIndex(of: self)! }
}
