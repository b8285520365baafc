import Foundation
import Recording
@testable import SpatialEvalRecorder

/// Feeds a recording (read by the `Recording` module) through the recorder's public API, as
/// an app would log it live: the header, object definitions, every frame with its
/// detections and grids, LiDAR maps, observations and decisions after their frame, labelled
/// boxes, and the ground truth as marks a person would make (placements as `placed`,
/// `moved` and `removed`, twin groups as `twin`, guidance requests as `guide` steps).
enum RecorderFeed {
    /// Records `recording` into `folder` and returns the recorder's counters.
    @discardableResult
    static func record(_ recording: Recording, into configuration: RecorderConfiguration) throws -> RecorderCounters {
        var meta = recording.meta
        let header = SessionHeader(
            sessionID: meta.removeValue(forKey: "session_id") ?? "feed", device: meta.removeValue(forKey: "device") ?? "",
            appVersion: "test", configuration: ["anchors.stepClamp": 0.15], meta: meta)
        let recorder = try SessionRecorder(configuration: configuration, header: header)
        for object in recording.groundTruthObjects {
            recorder.define(MarkedObject(
                object: object.id, label: object.label, extent: point(object.extent), isPerson: object.isPerson,
                description: object.description))
        }
        let detections = Dictionary(grouping: recording.detections, by: \.frame)
        let grids = Dictionary(recording.depthGrids.map { ($0.detection, $0) }, uniquingKeysWith: { a, _ in a })
        let passes = Dictionary(grouping: recording.depthNetworkPasses, by: \.detection)
        let maps = Dictionary(recording.lidarMaps.map { ($0.frame, $0) }, uniquingKeysWith: { a, _ in a })
        let observations = Dictionary(grouping: recording.observations, by: \.frame)
        let decisions = Dictionary(grouping: recording.decisions, by: \.frame)
        var marks = groundTruthMarks(recording)[...]
        for frame in recording.frames {
            while let mark = marks.first, mark.time <= frame.time {
                recorder.mark(mark)
                marks = marks.dropFirst()
            }
            recorder.record(RecordedFrame(
                frame: frame.index, time: frame.time, tracking: TrackingQuality(rawValue: frame.trackingState.rawValue)!,
                detectorRan: frame.detectorRan, pose: CameraPose(rowMajor: frame.pose.rowMajor),
                intrinsics: PinholeIntrinsics(fx: frame.intrinsics.fx, fy: frame.intrinsics.fy, cx: frame.intrinsics.cx, cy: frame.intrinsics.cy),
                width: frame.width, height: frame.height,
                detections: (detections[frame.index] ?? []).map { detection(of: $0, grid: grids[$0.id], passes: passes[$0.id] ?? []) }))
            if let map = maps[frame.index] {
                recorder.record(DepthMap(frame: map.frame, rows: map.rows, cols: map.columns, depth: map.depth, confidence: map.confidence))
            }
            for observation in observations[frame.index] ?? [] {
                recorder.record(FusedObservation(
                    id: observation.id, frame: observation.frame, instance: observation.instance, kind: observation.kind,
                    raw: point(observation.rawPosition), before: observation.storedBefore.map(point), after: point(observation.storedAfter),
                    extent: observation.extent.map(point)))
            }
            for decision in decisions[frame.index] ?? [] { recorder.record(recorded(decision)) }
        }
        for mark in marks { recorder.mark(mark) }
        for box in recording.groundTruthBoxes {
            recorder.record(LabelledBox(
                id: box.id, frame: box.frame, object: box.object, box: imageBox(box.box), visibility: box.visibility))
        }
        return recorder.finish()
    }

