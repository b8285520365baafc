// How each recording value maps to its table row (see `RecordingSchema` and
// `Docs/recording-format.md`).

/// One row of the `meta` table.
struct MetaEntry: TableRecord, Equatable {
    var key: String
    var value: String

    static let table = "meta"
    static let columns = ["key", "value"]
    var sqlValues: [SQLiteValue] { [.text(key), .text(value)] }
    init(key: String, value: String) {
        self.key = key
        self.value = value
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(key: try row.text("key"), value: try row.text("value"))
    }
}

extension Frame: TableRecord {
    static let table = "frames"
    static let columns = ["frame", "t", "tracking", "detector_ran", "pose", "fx", "fy", "cx", "cy", "width", "height"]
    var sqlValues: [SQLiteValue] {
        [.integer(index), .real(time), .text(trackingState.rawValue), .integer(detectorRan ? 1 : 0),
         .blob(LittleEndianBlob.encode(pose.rowMajor)),
         .real(intrinsics.fx), .real(intrinsics.fy), .real(intrinsics.cx), .real(intrinsics.cy),
         .integer(Int64(width)), .integer(Int64(height))]
    }
    init(row: RowReader) throws(RowDecodingError) {
        let tracking = try row.text("tracking")
        guard let state = TrackingState(rawValue: tracking) else {
            throw row.failure("tracking", "unknown tracking state '\(tracking)'")
        }
        self.init(
            index: try row.integer("frame"), time: try row.real("t"), trackingState: state,
            detectorRan: try row.flag("detector_ran"),
            pose: Transform4x4(rowMajor: try row.doubles("pose", count: 16)),
            intrinsics: CameraIntrinsics(
                fx: try row.real("fx"), fy: try row.real("fy"), cx: try row.real("cx"), cy: try row.real("cy")),
            width: Int(try row.integer("width")), height: Int(try row.integer("height")))
    }
}

extension Detection: TableRecord {
    static let table = "detections"
    static let columns = ["id", "frame", "label", "score", "x", "y", "w", "h", "embedding", "track_id", "instance_id"]
    var sqlValues: [SQLiteValue] {
        [.integer(id), .integer(frame), .text(label), .real(score)] + SQLiteValue.box(box)
            + [.blob(embedding.map(LittleEndianBlob.encode)), .integer(trackID), .text(instanceID)]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            id: try row.integer("id"), frame: try row.integer("frame"), label: try row.text("label"),
            score: try row.real("score"), box: try row.box(), embedding: try row.optionalFloats("embedding"),
            trackID: try row.optionalInteger("track_id"), instanceID: try row.optionalText("instance_id"))
    }
}

extension DepthGrid: TableRecord {
    static let table = "depth_grids"
    static let columns = [
        "detection", "rows", "cols", "u", "v", "lidar_depth", "lidar_confidence", "inverse_depth", "in_mask", "gt_depth",
    ]
    var sqlValues: [SQLiteValue] {
        [.integer(detection), .integer(Int64(rows)), .integer(Int64(columns)),
         .blob(LittleEndianBlob.encode(u)), .blob(LittleEndianBlob.encode(v)),
         .blob(LittleEndianBlob.encode(lidarDepth)), .blob(lidarConfidence),
         .blob(LittleEndianBlob.encode(relativeInverseDepth)), .blob(inMask),
         .blob(groundTruthDepth.map(LittleEndianBlob.encode))]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            detection: try row.integer("detection"), rows: Int(try row.integer("rows")),
            columns: Int(try row.integer("cols")), u: try row.floats("u"), v: try row.floats("v"),
            lidarDepth: try row.floats("lidar_depth"), lidarConfidence: try row.bytes("lidar_confidence"),
            relativeInverseDepth: try row.floats("inverse_depth"), inMask: try row.bytes("in_mask"),
            groundTruthDepth: try row.optionalFloats("gt_depth"))
        if let problem = shapeProblem { throw row.failure(problem.column, problem.message) }
    }
}

extension Observation: TableRecord {
    static let table = "observations"
    static let columns = [
        "id", "frame", "instance", "kind", "raw_x", "raw_y", "raw_z", "before_x", "before_y", "before_z",
        "after_x", "after_y", "after_z", "extent_x", "extent_y", "extent_z",
    ]
    var sqlValues: [SQLiteValue] {
        [.integer(id), .integer(frame), .text(instance), .text(kind)] + SQLiteValue.vector(rawPosition)
            + SQLiteValue.vector(storedBefore) + SQLiteValue.vector(storedAfter) + SQLiteValue.vector(extent)
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            id: try row.integer("id"), frame: try row.integer("frame"), instance: try row.text("instance"),
            kind: try row.text("kind"), rawPosition: try row.vector("raw"), storedBefore: try row.optionalVector("before"),
            storedAfter: try row.vector("after"), extent: try row.optionalVector("extent"))
    }
}

