/// One thing the caller handed to the recorder, waiting in its queue.
enum RecorderEntry: Sendable {
    case header(SessionHeader)
    case frame(RecordedFrame)
    case depthMap(DepthMap)
    case observation(FusedObservation)
    case decision(RecordedDecision)
    case object(MarkedObject)
    case mark(GroundTruthMark)
    case box(LabelledBox)

    /// Whether the entry may be dropped when the queue is nearly full (frames and bulk data
    /// go first; decisions, marks, definitions and the header only when it is full).
    var isBulk: Bool {
        switch self {
        case .frame, .depthMap, .observation, .box: true
        case .header, .decision, .object, .mark: false
        }
    }
}

/// Turns queue entries into the JSON Lines records of `Docs/recording-format.md` (and the
/// `mark` and `recorder` records of `Docs/recorder.md`).
enum RecordEncoding {
    /// The recorder's format name and version, in `meta.recorder`.
    static let recorderName = "SpatialEvalRecorder 1"

    /// Appends the record(s) of `entry`.
    static func encode(_ entry: RecorderEntry, into writer: inout JSONLineWriter) {
        switch entry {
        case .header(let header): encode(header, into: &writer)
        case .frame(let frame): encode(frame, into: &writer)
        case .depthMap(let map): encode(map, into: &writer)
        case .observation(let observation): encode(observation, into: &writer)
        case .decision(let decision): encode(decision, into: &writer)
        case .object(let object): encode(object, into: &writer)
        case .mark(let mark): encode(mark, into: &writer)
        case .box(let box): encode(box, into: &writer)
        }
    }

    /// The `meta` of a header: the app's facts, then the recorder's own keys.
    static func meta(of header: SessionHeader) -> [String: String] {
        var meta = header.meta
        meta["source"] = meta["source"] ?? "app"
        meta["session_id"] = header.sessionID
        meta["device"] = header.device
        meta["app_version"] = header.appVersion
        meta["recorder"] = recorderName
        if !header.configuration.isEmpty {
            var config = JSONLineWriter()
            config.object(header.configuration)
            meta["app_config"] = String(decoding: config.bytes, as: UTF8.self)
        }
        return meta
    }

    private static func encode(_ header: SessionHeader, into w: inout JSONLineWriter) {
        w.begin(type: "header")
        w.key("format"); w.string("spatial-eval-jsonl")
        w.key("version"); w.integer(2)
        w.key("meta")
        w.beginObject()
        let meta = meta(of: header)
        for name in meta.keys.sorted() {
            w.key(name)
            w.string(meta[name]!)
        }
        w.endObject()
        w.end()
    }

    private static func encode(_ frame: RecordedFrame, into w: inout JSONLineWriter) {
        w.begin(type: "frame")
        w.key("frame"); w.integer(frame.frame)
        w.key("t"); w.number(frame.time)
        w.key("tracking"); w.string(frame.tracking.rawValue)
        w.key("detector_ran"); w.bool(frame.detectorRan)
        w.key("pose"); w.numbers(frame.pose.rowMajor)
        w.key("fx"); w.number(frame.intrinsics.fx)
        w.key("fy"); w.number(frame.intrinsics.fy)
        w.key("cx"); w.number(frame.intrinsics.cx)
        w.key("cy"); w.number(frame.intrinsics.cy)
        w.key("width"); w.integer(frame.width)
        w.key("height"); w.integer(frame.height)
        w.key("detections")
        w.list(frame.detections) { w, detection in encode(detection, into: &w) }
        w.end()
    }

    private static func encode(_ detection: RecordedDetection, into w: inout JSONLineWriter) {
        w.beginObject()
        if let id = detection.id { w.key("id"); w.integer(id) }
        w.key("label"); w.string(detection.label)
        w.key("score"); w.number(detection.score)
        w.key("box"); w.box(detection.box)
        if let embedding = detection.embedding { w.key("embedding"); w.numbers(embedding) }
        if let track = detection.trackID { w.key("track_id"); w.integer(track) }
        if let instance = detection.instanceID { w.key("instance_id"); w.string(instance) }
        if let depth = detection.depth {
            w.key("depth")
            encode(depth, into: &w)
        }
        if !detection.networkPasses.isEmpty {
            w.key("network_passes")
            w.list(detection.networkPasses) { w, pass in
                w.beginObject()
                w.key("variant"); w.string(pass.variant)
                w.key("inverse_depth"); w.numbers(pass.inverseDepth)
                w.endObject()
            }
        }
        w.endObject()
    }

    private static func encode(_ grid: DepthSamples, into w: inout JSONLineWriter) {
        w.beginObject()
        w.key("rows"); w.integer(grid.rows)
        w.key("cols"); w.integer(grid.cols)
        w.key("u"); w.numbers(grid.u)
        w.key("v"); w.numbers(grid.v)
        w.key("lidar_depth"); w.numbers(grid.lidarDepth)
        w.key("lidar_confidence"); w.integers(grid.lidarConfidence)
        w.key("inverse_depth"); w.numbers(grid.inverseDepth)
        w.key("in_mask"); w.integers(grid.inMask)
        if let truth = grid.groundTruthDepth { w.key("gt_depth"); w.numbers(truth) }
        w.endObject()
    }

