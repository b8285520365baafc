/// Turns model values into JSON Lines records (the inverse of `JSONLinesDecoding`).
///
/// Every optional field is written when it has a value, including ids, so that reading
/// the output gives back an equal recording. NaN grid samples become `null`.
enum JSONLinesEncoding {
    /// One frame record per frame, each holding its detections (in recording order) and
    /// their depth grids.
    /// - Throws: when a detection names a frame, or a grid a detection, that is absent.
    static func frames(of recording: Recording) throws(JSONLinesEncodingError) -> [JSONLinesRecord.Frame] {
        let frameNumbers = Set(recording.frames.map(\.index))
        var detectionsByFrame: [Int64: [Detection]] = [:]
        for detection in recording.detections {
            guard frameNumbers.contains(detection.frame) else {
                throw JSONLinesEncodingError(record: "detection \(detection.id)", field: "frame \(detection.frame) is not in the recording")
            }
            detectionsByFrame[detection.frame, default: []].append(detection)
        }
        var grids: [Int64: DepthGrid] = [:]
        let detectionIDs = Set(recording.detections.map(\.id))
        for grid in recording.depthGrids {
            guard detectionIDs.contains(grid.detection), grids[grid.detection] == nil else {
                throw JSONLinesEncodingError(
                    record: "depth grid of detection \(grid.detection)",
                    field: "the detection is missing or has another grid")
            }
            grids[grid.detection] = grid
        }
        var passes: [Int64: [DepthNetworkPass]] = [:]
        for pass in recording.depthNetworkPasses { passes[pass.detection, default: []].append(pass) }
        return recording.frames.map { frame in
            JSONLinesRecord.Frame(
                frame: frame.index, t: frame.time, tracking: frame.trackingState.rawValue, detectorRan: frame.detectorRan,
                pose: frame.pose.rowMajor, fx: frame.intrinsics.fx, fy: frame.intrinsics.fy,
                cx: frame.intrinsics.cx, cy: frame.intrinsics.cy, width: frame.width, height: frame.height,
                detections: (detectionsByFrame[frame.index] ?? []).map { record($0, grid: grids[$0.id], passes: passes[$0.id] ?? []) })
        }
    }

    /// The record of an observation.
    static func record(_ observation: Observation) -> JSONLinesRecord.Observation {
        JSONLinesRecord.Observation(
            id: observation.id, frame: observation.frame, instance: observation.instance, kind: observation.kind,
            raw: array(observation.rawPosition), before: observation.storedBefore.map(array),
            after: array(observation.storedAfter), extent: observation.extent.map(array))
    }

    /// The record of a LiDAR map; NaN depths become `null`.
    static func record(_ map: LidarMap) -> JSONLinesRecord.LidarMap {
        JSONLinesRecord.LidarMap(frame: map.frame, rows: map.rows, cols: map.columns, depth: samples(map.depth), confidence: map.confidence)
    }

    /// The record of a ground-truth object.
    static func record(_ object: GroundTruthObject) -> JSONLinesRecord.GroundTruthObject {
        JSONLinesRecord.GroundTruthObject(
            object: object.id, label: object.label, extent: array(object.extent), isPerson: object.isPerson,
            twinGroup: object.twinGroup, description: object.description)
    }

    /// The record of a ground-truth placement.
    static func record(_ placement: GroundTruthPlacement) -> JSONLinesRecord.GroundTruthPlacement {
        JSONLinesRecord.GroundTruthPlacement(
            id: placement.id, object: placement.object, fromT: placement.from, toT: placement.to,
            position: array(placement.position))
    }

    /// The record of a guidance request.
    static func record(_ request: CaptureGuidanceRequest) -> JSONLinesRecord.GuidanceRequest {
        JSONLinesRecord.GuidanceRequest(id: request.id, fromFrame: request.fromFrame, toFrame: request.toFrame, object: request.object)
    }

    /// The record of a ground-truth box.
    static func record(_ box: GroundTruthBox) -> JSONLinesRecord.GroundTruthBox {
        JSONLinesRecord.GroundTruthBox(
            id: box.id, frame: box.frame, object: box.object, box: array(box.box), visibility: box.visibility)
    }

    // MARK: - Parts

    private static func record(_ detection: Detection, grid: DepthGrid?, passes: [DepthNetworkPass]) -> JSONLinesRecord.Detection {
        JSONLinesRecord.Detection(
            id: detection.id, label: detection.label, score: detection.score, box: array(detection.box),
            embedding: detection.embedding, trackID: detection.trackID, instanceID: detection.instanceID,
            depth: grid.map(record),
            networkPasses: passes.isEmpty ? nil : passes.map { JSONLinesRecord.NetworkPass(variant: $0.variant, inverseDepth: samples($0.relativeInverseDepth)) })
    }

    /// The record of a ground-truth mark.
    static func record(_ mark: CaptureMark) -> JSONLinesRecord.Mark {
        JSONLinesRecord.Mark(
            id: mark.id, t: mark.time, frame: mark.frame, object: mark.object, mark: mark.kind.rawValue,
            position: mark.position.map(array), errorBound: mark.errorBound, twinOf: mark.twinOf, step: mark.step, note: mark.note)
    }

    private static func record(_ grid: DepthGrid) -> JSONLinesRecord.DepthGrid {
        JSONLinesRecord.DepthGrid(
            rows: grid.rows, cols: grid.columns, u: samples(grid.u), v: samples(grid.v),
            lidarDepth: samples(grid.lidarDepth), lidarConfidence: grid.lidarConfidence,
            inverseDepth: samples(grid.relativeInverseDepth), inMask: grid.inMask,
            groundTruthDepth: grid.groundTruthDepth.map(samples))
    }

    private static func samples(_ values: [Float]) -> [Float?] {
        values.map { $0.isNaN ? nil : $0 }
    }

    private static func array(_ vector: SIMD3<Double>) -> [Double] { [vector.x, vector.y, vector.z] }

    private static func array(_ box: PixelBox) -> [Double] { [box.x, box.y, box.width, box.height] }
}
