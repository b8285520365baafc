import EvalNumerics
import Recording

/// Where the marks of a session written as recorded put the objects
/// (spec.md#as-recorded-sessions).
public enum MarkFrame: String, CaseIterable, Sendable, Codable {
    /// Every placement marked exactly, in the simulator's true world frame, at the time the
    /// placement starts: the marks give back the simulator's own `gt_placements`, so a
    /// comparison with the labelled session isolates how detections are attributed.
    case trueFrame = "true-frame"
    /// As a phone makes them: a placement is marked when the object is first in clear view
    /// (a ground-truth box with visibility ≥ ``AsRecordedSession/clearView``), in the recorded
    /// (drifting) frame of that moment, displaced by a uniform draw within the error bound.
    case phone
}

/// A simulated capture written the way an app with the recorder writes a real session
/// (spec.md#as-recorded-sessions): `meta.source` = `app`, no labelled boxes (`gt_boxes`), no
/// true depth behind the depth samples (`depth_grids.gt_depth`), no simulator keys in `meta`,
/// and ground truth only as marks — `placed`, `moved`, `removed`, `twin` and `guide` steps —
/// turned into placements, twin groups and guidance requests by the importer's own rule
/// (`CaptureMarks.groundTruth(from:into:)`).
///
/// The sessions are still simulated: `meta.device` and `meta.notes` say so, and every
/// document that quotes figures from them labels them simulated.
public enum AsRecordedSession {
    /// The `meta` keys only a simulator writes, left out.
    public static let simulatorKeys = ["simulator", "simulation_config", "seed", "frames_pose"]
    /// The visibility at which a person sees an object well enough to mark it (phone marks).
    public static let clearView = 0.5

    /// `capture` as an app would have recorded it, its marks in `frame` within `errorBound`
    /// metres (phone marks draw their displacement from `seed`'s mark stream).
    public static func recording(
        of capture: SimulatedCapture, marks frame: MarkFrame, errorBound: Double, seed: UInt64
    ) -> Recording {
        let truth = capture.recording
        var result = truth
        result.meta = meta(truth.meta, frame: frame, errorBound: errorBound)
        result.groundTruthBoxes = []
        result.groundTruthPlacements = []
        result.guidanceRequests = []
        for index in result.groundTruthObjects.indices { result.groundTruthObjects[index].twinGroup = nil }
        for index in result.depthGrids.indices { result.depthGrids[index].groundTruthDepth = nil }
        var random = RandomStreams(seed: seed).generator(.marks)
        let made = marks(of: capture, frame: frame, errorBound: errorBound, random: &random)
        result.marks = CaptureMarks.groundTruth(from: made, into: &result)
        return result
    }

    /// The app's `meta`: the simulator's keys left out, `source` = `app`, and a note saying
    /// how the session was made.
    static func meta(_ meta: [String: String], frame: MarkFrame, errorBound: Double) -> [String: String] {
        var result = meta.filter { !simulatorKeys.contains($0.key) }
        result["source"] = "app"
        // Each simulated session draws its object placements anew: an independent draw, not a
        // revisit of one room, so its room is its own resampling cluster (spec.md#sweep-verdict-recorded).
        if let room = meta["room"], let seed = meta["seed"] { result["room"] = "\(room) #\(seed)" }
        result["device"] = (meta["device"] ?? "simulated iPhone") + " (simulated, written as recorded)"
        result["notes"] = "simulated by \(meta["simulator"] ?? SimulatorInfo.name) seed \(meta["seed"] ?? "?"), written as an app records it: "
            + "no labelled boxes, ground truth from \(frame.rawValue) marks within \(errorBound) m"
        return result
    }

    /// The marks a person following the capture protocol would have made, ids in time order.
    static func marks(of capture: SimulatedCapture, frame: MarkFrame, errorBound: Double, random: inout SplitMix64) -> [CaptureMark] {
        let recording = capture.recording
        let frames = recording.frames
        var made: [CaptureMark] = []
        func frameIndex(_ time: Double) -> Int? { frames.firstIndex { $0.time >= time } }
        let byObject = Dictionary(grouping: recording.groundTruthPlacements, by: \.object)
        for object in byObject.keys.sorted() {
            let placements = byObject[object]!.sorted { $0.from < $1.from }
            for (index, placement) in placements.enumerated() {
                guard let mark = placedMark(
                    placement, capture: capture, frame: frame, errorBound: errorBound, random: &random, frameIndex: frameIndex)
                else { continue }
                made.append(mark)
                guard let end = placement.to else { continue }
                // An object that comes back is `moved` (a `removed` object may not be placed again).
                made.append(CaptureMark(
                    id: 0, time: end, frame: frameIndex(end).map { frames[$0].index }, object: object,
                    kind: index + 1 < placements.count ? .moved : .removed))
            }
        }
        made += twinMarks(recording, after: made)
        made += guideSteps(recording)
        made.sort { ($0.time, order($0.kind)) < ($1.time, order($1.kind)) }
        for index in made.indices { made[index].id = Int64(index + 1) }
        return made
    }

