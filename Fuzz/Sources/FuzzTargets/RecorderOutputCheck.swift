import Foundation
import Recording
import SpatialEvalRecorder

/// The `recorder` target: the importer on recorder output cut and corrupted at every byte.
///
/// Each input is read as a recorder part (`JSONLinesRecording.parseImport`, torn tails
/// tolerated); for inputs up to `sweepBytes` the target also reads every prefix of the input
/// and the input with each byte replaced in turn. Every read must either succeed or throw an
/// `InputError` that names the file, a line of the input and a message of bounded length; a
/// prefix must never fail because of its torn last line. Anything else traps, which the
/// fuzzer saves as a crash.
enum RecorderOutputCheck {
    /// Inputs this long or shorter are also cut and corrupted at every byte.
    static let sweepBytes = 2048
    /// The longest error message accepted.
    static let maximumMessage = 4096
    static let path = "part-0001.jsonl"

    static func check(_ data: Data) {
        read(data)
        guard data.count <= sweepBytes else { return }
        for length in 0..<data.count {
            let prefix = data.prefix(length)
            let lastBreak = prefix.lastIndex(of: 10).map { $0 + 1 } ?? 0
            // Cut inside the last line: the prefix reads as its complete lines do, unless its
            // tail happens to be a whole record of its own that the error then names.
            let whole = read(prefix), complete = read(prefix.prefix(lastBreak))
            if case .failure(let line) = whole, case .success = complete {
                let tail = prefix.count { $0 == 10 } + 1
                precondition(line == tail, "a torn tail at byte \(lastBreak) failed the file at line \(line.map(String.init) ?? "-")")
            }
        }
        var corrupted = data
        for index in data.indices {
            let original = corrupted[index]
            corrupted[index] = original == 0x7B ? 0x23 : 0x7B  // `{` or `#`: breaks a line or starts a new object
            read(corrupted)
            corrupted[index] = original
        }
    }

    /// How a read ended: read, or refused with an error naming this line.
    enum Outcome {
        case success
        case failure(line: Int?)
    }

    /// Reads `data`; traps unless it reads or throws a well-formed error.
    @discardableResult
    static func read(_ data: Data) -> Outcome {
        do {
            let imported = try JSONLinesRecording.parseImport(data, path: path)
            for warning in imported.warnings { precondition(warning.hasPrefix(path + ":"), "warning without the file: \(warning)") }
            return .success
        } catch {
            let lines = data.count { $0 == 10 } + 1
            precondition(error.file == path, "error names \(error.file)")
            precondition(error.line.map { (1...lines).contains($0) } ?? true, "error names line \(error.line!) of \(lines)")
            precondition(!error.message.isEmpty && error.message.count <= maximumMessage, "unbounded message (\(error.message.count) characters)")
            return .failure(line: error.line)
        }
    }

    /// The seed: a short session through the recorder (header, objects, marks, frames with
    /// detections and a grid, a depth map, decisions, the end record).
    static func sampleSession(in folder: String) throws -> Data {
        let recorder = try SessionRecorder(
            configuration: RecorderConfiguration(directory: folder),
            header: SessionHeader(sessionID: "fuzz", device: "fuzz", appVersion: "1", configuration: ["anchors.stepClamp": 0.15]))
        recorder.define(MarkedObject(object: 1, label: "cup", extent: WorldPoint(x: 0.08, y: 0.1, z: 0.08)))
        recorder.mark(GroundTruthMark(time: 0, frame: 1, object: 1, kind: .placed(position: WorldPoint(x: 0, y: 1, z: -1.5), errorBound: 0.02)))
        for index in Int64(1)...3 {
            recorder.record(RecordedFrame(
                frame: index, time: Double(index) / 10, detectorRan: true, pose: .identity,
                intrinsics: PinholeIntrinsics(fx: 1450, fy: 1450, cx: 720, cy: 960), width: 1440, height: 1920,
                detections: [RecordedDetection(
                    id: index, label: "cup", score: 0.9, box: ImageBox(x: 100, y: 200, width: 40, height: 50), trackID: 7,
                    depth: DepthSamples(rows: 1, cols: 2, u: [110, 130], v: [220, 220], lidarDepth: [1.5, .nan],
                                        lidarConfidence: [2, 0], inverseDepth: [0.7, 0.6], inMask: [1, 0]))]))
        }
        recorder.record(DepthMap(frame: 3, rows: 1, cols: 1, depth: [1.5], confidence: [2]))
        recorder.record(RecordedDecision(frame: 1, instance: "cup-1", event: .instance(
            detection: 1, rule: .new, position: WorldPoint(x: -0.6, y: 2.2, z: -1.5), label: "cup")))
        recorder.record(RecordedDecision(frame: 3, instance: "cup-1", event: .missingFlip(missing: false, evidence: [FlipEvidence(frame: 3, look: .covered)])))
        recorder.mark(GroundTruthMark(time: 0.3, frame: 3, object: 1, kind: .removed))
        recorder.finish()
        guard let data = FileManager.default.contents(atPath: folder + "/part-0001.jsonl") else { throw SeedError("no recorder output") }
        return data
    }
}