    /// The marks a person would make for the recording's ground truth, in time order.
    static func groundTruthMarks(_ recording: Recording) -> [GroundTruthMark] {
        var marks: [(order: Int, mark: GroundTruthMark)] = []
        let start = recording.frames.first?.time ?? 0
        func add(_ order: Int, _ mark: GroundTruthMark) { marks.append((order, mark)) }
        for (object, placements) in Dictionary(grouping: recording.groundTruthPlacements, by: \.object) {
            let sorted = placements.sorted { $0.from < $1.from }
            for (index, placement) in sorted.enumerated() {
                if index > 0, let end = sorted[index - 1].to, end < placement.from {
                    add(1, GroundTruthMark(time: end, object: object, kind: .moved))
                }
                add(2, GroundTruthMark(time: placement.from, object: object, kind: .placed(position: point(placement.position), errorBound: 0)))
            }
            if let end = sorted.last?.to { add(1, GroundTruthMark(time: end, object: object, kind: .removed)) }
        }
        for group in Set(recording.groundTruthObjects.compactMap(\.twinGroup)).sorted() {
            let members = recording.groundTruthObjects.filter { $0.twinGroup == group }.map(\.id).sorted()
            for member in members.dropFirst() { add(3, GroundTruthMark(time: start, object: member, kind: .twin(of: members[0]))) }
        }
        let time = Dictionary(recording.frames.map { ($0.index, $0.time) }, uniquingKeysWith: { a, _ in a })
        for request in recording.guidanceRequests.sorted(by: { $0.id < $1.id }) {
            add(4, GroundTruthMark(time: time[request.fromFrame]!, frame: request.fromFrame, object: request.object, kind: .stepStart(.guide)))
            add(0, GroundTruthMark(time: time[request.toFrame]!, frame: request.toFrame, object: request.object, kind: .stepStop(.guide)))
        }
        return marks.enumerated().sorted { ($0.element.mark.time, $0.element.order, $0.offset) < ($1.element.mark.time, $1.element.order, $1.offset) }
            .map(\.element.mark)
    }

    /// An app decision as the recorder's value.
    static func recorded(_ d: AppDecision) -> RecordedDecision {
        let position = d.position.map(point)
        let event: DecisionEvent
        switch d.kind {
        case .instance:
            event = .instance(detection: d.detection!, rule: MergeRule(rawValue: d.mergeRule!.rawValue)!, position: position, label: d.label)
        case .anchorUpdate:
            event = .anchorUpdate(detection: d.detection!, gap: d.gap!, clamped: d.clamped!, snapped: d.snapped!, followed: d.followed!, position: position!)
        case .absenceLook:
            event = .absenceLook(
                look: AbsenceLook(rawValue: d.look!.rawValue)!, reason: d.noEvidenceReason.map { NoEvidenceReason(rawValue: $0.rawValue)! },
                samples: d.absentSamples)
        case .missingFlip:
            event = .missingFlip(missing: d.missing!, evidence: d.evidence.map { FlipEvidence(frame: $0.frame, look: EvidenceLook(rawValue: $0.look.rawValue)!) })
        case .lockOn: event = .lockOn(rule: LockOnRule(rawValue: d.lockOnBranch!.rawValue)!, position: position!)
        case .arrival: event = .arrival(state: ArrivalState(rawValue: d.arrivalState!.rawValue)!)
        case .guidanceStart: event = .guidanceStart(position: position)
        case .guidanceEnd: event = .guidanceEnd
        }
        return RecordedDecision(id: d.id, frame: d.frame, instance: d.instance, event: event)
    }

    private static func detection(of d: Detection, grid: DepthGrid?, passes: [DepthNetworkPass]) -> RecordedDetection {
        RecordedDetection(
            id: d.id, label: d.label, score: d.score, box: imageBox(d.box), embedding: d.embedding, trackID: d.trackID,
            instanceID: d.instanceID,
            depth: grid.map {
                DepthSamples(
                    rows: $0.rows, cols: $0.columns, u: $0.u, v: $0.v, lidarDepth: $0.lidarDepth, lidarConfidence: $0.lidarConfidence,
                    inverseDepth: $0.relativeInverseDepth, inMask: $0.inMask, groundTruthDepth: $0.groundTruthDepth)
            },
            networkPasses: passes.map { DepthNetworkPassSamples(variant: $0.variant, inverseDepth: $0.relativeInverseDepth) })
    }

    static func point(_ v: SIMD3<Double>) -> WorldPoint { WorldPoint(x: v.x, y: v.y, z: v.z) }

    static func imageBox(_ b: PixelBox) -> ImageBox { ImageBox(x: b.x, y: b.y, width: b.width, height: b.height) }
}
