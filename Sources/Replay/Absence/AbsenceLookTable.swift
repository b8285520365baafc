import Recording

/// The absence sweep over one recording and one finished registry, with everything the
/// range gate, the sightline tolerance and the counting rule do not change decided once:
/// which instances each pass looks at, where their anchors project, whether a same-label box
/// covers them, their range, size and depth, and the LiDAR depth there
/// (spec.md#absence-over-recording). ``events(configuration:)`` replays the cheap rest, so a
/// sweep over the absence constants builds one table per registry and replays it per point.
///
/// The walk: frames in order. Every registry event up to and including a frame moves its
/// instance's stored anchor to the event's `after` position, sets its size to the larger
/// side of the event's extent (what the registry knew of the object then) and counts as a
/// sighting (``AbsenceSweep/recordSighting(_:)``). On each frame that has a LiDAR map and
/// `normal` tracking, one budgeted pass (``AbsenceSweep/forEachLook(in:after:budget:_:)``) looks
/// at the instances created so far: the depth where an anchor projects is the map's nearest
/// sample with confidence ≥ `lidarConfidence`. An instance with no measured extent yet has
/// size 0, so its gate falls to the lower clamp; instances labelled `person` are exempt.
public struct AbsenceLookTable: Sendable {
    /// One step of the walk: a sighting of `instance` (no sightline) or a look at it.
    private struct Step: Sendable {
        var instance: Int
        var frame: Int64
        var time: Double
        var sightline: AbsenceSightline?
    }

    /// The looks per pass the table was built with (the configuration's `budgetPerPass`).
    public let budgetPerPass: Int
    private let steps: [Step]

    /// Walks `scene` against `registry` with `budgetPerPass` looks per pass, reading LiDAR
    /// samples of confidence ≥ `lidarConfidence`.
    public init(scene: AbsenceScene, registry: AnchorRegistry, budgetPerPass: Int, lidarConfidence: UInt8) {
        self.budgetPerPass = budgetPerPass
        let events = registry.events
        var targets: [AbsenceTarget] = []
        // The index in `targets` of each registry instance (-1 before its first event).
        var targetIndex = [Int](repeating: -1, count: registry.instances.count)
        var eventCursor = 0
        var lastLooked = -1
        var steps: [Step] = []
        for f in scene.frames.indices {
            let frameIndex = scene.frames[f].index
            while eventCursor < events.count, events[eventCursor].frame <= frameIndex {
                let event = events[eventCursor]
                let size = event.extent.map { max($0.x, $0.y) } ?? 0
                let index = targetIndex[event.instance]
                if index >= 0 {
                    targets[index].position = event.after
                    targets[index].size = size
                } else {
                    let instance = registry.instances[event.instance]
                    targetIndex[event.instance] = targets.count
                    targets.append(AbsenceTarget(instance: event.instance, label: instance.label, position: event.after, size: size,
                                                 isPerson: instance.label == "person"))
                }
                steps.append(Step(instance: event.instance, frame: frameIndex, time: scene.frames[f].time, sightline: nil))
                eventCursor += 1
            }
            let m = scene.mapOfFrame[f]
            guard m >= 0, !targets.isEmpty, scene.frames[f].trackingState == .normal, let camera = scene.cameras[f] else { continue }
            let detections = scene.detections[scene.detectionRanges[f]]
            // Instances are created in id order, so `targets` is sorted by instance id.
            AbsenceSweep.forEachLook(in: targets, after: &lastLooked, budget: budgetPerPass) { index in
                let sightline = AbsenceRules.sightline(
                    at: targets[index], camera: camera, detections: detections,
                    lidarDepth: { scene.lidarMaps[m].depth(at: $0, width: camera.width, height: camera.height, minimumConfidence: lidarConfidence) })
                steps.append(Step(instance: targets[index].instance, frame: frameIndex, time: scene.frames[f].time, sightline: sightline))
            }
        }
        self.steps = steps
    }

    /// Every look of the sweep under `configuration` (whose `budgetPerPass` must be the
    /// table's), in order: what ``AbsenceReplay/run(_:registry:configuration:lidarConfidence:)-scene`` returns.
    public func events(configuration: AbsenceConfiguration) -> [AbsenceEvent] {
        replay(configuration, flipsOnly: false)
    }

    /// The looks of ``events(configuration:)`` that flipped a flag, in order: all that the
    /// missing flags (``MissingFlags``) and the absence outcomes read.
    public func flips(configuration: AbsenceConfiguration) -> [AbsenceEvent] {
        replay(configuration, flipsOnly: true)
    }

    private func replay(_ configuration: AbsenceConfiguration, flipsOnly: Bool) -> [AbsenceEvent] {
        precondition(configuration.budgetPerPass == budgetPerPass,
                     "an absence look table built for \(budgetPerPass) looks per pass replayed with \(configuration.budgetPerPass)")
        var sweep = AbsenceSweep(configuration: configuration)
        var kept: [AbsenceEvent] = []
        for step in steps {
            guard let sightline = step.sightline else {
                sweep.recordSighting(step.instance)
                continue
            }
            let look = sightline.look(configuration: configuration)
            let flipped = sweep.count(look, of: step.instance, time: step.time)
            guard flipped || !flipsOnly else { continue }
            let state = sweep.state(of: step.instance)
            kept.append(AbsenceEvent(frame: step.frame, time: step.time, instance: step.instance, look: look,
                                     absentSamples: state.absentSamples, missing: state.missing, flipped: flipped))
        }
        return kept
    }
}
