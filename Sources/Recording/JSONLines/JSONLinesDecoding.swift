/// Turns decoded JSON Lines records into model values, checking what JSON types cannot:
/// array lengths, finite numbers, known tracking states, consistent depth grids.
///
/// Identifiers that a record may omit are assigned (and checked for uniqueness) by the
/// reader's `IdentifierTable` of the record's table; `line` is where the record is.
enum JSONLinesDecoding {
    /// A frame, its detections (ids from `ids`), their depth grids and further network passes.
    static func frame(
        _ record: JSONLinesRecord.Frame, ids: inout IdentifierTable, line: Int
    ) throws(JSONLinesFieldError) -> (Frame, [Detection], [DepthGrid], [DepthNetworkPass]) {
        let tracking = record.tracking ?? TrackingState.normal.rawValue
        guard let state = TrackingState(rawValue: tracking) else {
            let names = TrackingState.allCases.map(\.rawValue).joined(separator: ", ")
            throw JSONLinesFieldError(field: "tracking", message: "expected one of \(names), found '\(tracking)'")
        }
        let frame = Frame(
            index: record.frame, time: try finite(record.t, "t"), trackingState: state,
            detectorRan: record.detectorRan ?? true,
            pose: Transform4x4(rowMajor: try numbers(record.pose, count: 16, "pose")),
            intrinsics: CameraIntrinsics(
                fx: try finite(record.fx, "fx"), fy: try finite(record.fy, "fy"),
                cx: try finite(record.cx, "cx"), cy: try finite(record.cy, "cy")),
            width: record.width, height: record.height)
        var detections: [Detection] = []
        var grids: [DepthGrid] = []
        var passes: [DepthNetworkPass] = []
        for (index, raw) in (record.detections ?? []).enumerated() {
            let field = "detections[\(index)]"
            let detection = try self.detection(raw, frame: record.frame, field: field, ids: &ids, line: line)
            detections.append(detection)
            if let depth = raw.depth {
                grids.append(try grid(depth, detection: detection.id, field: field + ".depth"))
            }
            for (k, pass) in (raw.networkPasses ?? []).enumerated() {
                let name = "\(field).network_passes[\(k)]"
                guard let grid = grids.last, grid.detection == detection.id else {
                    throw JSONLinesFieldError(field: name, message: "a network pass needs the detection's depth grid")
                }
                guard !passes.contains(where: { $0.detection == detection.id && $0.variant == pass.variant }) else {
                    throw JSONLinesFieldError(field: name + ".variant", message: "'\(pass.variant)' is given twice")
                }
                let count = grid.rows * grid.columns
                passes.append(DepthNetworkPass(
                    detection: detection.id, variant: pass.variant,
                    relativeInverseDepth: try floats(pass.inverseDepth, count: count, size: "\(grid.rows) × \(grid.columns)", name + ".inverse_depth")))
            }
        }
        return (frame, detections, grids, passes)
    }

    /// An observation with its id assigned.
    static func observation(_ record: JSONLinesRecord.Observation, ids: inout IdentifierTable, line: Int) throws(JSONLinesFieldError) -> Observation {
        Observation(
            id: try ids.assign(record.id, field: "id", line: line), frame: record.frame, instance: record.instance, kind: record.kind,
            rawPosition: try vector(record.raw, "raw"),
            storedBefore: try record.before.map { (values) throws(JSONLinesFieldError) in try vector(values, "before") },
            storedAfter: try vector(record.after, "after"),
            extent: try record.extent.map { (values) throws(JSONLinesFieldError) in try vector(values, "extent") })
    }

    /// A whole-frame LiDAR map.
    static func lidarMap(_ record: JSONLinesRecord.LidarMap) throws(JSONLinesFieldError) -> LidarMap {
        guard record.rows > 0 else { throw JSONLinesFieldError(field: "rows", message: "must be positive") }
        guard record.cols > 0 else { throw JSONLinesFieldError(field: "cols", message: "must be positive") }
        guard record.rows <= GridShape.maximumSide, record.cols <= GridShape.maximumSide else {
            throw JSONLinesFieldError(field: "rows", message: "rows and cols must be at most \(GridShape.maximumSide)")
        }
        let (count, size) = (record.rows * record.cols, "\(record.rows) × \(record.cols)")
        guard record.confidence.count == count else {
            throw JSONLinesFieldError(field: "confidence", message: "expected \(count) values (\(size)), found \(record.confidence.count)")
        }
        return LidarMap(
            frame: record.frame, rows: record.rows, columns: record.cols,
            depth: try floats(record.depth, count: count, size: size, "depth"), confidence: record.confidence)
    }

    /// A ground-truth object.
    static func groundTruthObject(_ record: JSONLinesRecord.GroundTruthObject) throws(JSONLinesFieldError) -> GroundTruthObject {
        GroundTruthObject(
            id: record.object, label: record.label, extent: try vector(record.extent, "extent"),
            isPerson: record.isPerson ?? false, twinGroup: record.twinGroup, description: record.description)
    }

    /// A ground-truth placement with its id assigned.
    static func placement(
        _ record: JSONLinesRecord.GroundTruthPlacement, ids: inout IdentifierTable, line: Int
    ) throws(JSONLinesFieldError) -> GroundTruthPlacement {
        GroundTruthPlacement(
            id: try ids.assign(record.id, field: "id", line: line), object: record.object, from: try finite(record.fromT, "from_t"),
            to: try record.toT.map { (value) throws(JSONLinesFieldError) in try finite(value, "to_t") },
            position: try vector(record.position, "position"))
    }