    /// Same-time marks in the order a person makes them: an object leaves before anything is placed.
    private static func order(_ kind: CaptureMark.Kind) -> Int {
        switch kind {
        case .stepStop: 0
        case .removed, .moved: 1
        case .placed: 2
        case .twin: 3
        case .stepStart: 4
        }
    }

    /// The `placed` mark of one placement, nil when a phone never saw the object there.
    private static func placedMark(
        _ placement: GroundTruthPlacement, capture: SimulatedCapture, frame: MarkFrame, errorBound: Double,
        random: inout SplitMix64, frameIndex: (Double) -> Int?
    ) -> CaptureMark? {
        let frames = capture.recording.frames
        switch frame {
        case .trueFrame:
            return CaptureMark(
                id: 0, time: placement.from, frame: frameIndex(placement.from).map { frames[$0].index }, object: placement.object,
                kind: .placed, position: placement.position, errorBound: errorBound)
        case .phone:
            let end = placement.to ?? .infinity
            let inView = Set(capture.recording.groundTruthBoxes.filter { $0.object == placement.object && $0.visibility >= clearView }.map(\.frame))
            guard let index = frames.indices.first(where: {
                frames[$0].time >= placement.from && frames[$0].time < end && inView.contains(frames[$0].index)
            }) else { return nil }
            let camera = capture.cameras[index]
            let recorded = camera.recordedPose.worldPoint(fromCamera: camera.truePose.cameraPoint(fromWorld: placement.position))
            return CaptureMark(
                id: 0, time: frames[index].time, frame: frames[index].index, object: placement.object, kind: .placed,
                position: recorded + withinBall(radius: errorBound, random: &random), errorBound: errorBound)
        }
    }

    /// A uniform draw inside a ball of `radius` metres.
    private static func withinBall(radius: Double, random: inout SplitMix64) -> SIMD3<Double> {
        guard radius > 0 else { return .zero }
        while true {
            let p = SIMD3(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1))
            if (p * p).sum() <= 1 { return p * radius }
        }
    }

    /// One `twin` mark per look-alike, made with its first `placed` mark: the object of each
    /// twin group after the first is marked a twin of the group's first marked object.
    private static func twinMarks(_ recording: Recording, after placed: [CaptureMark]) -> [CaptureMark] {
        let firstPlaced = Dictionary(placed.filter { $0.kind == .placed }.map { ($0.object!, $0) }, uniquingKeysWith: { a, b in a.time <= b.time ? a : b })
        let groups = Dictionary(grouping: recording.groundTruthObjects.filter { $0.twinGroup != nil && firstPlaced[$0.id] != nil }, by: { $0.twinGroup! })
        var result: [CaptureMark] = []
        for group in groups.keys.sorted() {
            let members = groups[group]!.sorted { (firstPlaced[$0.id]!.time, $0.id) < (firstPlaced[$1.id]!.time, $1.id) }
            for member in members.dropFirst() {
                let mark = firstPlaced[member.id]!
                result.append(CaptureMark(id: 0, time: mark.time, frame: mark.frame, object: member.id, kind: .twin, twinOf: members[0].id))
            }
        }
        return result
    }

    /// A `guide` step per guidance request, started on its first frame and stopped on its last.
    private static func guideSteps(_ recording: Recording) -> [CaptureMark] {
        let timeOf = Dictionary(uniqueKeysWithValues: recording.frames.map { ($0.index, $0.time) })
        return recording.guidanceRequests.flatMap { request -> [CaptureMark] in
            guard let from = timeOf[request.fromFrame], let to = timeOf[request.toFrame] else { return [] }
            return [
                CaptureMark(id: 0, time: from, frame: request.fromFrame, object: request.object, kind: .stepStart, step: CaptureMarks.guideStep),
                CaptureMark(id: 0, time: to, frame: request.toFrame, object: request.object, kind: .stepStop, step: CaptureMarks.guideStep),
            ]
        }
    }
}
