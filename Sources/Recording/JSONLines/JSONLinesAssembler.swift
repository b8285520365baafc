import Foundation

/// Builds a `Recording` from JSON Lines records fed one line at a time.
///
/// Checks what spans records: the header comes first, frame numbers and times strictly
/// increase, identifiers are unique (omitted ones continue from the largest so far), and
/// references (a box's frame and object, a placement's object, an observation's frame, a
/// decision's frame and detection) resolve once the whole file has been read; a decision
/// without `t` then gets its frame's, and one with `t` must have its frame's.
struct JSONLinesAssembler {
    /// The file, for messages.
    let path: String
    private let decoder = JSONDecoder()
    private var recording = Recording()
    private var recordCount = 0
    private var lastFrame: (index: Int64, time: Double, line: Int)?
    private var frameLines: [Int64: Int] = [:]
    private var objectLines: [Int64: Int] = [:]
    private var detectionIDs = IdentifierTable(table: "detection")
    private var observationIDs = IdentifierTable(table: "observation")
    private var placementIDs = IdentifierTable(table: "gt_placement")
    private var boxIDs = IdentifierTable(table: "gt_box")
    private var decisionIDs = IdentifierTable(table: "decision")
    private var mapLines: [Int64: Int] = [:]
    /// The line of each decision, in `recording.decisions` order.
    private var decisionLines: [Int] = []
    /// What a reference names.
    private enum Target: String {
        case frame, object = "gt_object", detection
    }
    /// References to check at the end: line, field, id, and what it names.
    private var references: [(line: Int, field: String, id: Int64, target: Target)] = []

    /// Starts an empty recording read from `path`.
    init(path: String) {
        self.path = path
    }

    /// Adds the record on line `number` (1-based); blank lines are skipped.
    mutating func add(line bytes: Data, number: Int) throws(InputError) {
        guard bytes.contains(where: { !Self.isBlank($0) }) else { return }
        do throws(JSONLinesFieldError) {
            try add(bytes, line: number)
        } catch {
            throw InputError(file: path, line: number, message: error.text)
        }
        recordCount += 1
    }

    /// The recording, with every array sorted by identifier as `RecordingStore` reads them.
    func finish() throws(InputError) -> Recording {
        let detectionIDs = Set(recording.detections.map(\.id))
        for reference in references {
            let known = switch reference.target {
            case .frame: frameLines[reference.id] != nil
            case .object: objectLines[reference.id] != nil
            case .detection: detectionIDs.contains(reference.id)
            }
            if !known {
                throw InputError(file: path, line: reference.line,
                                 message: "\(reference.field): \(reference.id) is not a \(reference.target.rawValue) of this file")
            }
        }
        var result = recording
        result.decisions = try timedDecisions()
        result.detections.sort { $0.id < $1.id }
        result.depthGrids.sort { $0.detection < $1.detection }
        result.observations.sort { $0.id < $1.id }
        result.groundTruthObjects.sort { $0.id < $1.id }
        result.groundTruthPlacements.sort { $0.id < $1.id }
        result.groundTruthBoxes.sort { $0.id < $1.id }
        result.decisions.sort { $0.id < $1.id }
        result.lidarMaps.sort { $0.frame < $1.frame }
        return result
    }

    /// The decisions with every omitted `t` set to its frame's; a given `t` must be its frame's.
    private func timedDecisions() throws(InputError) -> [AppDecision] {
        var timeOfFrame: [Int64: Double] = [:]
        for frame in recording.frames { timeOfFrame[frame.index] = frame.time }
        func timed(_ time: Double, frame: Int64, field: String, line: Int) throws(InputError) -> Double {
            let frameTime = timeOfFrame[frame]!
            guard time.isNaN || abs(time - frameTime) <= RecordingValidator.decisionTimeTolerance else {
                throw InputError(file: path, line: line, message: "\(field): \(time) is not the t \(frameTime) of frame \(frame)")
            }
            return frameTime
        }
        var decisions = recording.decisions
        for (index, line) in decisionLines.enumerated() {
            decisions[index].time = try timed(decisions[index].time, frame: decisions[index].frame, field: "t", line: line)
            for k in decisions[index].evidence.indices {
                let sample = decisions[index].evidence[k]
                decisions[index].evidence[k].time = try timed(sample.time, frame: sample.frame, field: "evidence[\(k)].t", line: line)
            }
        }
        return decisions
    }

    // MARK: - Records