extension GroundTruthObject: TableRecord {
    static let table = "gt_objects"
    static let columns = ["object", "label", "extent_x", "extent_y", "extent_z", "is_person", "twin_group", "description"]
    var sqlValues: [SQLiteValue] {
        [.integer(id), .text(label)] + SQLiteValue.vector(extent)
            + [.integer(isPerson ? 1 : 0), .integer(twinGroup), .text(description)]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            id: try row.integer("object"), label: try row.text("label"), extent: try row.vector("extent"),
            isPerson: try row.flag("is_person"), twinGroup: try row.optionalInteger("twin_group"),
            description: try row.optionalText("description"))
    }
}

extension GroundTruthPlacement: TableRecord {
    static let table = "gt_placements"
    static let columns = ["id", "object", "from_t", "to_t", "x", "y", "z"]
    var sqlValues: [SQLiteValue] {
        [.integer(id), .integer(object), .real(from), .real(to), .real(position.x), .real(position.y), .real(position.z)]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            id: try row.integer("id"), object: try row.integer("object"), from: try row.real("from_t"),
            to: try row.optionalReal("to_t"), position: SIMD3(try row.real("x"), try row.real("y"), try row.real("z")))
    }
}

extension GroundTruthBox: TableRecord {
    static let table = "gt_boxes"
    static let columns = ["id", "frame", "object", "x", "y", "w", "h", "visibility"]
    var sqlValues: [SQLiteValue] {
        [.integer(id), .integer(frame), .integer(object)] + SQLiteValue.box(box) + [.real(visibility)]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            id: try row.integer("id"), frame: try row.integer("frame"), object: try row.integer("object"),
            box: try row.box(), visibility: try row.real("visibility"))
    }
}

extension LidarMap: TableRecord {
    static let table = "lidar_maps"
    static let columns = ["frame", "rows", "cols", "depth", "confidence"]
    var sqlValues: [SQLiteValue] {
        [.integer(frame), .integer(Int64(rows)), .integer(Int64(columns)),
         .blob(LittleEndianBlob.encode(depth)), .blob(confidence)]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            frame: try row.integer("frame"), rows: Int(try row.integer("rows")), columns: Int(try row.integer("cols")),
            depth: try row.floats("depth"), confidence: try row.bytes("confidence"))
        if let problem = shapeProblem { throw row.failure(problem.column, problem.message) }
    }
}

extension CaptureGuidanceRequest: TableRecord {
    static let table = "guidance_requests"
    static let columns = ["id", "from_frame", "to_frame", "object"]
    var sqlValues: [SQLiteValue] { [.integer(id), .integer(fromFrame), .integer(toFrame), .integer(object)] }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            id: try row.integer("id"), fromFrame: try row.integer("from_frame"), toFrame: try row.integer("to_frame"),
            object: try row.integer("object"))
    }
}

extension DepthNetworkPass: TableRecord {
    static let table = "depth_network_passes"
    static let columns = ["detection", "variant", "inverse_depth"]
    var sqlValues: [SQLiteValue] {
        [.integer(detection), .text(variant), .blob(LittleEndianBlob.encode(relativeInverseDepth))]
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            detection: try row.integer("detection"), variant: try row.text("variant"),
            relativeInverseDepth: try row.floats("inverse_depth"))
    }
}

extension CaptureMark: TableRecord {
    static let table = "gt_marks"
    static let columns = ["id", "t", "frame", "object", "mark", "x", "y", "z", "error_bound", "twin_of", "step", "note", "placement"]
    var sqlValues: [SQLiteValue] {
        [.integer(id), .real(time), .integer(frame), .integer(object), .text(kind.rawValue)] + SQLiteValue.vector(position)
            + [.real(errorBound), .integer(twinOf), .text(step), .text(note), .integer(placement)]
    }
    init(row: RowReader) throws(RowDecodingError) {
        let name = try row.text("mark")
        guard let kind = Kind(rawValue: name) else {
            let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw row.failure("mark", "unknown value '\(name)' (expected one of \(names))")
        }
        let parts = [try row.optionalReal("x"), try row.optionalReal("y"), try row.optionalReal("z")]
        var position: SIMD3<Double>?
        if let x = parts[0], let y = parts[1], let z = parts[2] {
            position = SIMD3(x, y, z)
        } else if parts.contains(where: { $0 != nil }) {
            throw row.failure("x/y/z", "partly NULL")
        }
        self.init(
            id: try row.integer("id"), time: try row.real("t"), frame: try row.optionalInteger("frame"),
            object: try row.optionalInteger("object"), kind: kind, position: position,
            errorBound: try row.optionalReal("error_bound"), twinOf: try row.optionalInteger("twin_of"),
            step: try row.optionalText("step"), note: try row.optionalText("note"), placement: try row.optionalInteger("placement"))
    }
}
