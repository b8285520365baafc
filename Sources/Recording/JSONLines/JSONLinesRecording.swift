import Foundation

/// Reads and writes recordings as JSON Lines: one JSON object per line, one line per
/// camera frame (with its detections and depth grids), optionally a header with the
/// metadata first and ground-truth records anywhere after it.
///
/// This is the export format for apps that do not link SQLite; `spatial-eval import
/// --jsonl` turns it into a recording file. The format is documented in
/// `Docs/recording-format.md`, section "JSON Lines".
public enum JSONLinesRecording {
    /// The header's `format` value.
    public static let formatName = "spatial-eval-jsonl"
    /// The newest header `version` this code writes: 2 for recordings with app decisions or
    /// LiDAR maps (`decision` and `lidar_map` records), 1 otherwise.
    public static let version = 2
    /// The header `version` values this code reads.
    public static let supportedVersions = [1, 2]

    /// Size of the blocks a file is read in: the whole file is never held in memory.
    static let blockSize = 1 << 20

    /// Reads the JSON Lines file at `path`, line by line.
    /// - Throws: `InputError` naming the file, the line and the field at fault, e.g.
    ///   `rec.jsonl:12: detections[3].box: expected 4 numbers, found 3`.
    public static func read(path: String) throws(InputError) -> Recording {
        try read(path: path, blockSize: blockSize)
    }

    /// ``read(path:)`` with a chosen block size (tests use tiny blocks).
    static func read(path: String, blockSize: Int) throws(InputError) -> Recording {
        try read(paths: [path], tolerateTornTail: false, blockSize: blockSize).recording
    }