    private mutating func add(_ bytes: Data, line: Int) throws(JSONLinesFieldError) {
        let tag = try decode(JSONLinesRecord.Tag.self, bytes)
        guard let type = tag.type else {
            throw JSONLinesFieldError(field: "type", message: "missing (one of \(Self.kindNames))")
        }
        guard let kind = JSONLinesRecord.Kind(rawValue: type) else {
            throw JSONLinesFieldError(field: "type", message: "unknown record type '\(type)' (expected one of \(Self.kindNames))")
        }
        switch kind {
        case .header: try addHeader(try decode(JSONLinesRecord.Header.self, bytes))
        case .frame: try addFrame(try decode(JSONLinesRecord.Frame.self, bytes), line: line)
        case .observation:
            let record = try decode(JSONLinesRecord.Observation.self, bytes)
            recording.observations.append(try JSONLinesDecoding.observation(record, ids: &observationIDs, line: line))
            references.append((line, "frame", record.frame, .frame))
        case .decision:
            let record = try decode(JSONLinesRecord.Decision.self, bytes)
            let decision = try JSONLinesDecisions.decision(record, ids: &decisionIDs, line: line)
            references.append((line, "frame", record.frame, .frame))
            if let detection = record.detection { references.append((line, "detection", detection, .detection)) }
            for (index, sample) in decision.evidence.enumerated() {
                references.append((line, "evidence[\(index)].frame", sample.frame, .frame))
            }
            recording.decisions.append(decision)
            decisionLines.append(line)
        case .lidarMap:
            let map = try JSONLinesDecoding.lidarMap(try decode(JSONLinesRecord.LidarMap.self, bytes))
            if let earlier = mapLines[map.frame] {
                throw JSONLinesFieldError(field: "frame", message: "\(map.frame) already has a lidar_map on line \(earlier)")
            }
            mapLines[map.frame] = line
            references.append((line, "frame", map.frame, .frame))
            recording.lidarMaps.append(map)
        case .groundTruthObject:
            let object = try JSONLinesDecoding.groundTruthObject(try decode(JSONLinesRecord.GroundTruthObject.self, bytes))
            if let earlier = objectLines[object.id] {
                throw JSONLinesFieldError(field: "object", message: "\(object.id) was already defined on line \(earlier)")
            }
            objectLines[object.id] = line
            recording.groundTruthObjects.append(object)
        case .groundTruthPlacement:
            let record = try decode(JSONLinesRecord.GroundTruthPlacement.self, bytes)
            recording.groundTruthPlacements.append(try JSONLinesDecoding.placement(record, ids: &placementIDs, line: line))
            references.append((line, "object", record.object, .object))
        case .groundTruthBox:
            let record = try decode(JSONLinesRecord.GroundTruthBox.self, bytes)
            recording.groundTruthBoxes.append(try JSONLinesDecoding.groundTruthBox(record, ids: &boxIDs, line: line))
            references.append((line, "frame", record.frame, .frame))
            references.append((line, "object", record.object, .object))
        }
    }

    private mutating func addHeader(_ header: JSONLinesRecord.Header) throws(JSONLinesFieldError) {
        guard recordCount == 0 else {
            throw JSONLinesFieldError(field: "type", message: "a header must be the first record")
        }
        if let format = header.format, format != JSONLinesRecording.formatName {
            throw JSONLinesFieldError(field: "format", message: "expected '\(JSONLinesRecording.formatName)', found '\(format)'")
        }
        if let version = header.version, !JSONLinesRecording.supportedVersions.contains(version) {
            let supported = JSONLinesRecording.supportedVersions.map(String.init).joined(separator: ", ")
            throw JSONLinesFieldError(field: "version", message: "\(version) is not supported; this tool reads versions \(supported)")
        }
        recording.meta = header.meta ?? [:]
    }

    private mutating func addFrame(_ record: JSONLinesRecord.Frame, line: Int) throws(JSONLinesFieldError) {
        let (frame, detections, grids) = try JSONLinesDecoding.frame(record, ids: &detectionIDs, line: line)
        if let last = lastFrame {
            guard frame.index > last.index else {
                throw JSONLinesFieldError(
                    field: "frame", message: "\(frame.index) is not after frame \(last.index) on line \(last.line)")
            }
            guard frame.time > last.time else {
                throw JSONLinesFieldError(
                    field: "t", message: "\(frame.time) is not after \(last.time), the t of frame \(last.index) on line \(last.line)")
            }
        }
        lastFrame = (frame.index, frame.time, line)
        frameLines[frame.index] = line
        recording.frames.append(frame)
        recording.detections += detections
        recording.depthGrids += grids
    }

    // MARK: - Helpers

    private func decode<Record: Decodable>(_: Record.Type, _ bytes: Data) throws(JSONLinesFieldError) -> Record {
        do {
            return try decoder.decode(Record.self, from: bytes)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw JSONLinesDiagnosis.explain(bytes)
        } catch let error as DecodingError {
            throw JSONLinesFieldError(decoding: error)
        } catch {
            throw JSONLinesFieldError(field: "", message: "not valid JSON: \(error)")
        }
    }

    private static let kindNames = JSONLinesRecord.Kind.allCases.map(\.rawValue).joined(separator: ", ")

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 || byte == 10 }
}

// MARK: - Identifiers

/// The identifiers used so far in one table of a JSON Lines recording.
///
/// A record that gives an id keeps it (it must be unused); one that omits it gets one
/// more than the largest id seen so far in the table (1 for the first).
struct IdentifierTable {
    /// The record kind, for messages (`detection`, `gt_box`, …).
    let table: String
    private var lines: [Int64: Int] = [:]
    private var largest: Int64 = 0

    /// An empty table for records of kind `table`.
    init(table: String) {
        self.table = table
    }

    /// The id of a record on `line`: `given` when unused, else the next free one.
    mutating func assign(_ given: Int64?, field: String, line: Int) throws(JSONLinesFieldError) -> Int64 {
        let id: Int64
        if let given {
            id = given
        } else {
            guard largest < .max else {
                throw JSONLinesFieldError(field: field, message: "missing, and no id is left after \(largest)")
            }
            id = max(largest, 0) + 1
        }
        if let earlier = lines[id] {
            throw JSONLinesFieldError(field: field, message: "\(id) is already the id of a \(table) on line \(earlier)")
        }
        lines[id] = line
        largest = max(largest, id)
        return id
    }
}