    /// A guidance request with its id assigned; its frames must not run backwards.
    static func guidanceRequest(
        _ record: JSONLinesRecord.GuidanceRequest, ids: inout IdentifierTable, line: Int
    ) throws(JSONLinesFieldError) -> CaptureGuidanceRequest {
        guard record.toFrame >= record.fromFrame else {
            throw JSONLinesFieldError(field: "to_frame", message: "\(record.toFrame) is before from_frame \(record.fromFrame)")
        }
        return CaptureGuidanceRequest(
            id: try ids.assign(record.id, field: "id", line: line), fromFrame: record.fromFrame, toFrame: record.toFrame, object: record.object)
    }

    /// A ground-truth box with its id assigned; visibility defaults to 1.
    static func groundTruthBox(_ record: JSONLinesRecord.GroundTruthBox, ids: inout IdentifierTable, line: Int) throws(JSONLinesFieldError) -> GroundTruthBox {
        GroundTruthBox(
            id: try ids.assign(record.id, field: "id", line: line), frame: record.frame, object: record.object,
            box: try box(record.box, "box"), visibility: try finite(record.visibility ?? 1, "visibility"))
    }

    // MARK: - Parts

    private static func detection(
        _ raw: JSONLinesRecord.Detection, frame: Int64, field: String, ids: inout IdentifierTable, line: Int
    ) throws(JSONLinesFieldError) -> Detection {
        if let embedding = raw.embedding, let bad = embedding.firstIndex(where: { !$0.isFinite }) {
            throw JSONLinesFieldError(field: "\(field).embedding[\(bad)]", message: "must be finite")
        }
        return Detection(
            id: try ids.assign(raw.id, field: field + ".id", line: line), frame: frame, label: raw.label,
            score: try finite(raw.score, field + ".score"), box: try box(raw.box, field + ".box"),
            embedding: raw.embedding, trackID: raw.trackID, instanceID: raw.instanceID)
    }

    private static func grid(_ raw: JSONLinesRecord.DepthGrid, detection: Int64, field: String) throws(JSONLinesFieldError) -> DepthGrid {
        guard raw.rows > 0 else { throw JSONLinesFieldError(field: field + ".rows", message: "must be positive") }
        guard raw.cols > 0 else { throw JSONLinesFieldError(field: field + ".cols", message: "must be positive") }
        guard raw.rows <= GridShape.maximumSide, raw.cols <= GridShape.maximumSide else {
            throw JSONLinesFieldError(field: field + ".rows", message: "rows and cols must be at most \(GridShape.maximumSide)")
        }
        let (count, size) = (raw.rows * raw.cols, "\(raw.rows) × \(raw.cols)")
        func samples(_ values: [Float?], _ name: String) throws(JSONLinesFieldError) -> [Float] {
            try floats(values, count: count, size: size, "\(field).\(name)")
        }
        func flags(_ values: [UInt8], _ name: String) throws(JSONLinesFieldError) -> [UInt8] {
            guard values.count == count else {
                throw JSONLinesFieldError(field: "\(field).\(name)", message: "expected \(count) values (\(size)), found \(values.count)")
            }
            return values
        }
        return DepthGrid(
            detection: detection, rows: raw.rows, columns: raw.cols, u: try samples(raw.u, "u"), v: try samples(raw.v, "v"),
            lidarDepth: try samples(raw.lidarDepth, "lidar_depth"),
            lidarConfidence: try flags(raw.lidarConfidence, "lidar_confidence"),
            relativeInverseDepth: try samples(raw.inverseDepth, "inverse_depth"), inMask: try flags(raw.inMask, "in_mask"),
            groundTruthDepth: try raw.groundTruthDepth.map { (values) throws(JSONLinesFieldError) in try samples(values, "gt_depth") })
    }

    // MARK: - Checks

    /// `value` when finite.
    static func finite(_ value: Double, _ field: String) throws(JSONLinesFieldError) -> Double {
        guard value.isFinite else { throw JSONLinesFieldError(field: field, message: "must be finite, found \(value)") }
        return value
    }

    /// `values` when there are exactly `count` of them, all finite.
    static func numbers(_ values: [Double], count: Int, _ field: String) throws(JSONLinesFieldError) -> [Double] {
        guard values.count == count else {
            throw JSONLinesFieldError(field: field, message: "expected \(count) numbers, found \(values.count)")
        }
        for (index, value) in values.enumerated() { _ = try finite(value, "\(field)[\(index)]") }
        return values
    }

    private static func vector(_ values: [Double], _ field: String) throws(JSONLinesFieldError) -> SIMD3<Double> {
        let xyz = try numbers(values, count: 3, field)
        return SIMD3(xyz[0], xyz[1], xyz[2])
    }

    private static func box(_ values: [Double], _ field: String) throws(JSONLinesFieldError) -> PixelBox {
        let box = try numbers(values, count: 4, field)
        return PixelBox(x: box[0], y: box[1], width: box[2], height: box[3])
    }

    /// Grid samples: `null` stands for NaN; anything else must be finite.
    static func floats(_ values: [Float?], count: Int, size: String, _ field: String) throws(JSONLinesFieldError) -> [Float] {
        guard values.count == count else {
            throw JSONLinesFieldError(field: field, message: "expected \(count) values (\(size)), found \(values.count)")
        }
        if let bad = values.firstIndex(where: { $0.map { !$0.isFinite } ?? false }) {
            throw JSONLinesFieldError(field: "\(field)[\(bad)]", message: "must be finite (write null for no value)")
        }
        return values.map { $0 ?? .nan }
    }
}