    /// Reads one JSON Lines file, or a recorder's session folder (its `*.jsonl` parts in name
    /// order, read as one file whose messages name the part), as `spatial-eval import` does.
    ///
    /// With `tolerateTornTail` (the default), a file's last line that has no line break and is
    /// not a record (a write cut short by a crash, a kill or a full disk) is left out with a
    /// warning naming the file, the line and its byte offset; a malformed line anywhere else
    /// is still an error naming the file and the line. The warnings also report what a
    /// recorder said it lost (`recorder` records) and records left out because they name
    /// frames it dropped.
    /// - Throws: `InputError` naming the file, the line and the field at fault.
    public static func importFiles(at path: String, tolerateTornTail: Bool = true) throws(InputError) -> JSONLinesImport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw InputError(file: path, message: "no such file or folder")
        }
        var paths = [path]
        if isFolder.boolValue {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw InputError(file: path, message: "cannot list the folder: \(error.localizedDescription)")
            }
            paths = names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
            guard !paths.isEmpty else { throw InputError(file: path, message: "the folder holds no .jsonl parts") }
        }
        return try read(paths: paths, tolerateTornTail: tolerateTornTail, blockSize: blockSize)
    }

    /// Reads `paths` in order as one recording.
    static func read(paths: [String], tolerateTornTail: Bool, blockSize: Int) throws(InputError) -> JSONLinesImport {
        var assembler = JSONLinesAssembler(path: paths.first ?? "")
        for path in paths {
            assembler.path = path
            var lineNumber = 0
            var offset = 0
            try BlockFileReader.read(path: path, blockSize: blockSize) { bytes, final throws(InputError) in
                var start = 0
                while let end = bytes[start...].firstIndex(of: 10) {
                    lineNumber += 1
                    try assembler.add(line: Data(bytes[start..<end]), number: lineNumber)
                    start = end + 1
                }
                if final && start < bytes.count {
                    lineNumber += 1
                    try assembler.add(lastLine: Data(bytes[start...]), number: lineNumber, offset: offset + start, tolerateTornTail: tolerateTornTail)
                    start = bytes.count
                }
                offset += start
                return start
            }
        }
        let recording = try assembler.finish()
        return JSONLinesImport(recording: recording, warnings: assembler.warnings)
    }

    /// Parses JSON Lines text held in memory; `path` is used in messages only.
    public static func parse(_ data: Data, path: String) throws(InputError) -> Recording {
        try parseImport(data, path: path, tolerateTornTail: false).recording
    }

    /// ``importFiles(at:tolerateTornTail:)`` for one file's bytes held in memory; `path` is
    /// used in messages only.
    public static func parseImport(_ data: Data, path: String, tolerateTornTail: Bool = true) throws(InputError) -> JSONLinesImport {
        var assembler = JSONLinesAssembler(path: path)
        var lineNumber = 0
        var offset = 0
        let lines = data.split(separator: 10, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            lineNumber += 1
            if index == lines.count - 1 {
                try assembler.add(lastLine: Data(line), number: lineNumber, offset: offset, tolerateTornTail: tolerateTornTail)
            } else {
                try assembler.add(line: Data(line), number: lineNumber)
            }
            offset += line.count + 1
        }
        let recording = try assembler.finish()
        return JSONLinesImport(recording: recording, warnings: assembler.warnings)
    }

    /// The recording as JSON Lines: the header, the frames in order (each with its
    /// detections and their depth grids), then LiDAR maps, observations, app decisions,
    /// ground-truth objects, marks, placements (those no mark started), guidance requests (those no `guide` step started) and boxes. Keys are sorted, so equal recordings give equal bytes.
    /// The header's version is 2 when there are decisions or LiDAR maps, else 1.
    /// - Throws: `JSONLinesEncodingError` when a value has no JSON form (NaN or an
    ///   infinity outside a depth grid, an infinity inside one) or a detection or depth
    ///   grid refers to a frame or detection the recording lacks.
    public static func encode(_ recording: Recording) throws(JSONLinesEncodingError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = Data()
        func append<Record: Encodable>(_ record: Record, _ what: String) throws(JSONLinesEncodingError) {
            do {
                output.append(try encoder.encode(record))
            } catch let error as EncodingError {
                throw JSONLinesEncodingError(record: what, field: JSONLinesFieldError(encoding: error).text)
            } catch {
                throw JSONLinesEncodingError(record: what, field: "\(error)")
            }
            output.append(10)
        }
        let headerVersion = recording.decisions.isEmpty && recording.lidarMaps.isEmpty ? 1 : version
        try append(JSONLinesRecord.Header(format: formatName, version: headerVersion, meta: recording.meta), "header")
        for (index, frame) in try JSONLinesEncoding.frames(of: recording).enumerated() {
            try append(frame, "frame \(recording.frames[index].index)")
        }
        for map in recording.lidarMaps {
            try append(JSONLinesEncoding.record(map), "lidar_map \(map.frame)")
        }
        for observation in recording.observations {
            try append(JSONLinesEncoding.record(observation), "observation \(observation.id)")
        }
        for decision in recording.decisions {
            try append(JSONLinesDecisions.record(decision), "decision \(decision.id)")
        }
        for object in recording.groundTruthObjects {
            try append(JSONLinesEncoding.record(object), "gt_object \(object.id)")
        }
        for mark in recording.marks {
            try append(JSONLinesEncoding.record(mark), "mark \(mark.id)")
        }
        // Placements a mark started are made again from the marks when the file is read.
        let fromMarks = Set(recording.marks.compactMap(\.placement))
        for placement in recording.groundTruthPlacements where !fromMarks.contains(placement.id) {
            try append(JSONLinesEncoding.record(placement), "gt_placement \(placement.id)")
        }
        // Requests a `guide` step mark started are made again from the marks too.
        var fromGuideMarks = CaptureMarks.guideSpans(recording.marks)
        for request in recording.guidanceRequests {
            if let k = fromGuideMarks.firstIndex(where: { $0 == (request.fromFrame, request.toFrame, request.object) }) {
                fromGuideMarks.remove(at: k)
                continue
            }
            try append(JSONLinesEncoding.record(request), "guidance_request \(request.id)")
        }
        for box in recording.groundTruthBoxes {
            try append(JSONLinesEncoding.record(box), "gt_box \(box.id)")
        }
        return output
    }

    /// One app decision as its JSON Lines `decision` record: one line of JSON, keys sorted,
    /// without the line break.
    /// - Throws: `JSONLinesEncodingError` when a value has no JSON form (NaN, infinity).
    public static func line(for decision: AppDecision) throws(JSONLinesEncodingError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(JSONLinesDecisions.record(decision)), as: UTF8.self)
        } catch let error as EncodingError {
            throw JSONLinesEncodingError(record: "decision \(decision.id)", field: JSONLinesFieldError(encoding: error).text)
        } catch {
            throw JSONLinesEncodingError(record: "decision \(decision.id)", field: "\(error)")
        }
    }

    /// Writes `recording` as JSON Lines to `path` (atomically: a temporary file renamed
    /// into place).
    /// - Throws: `RecordingWriteError` naming `path` and the cause.
    public static func write(_ recording: Recording, to path: String) throws(RecordingWriteError) {
        let data: Data
        do {
            data = try encode(recording)
        } catch {
            throw RecordingWriteError(file: path, reason: error.description)
        }
        do {
            try AtomicFile.write(data, to: path)
        } catch {
            throw RecordingWriteError(file: path, reason: (error as? InputError)?.message ?? "\(error)")
        }
    }
}

/// What ``JSONLinesRecording/importFiles(at:tolerateTornTail:)`` read: the recording and
/// what it noticed without refusing the file.
public struct JSONLinesImport: Equatable, Sendable {
    /// The recording.
    public var recording: Recording
    /// `FILE:LINE: message` for a torn last record, a recorder's losses or early stop, and
    /// records left out because they name frames the recorder dropped.
    public var warnings: [String]

    /// Creates a result.
    public init(recording: Recording, warnings: [String]) {
        self.recording = recording
        self.warnings = warnings
    }
}

/// A recording that cannot be written as JSON Lines.
public struct JSONLinesEncodingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The record at fault, e.g. `frame 12` or `gt_box 3`.
    public var record: String
    /// The field and what is wrong with it, e.g. `pose[3]: nan cannot be written as a JSON number`.
    public var field: String

    /// Creates an error.
    public init(record: String, field: String) {
        self.record = record
        self.field = field
    }

    public var description: String { "\(record): \(field)" }
}
