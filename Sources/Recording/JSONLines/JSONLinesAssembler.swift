import Foundation

/// Builds a `Recording` from JSON Lines records fed one line at a time.
///
/// Checks what spans records: the header comes first, frame numbers and times strictly
/// increase, identifiers are unique (omitted ones continue from the largest so far), and
/// references (a box's frame and object, a placement's object, an observation's frame, a
/// decision's frame and detection) resolve once the whole file has been read; a decision
/// without `t` then gets its frame's, and one with `t` must have its frame's.
struct JSONLinesAssembler {
    /// The file being read, for messages (a recorder's session folder is read part by part).
    var path: String
    /// What the reader noticed but did not refuse: a recorder's losses and budget stop, and
    /// records left out because they name frames the recorder dropped (`FILE:LINE: message`).
    private(set) var warnings: [String] = []
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
    private var guidanceIDs = IdentifierTable(table: "guidance_request")
    private var decisionIDs = IdentifierTable(table: "decision")
    private var markIDs = IdentifierTable(table: "mark")
    private var marks: [CaptureMark] = []
    /// Frames a recorder said it dropped, and where it said so first.
    private var droppedFrames: Set<Int64> = []
    private var firstDropNote: (file: String, line: Int)?
    private var dropTotals = [0, 0, 0, 0, 0]
    /// `FILE:LINE` of decisions left out for naming dropped frames (their references are not checked).
    private var leftOutLines: Set<String> = []
    private var mapLines: [Int64: Int] = [:]
    /// The file and line of each decision, in `recording.decisions` order.
    private var decisionLines: [(file: String, line: Int)] = []
    /// What a reference names.
    private enum Target: String {
        case frame, object = "gt_object", detection
    }
    /// References to check at the end: file, line, field, id, and what it names.
    private var references: [(file: String, line: Int, field: String, id: Int64, target: Target)] = []

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
    mutating func finish() throws(InputError) -> Recording {
        leaveOutDroppedFrames()
        let detectionIDs = Set(recording.detections.map(\.id))
        for reference in references where !(reference.target == .frame && droppedFrames.contains(reference.id))
            && !leftOutLines.contains("\(reference.file):\(reference.line)") {
            let known = switch reference.target {
            case .frame: frameLines[reference.id] != nil
            case .object: objectLines[reference.id] != nil
            case .detection: detectionIDs.contains(reference.id)
            }
            if !known {
                throw InputError(file: reference.file, line: reference.line,
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
        result.guidanceRequests.sort { $0.id < $1.id }
        result.decisions.sort { $0.id < $1.id }
        result.lidarMaps.sort { $0.frame < $1.frame }
        result.depthNetworkPasses.sort { ($0.detection, $0.variant) < ($1.detection, $1.variant) }
        if !marks.isEmpty {
            result.marks = CaptureMarks.groundTruth(from: marks.map { mark in
                var kept = mark
                if let frame = kept.frame, droppedFrames.contains(frame) { kept.frame = nil }
                return kept
            }, into: &result)
        }
        return result
    }

    /// Removes the records that name a frame the recorder dropped (decisions, also through
    /// their evidence; LiDAR maps; observations; ground-truth boxes) and says how many.
    private mutating func leaveOutDroppedFrames() {
        guard !droppedFrames.isEmpty, let note = firstDropNote else { return }
        let dropped = droppedFrames
        var keptLines: [(file: String, line: Int)] = []
        var keptDecisions: [AppDecision] = []
        for (decision, line) in zip(recording.decisions, decisionLines) {
            if dropped.contains(decision.frame) || decision.evidence.contains(where: { dropped.contains($0.frame) }) {
                leftOutLines.insert("\(line.file):\(line.line)")
            } else {
                keptDecisions.append(decision)
                keptLines.append(line)
            }
        }
        let counts = [
            ("decisions", recording.decisions.count - keptDecisions.count),
            ("lidar maps", recording.lidarMaps.count { dropped.contains($0.frame) }),
            ("observations", recording.observations.count { dropped.contains($0.frame) }),
            ("gt boxes", recording.groundTruthBoxes.count { dropped.contains($0.frame) }),
        ]
        recording.decisions = keptDecisions
        decisionLines = keptLines
        recording.lidarMaps.removeAll { dropped.contains($0.frame) }
        recording.observations.removeAll { dropped.contains($0.frame) }
        recording.groundTruthBoxes.removeAll { dropped.contains($0.frame) }
        let left = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
        if !left.isEmpty {
            warnings.append("\(note.file):\(note.line): left out \(left.joined(separator: ", ")) naming frames the recorder dropped")
        }
    }

    /// The decisions with every omitted `t` set to its frame's; a given `t` must be its frame's.
    private func timedDecisions() throws(InputError) -> [AppDecision] {
        var timeOfFrame: [Int64: Double] = [:]
        for frame in recording.frames { timeOfFrame[frame.index] = frame.time }
        func timed(_ time: Double, frame: Int64, field: String, file: String, line: Int) throws(InputError) -> Double {
            guard let frameTime = timeOfFrame[frame] else { return time }
            guard time.isNaN || abs(time - frameTime) <= RecordingValidator.decisionTimeTolerance else {
                throw InputError(file: file, line: line, message: "\(field): \(time) is not the t \(frameTime) of frame \(frame)")
            }
            return frameTime
        }
        var decisions = recording.decisions
        for (index, place) in decisionLines.enumerated() {
            decisions[index].time = try timed(decisions[index].time, frame: decisions[index].frame, field: "t", file: place.file, line: place.line)
            for k in decisions[index].evidence.indices {
                let sample = decisions[index].evidence[k]
                decisions[index].evidence[k].time = try timed(
                    sample.time, frame: sample.frame, field: "evidence[\(k)].t", file: place.file, line: place.line)
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
            references.append((path, line, "frame", record.frame, .frame))
        case .decision:
            let record = try decode(JSONLinesRecord.Decision.self, bytes)
            let decision = try JSONLinesDecisions.decision(record, ids: &decisionIDs, line: line)
            references.append((path, line, "frame", record.frame, .frame))
            if let detection = record.detection { references.append((path, line, "detection", detection, .detection)) }
            for (index, sample) in decision.evidence.enumerated() {
                references.append((path, line, "evidence[\(index)].frame", sample.frame, .frame))
            }
            recording.decisions.append(decision)
            decisionLines.append((path, line))
        case .lidarMap:
            let map = try JSONLinesDecoding.lidarMap(try decode(JSONLinesRecord.LidarMap.self, bytes))
            if let earlier = mapLines[map.frame] {
                throw JSONLinesFieldError(field: "frame", message: "\(map.frame) already has a lidar_map on line \(earlier)")
            }
            mapLines[map.frame] = line
            references.append((path, line, "frame", map.frame, .frame))
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
            references.append((path, line, "object", record.object, .object))
        case .guidanceRequest:
            let record = try decode(JSONLinesRecord.GuidanceRequest.self, bytes)
            recording.guidanceRequests.append(try JSONLinesDecoding.guidanceRequest(record, ids: &guidanceIDs, line: line))
            references.append((path, line, "from_frame", record.fromFrame, .frame))
            references.append((path, line, "to_frame", record.toFrame, .frame))
            references.append((path, line, "object", record.object, .object))
        case .mark:
            marks.append(try JSONLinesMarks.mark(try decode(JSONLinesRecord.Mark.self, bytes), ids: &markIDs, line: line))
        case .recorder:
            addRecorderNote(try decode(JSONLinesRecord.RecorderNote.self, bytes), line: line)
        case .groundTruthBox:
            let record = try decode(JSONLinesRecord.GroundTruthBox.self, bytes)
            recording.groundTruthBoxes.append(try JSONLinesDecoding.groundTruthBox(record, ids: &boxIDs, line: line))
            references.append((path, line, "frame", record.frame, .frame))
            references.append((path, line, "object", record.object, .object))
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
        let (frame, detections, grids, passes) = try JSONLinesDecoding.frame(record, ids: &detectionIDs, line: line)
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
        recording.depthNetworkPasses += passes
    }

    /// A recorder's note: losses (counted into `meta.recorder_dropped`, the frames remembered
    /// so records naming them are left out), an early stop (`meta.recorder_stopped`), the end.
    private mutating func addRecorderNote(_ note: JSONLinesRecord.RecorderNote, line: Int) {
        switch note.event {
        case "dropped":
            let counts = [note.frames, note.detections, note.bulk, note.decisions, note.marks].map { max(0, $0 ?? 0) }
            for index in counts.indices { dropTotals[index] += counts[index] }
            droppedFrames.formUnion(note.droppedFrames ?? [])
            if firstDropNote == nil { firstDropNote = (path, line) }
            let text = "frames \(dropTotals[0]) (detections \(dropTotals[1])), other bulk records \(dropTotals[2]), "
                + "decisions \(dropTotals[3]), marks \(dropTotals[4])"
            recording.meta["recorder_dropped"] = text
            warnings.append("\(path):\(line): the recorder dropped frames \(counts[0]) (detections \(counts[1])), other bulk records "
                + "\(counts[2]), decisions \(counts[3]), marks \(counts[4]) (its queue was full)")
        case "stopped":
            let reason = note.reason ?? "not stated"
            recording.meta["recorder_stopped"] = reason
            warnings.append("\(path):\(line): the recorder stopped early (\(reason)); the session ends here")
        case "end":
            recording.meta["recorder_end"] = "complete"
        default:
            warnings.append("\(path):\(line): unknown recorder event '\(note.event)' ignored")
        }
    }

    /// Adds a file's last line (the bytes after its last line break, starting at byte
    /// `offset`). When it is not a record and `tolerateTornTail` is set, it is a write cut short
    /// by a crash or kill: it is left out with a warning instead of failing the file.
    mutating func add(lastLine bytes: Data, number: Int, offset: Int, tolerateTornTail: Bool) throws(InputError) {
        do throws(InputError) {
            try add(line: bytes, number: number)
        } catch {
            guard tolerateTornTail else { throw error }
            warnings.append("\(path):\(number): torn last record at byte offset \(offset) (\(bytes.count) bytes without a line break) "
                + "left out (\(error.message))")
        }
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