    private static func encode(_ map: DepthMap, into w: inout JSONLineWriter) {
        w.begin(type: "lidar_map")
        w.key("frame"); w.integer(map.frame)
        w.key("rows"); w.integer(map.rows)
        w.key("cols"); w.integer(map.cols)
        w.key("depth"); w.numbers(map.depth)
        w.key("confidence"); w.integers(map.confidence)
        w.end()
    }

    private static func encode(_ observation: FusedObservation, into w: inout JSONLineWriter) {
        w.begin(type: "observation")
        if let id = observation.id { w.key("id"); w.integer(id) }
        w.key("frame"); w.integer(observation.frame)
        w.key("instance"); w.string(observation.instance)
        w.key("kind"); w.string(observation.kind)
        w.key("raw"); w.point(observation.raw)
        if let before = observation.before { w.key("before"); w.point(before) }
        w.key("after"); w.point(observation.after)
        if let extent = observation.extent { w.key("extent"); w.point(extent) }
        if let depth = observation.depth { w.key("fused_depth"); w.number(depth) }
        if !observation.fit.isEmpty { w.key("fit"); w.object(observation.fit) }
        w.end()
    }

    private static func encode(_ decision: RecordedDecision, into w: inout JSONLineWriter) {
        w.begin(type: "decision")
        if let id = decision.id { w.key("id"); w.integer(id) }
        w.key("frame"); w.integer(decision.frame)
        w.key("kind"); w.string(decision.event.kind)
        w.key("instance"); w.string(decision.instance)
        switch decision.event {
        case .instance(let detection, let rule, let position, let label):
            w.key("detection"); w.integer(detection)
            w.key("rule"); w.string(rule.rawValue)
            if let position { w.key("position"); w.point(position) }
            if let label { w.key("label"); w.string(label) }
        case .anchorUpdate(let detection, let gap, let clamped, let snapped, let followed, let position):
            w.key("detection"); w.integer(detection)
            w.key("gap"); w.number(gap)
            w.key("clamped"); w.bool(clamped)
            w.key("snapped"); w.bool(snapped)
            w.key("followed"); w.bool(followed)
            w.key("position"); w.point(position)
        case .absenceLook(let look, let reason, let samples):
            w.key("look"); w.string(look.rawValue)
            if let reason { w.key("reason"); w.string(reason.rawValue) }
            if let samples { w.key("samples"); w.integer(samples) }
        case .missingFlip(let missing, let evidence):
            w.key("missing"); w.bool(missing)
            w.key("evidence")
            w.list(evidence) { w, sample in
                w.beginObject()
                w.key("frame"); w.integer(sample.frame)
                w.key("look"); w.string(sample.look.rawValue)
                w.endObject()
            }
        case .guidanceStart(let position):
            if let position { w.key("position"); w.point(position) }
        case .lockOn(let rule, let position):
            w.key("rule"); w.string(rule.rawValue)
            w.key("position"); w.point(position)
        case .arrival(let state):
            w.key("state"); w.string(state.rawValue)
        case .guidanceEnd:
            break
        }
        w.end()
    }

    private static func encode(_ object: MarkedObject, into w: inout JSONLineWriter) {
        w.begin(type: "gt_object")
        w.key("object"); w.integer(object.object)
        w.key("label"); w.string(object.label)
        w.key("extent"); w.point(object.extent)
        w.key("is_person"); w.bool(object.isPerson)
        if let group = object.twinGroup { w.key("twin_group"); w.integer(group) }
        if let description = object.description { w.key("description"); w.string(description) }
        w.end()
    }

    private static func encode(_ mark: GroundTruthMark, into w: inout JSONLineWriter) {
        w.begin(type: "mark")
        if let id = mark.id { w.key("id"); w.integer(id) }
        w.key("t"); w.number(mark.time)
        if let frame = mark.frame { w.key("frame"); w.integer(frame) }
        if let object = mark.object { w.key("object"); w.integer(object) }
        w.key("mark"); w.string(mark.markName)
        switch mark.kind {
        case .placed(let position, let errorBound):
            w.key("position"); w.point(position)
            w.key("error_bound"); w.number(errorBound)
        case .twin(let other):
            w.key("twin_of"); w.integer(other)
        case .stepStart(let step), .stepStop(let step):
            w.key("step"); w.string(step.rawValue)
        case .removed, .moved:
            break
        }
        if let note = mark.note { w.key("note"); w.string(note) }
        w.end()
    }

    private static func encode(_ box: LabelledBox, into w: inout JSONLineWriter) {
        w.begin(type: "gt_box")
        if let id = box.id { w.key("id"); w.integer(id) }
        w.key("frame"); w.integer(box.frame)
        w.key("object"); w.integer(box.object)
        w.key("box"); w.box(box.box)
        w.key("visibility"); w.number(box.visibility)
        w.end()
    }

    /// A `recorder` record: what the recorder itself has to say (losses, the budget stop,
    /// the end of the session), with its counters.
    static func note(event: String, counts: [(String, Int)], frames: [Int64] = [], reason: String? = nil, into w: inout JSONLineWriter) {
        w.begin(type: "recorder")
        w.key("event"); w.string(event)
        if let reason { w.key("reason"); w.string(reason) }
        for (name, value) in counts {
            w.key(name)
            w.integer(value)
        }
        if !frames.isEmpty {
            w.key("dropped_frames")
            w.list(frames) { $0.integer($1) }
        }
        w.end()
    }
}
