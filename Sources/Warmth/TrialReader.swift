import Foundation
import Recording

/// Reads and validates a trial file and a corpus index (spec.md#warmth-format,
/// spec.md#warmth-validation). A trial that breaks a rule is rejected with the file, the line
/// and the reason; nothing is ever repaired.
public enum TrialReader {
    private struct Head: Decodable { let type: String }
    private struct Modes: Decodable {
        let confirmMode: String
        let cropsMode: String?
        let detConfFloor: Double?
        let confirmEveryS: Double?
    }
    private struct Header: Decodable {
        let type: String
        let format: String
        let version: Int
        let trialId: String
        let sessionId: String
        let device: String?
        let targetPresent: Bool?
        let cadence: String
        let recording: Modes
        let recordedParams: FinderParameters?
        let coords: String?
    }
    private struct Event: Decodable {
        let t: Double
        let name: String
        let value: String?
        let from: String?
        let to: String?
    }
    private struct Crop: Decodable {
        let i: Int
        let cT: Double?
        let cN: [Double]?
        let pT: Double?
    }
    private struct Guide: Decodable {
        let t: Double
        let frame: Int
        let crops: [Crop]
    }
    private struct Box: Decodable {
        let box: [Double]
        let det: Double
        let label: String?
        let cT: Double?
        let cN: [Double]?
        let p: Double?
    }
    private struct Confirm: Decodable {
        let t: Double
        let frame: Int
        let boxes: [Box]
    }
    private struct GroundTruth: Decodable {
        let t: Double
        let visible: Bool?
        let box: [Double]?
    }

    /// Reads the trial in `path`.
    public static func read(path: String) throws(InputError) -> Trial {
        try parse(TextFile.read(path, kind: "a trial log"), file: path)
    }

    /// Parses a trial from the bytes of a JSON Lines file named `file` (for messages).
    public static func parse(_ data: Data, file: String) throws(InputError) -> Trial {
        guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: file, message: "not UTF-8") }
        let decoder = JSONDecoder()
        var header: Header?
        var records: [TimedRecord] = []
        var queryStarts = 0, trialEnds = 0
        var lastT = -Double.infinity
        var lineNumber = 0
        func fail(_ message: String) -> InputError { InputError(file: file, line: lineNumber, message: message) }
        func box(_ values: [Double], _ what: String) throws(InputError) -> NormalizedBox {
            guard values.count == 4, values.allSatisfy(\.isFinite) else { throw fail("\(what) must be four finite numbers [x, y, w, h]") }
            let b = NormalizedBox(x: values[0], y: values[1], w: values[2], h: values[3])
            guard b.w > 0, b.h > 0 else { throw fail("\(what) has a non-positive width or height") }
            guard b.x >= 0, b.y >= 0, b.x + b.w <= 1 + 1e-9, b.y + b.h <= 1 + 1e-9 else { throw fail("\(what) lies outside [0, 1]") }
            return b
        }
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let bytes = Data(line.utf8)
            do {
                let type = try decoder.decode(Head.self, from: bytes).type
                if type == "header" {
                    guard header == nil, records.isEmpty else { throw fail("a second header, or a header after records") }
                    let h = try decoder.decode(Header.self, from: bytes)
                    guard h.format == "lookfor-replay", h.version == 1 else { throw fail("format must be \"lookfor-replay\" version 1") }
                    guard ["battery", "balanced", "max"].contains(h.cadence) else { throw fail("cadence '\(h.cadence)' is not battery, balanced or max") }
                    guard ["forced", "live"].contains(h.recording.confirmMode) else { throw fail("recording.confirmMode must be forced or live") }
                    if let c = h.coords, c != "normalized-upright" { throw fail("coords must be normalized-upright") }
                    if let p = h.recordedParams, let problem = p.problem { throw fail("recordedParams: \(problem)") }
                    header = h
                    continue
                }
                guard header != nil else { throw fail("the first record must be the header") }
                guard trialEnds == 0 else { throw fail("a record after trialEnd") }
                let record: TimedRecord
                switch type {
                case "event":
                    let e = try decoder.decode(Event.self, from: bytes)
                    if e.name == "appPhase" {
                        guard let from = e.from.flatMap(FinderPhase.init(rawValue:)), let to = e.to.flatMap(FinderPhase.init(rawValue:)) else {
                            throw fail("appPhase needs from and to, each one of idle, searching, warm, found, lost")
                        }
                        record = TimedRecord(t: e.t, line: lineNumber, record: .appPhase(from: from, to: to))
                    } else {
                        guard ["queryStart", "trialEnd", "pause", "resume", "cadence", "userAction"].contains(e.name) else {
                            throw fail("unknown event '\(e.name)'")
                        }
                        if e.name == "queryStart" {
                            guard records.isEmpty else { throw fail(queryStarts > 0 ? "a second queryStart" : "queryStart must be the first record") }
                            guard e.t == 0 else { throw fail("queryStart must be at t = 0") }
                            queryStarts += 1
                        }
                        if e.name == "trialEnd" { trialEnds += 1 }
                        record = TimedRecord(t: e.t, line: lineNumber, record: .event(name: e.name, value: e.value))
                    }
                case "guide":
                    let g = try decoder.decode(Guide.self, from: bytes)
                    var seen = Set<Int>()
                    var crops: [CropCosines] = []
                    for c in g.crops {
                        guard (0...9).contains(c.i) else { throw fail("crop index \(c.i) is outside 0–9") }
                        guard seen.insert(c.i).inserted else { throw fail("crop index \(c.i) repeats within one guide record") }
                        guard let cT = c.cT, let cN = c.cN else {
                            throw fail(c.pT != nil ? "probability-only crops (pT/pN) are not supported by this replay; record raw cosines" : "crop \(c.i) needs cT and cN")
                        }
                        guard cN.count == 6 else { throw fail("crop \(c.i): cN has \(cN.count) entries, not 6") }
                        guard cT.isFinite, cN.allSatisfy(\.isFinite) else { throw fail("crop \(c.i): a cosine is not finite") }
                        crops.append(CropCosines(i: c.i, cT: cT, cN: cN))
                    }
                    record = TimedRecord(t: g.t, line: lineNumber, record: .guide(frame: g.frame, crops: crops))
                case "confirm":
                    let c = try decoder.decode(Confirm.self, from: bytes)
                    var boxes: [CandidateBox] = []
                    for (index, b) in c.boxes.enumerated() {
                        let nb = try box(b.box, "box \(index + 1)")
                        if let cN = b.cN, cN.count != 6 { throw fail("box \(index + 1): cN has \(cN.count) entries, not 6") }
                        guard (b.cT != nil && b.cN != nil) || b.p != nil else { throw fail("box \(index + 1) needs cT and cN, or p") }
                        boxes.append(CandidateBox(box: nb, det: b.det, label: b.label ?? "", cT: b.cT, cN: b.cN, p: b.p))
                    }
                    record = TimedRecord(t: c.t, line: lineNumber, record: .confirm(frame: c.frame, boxes: boxes))
                case "gt":
                    let g = try decoder.decode(GroundTruth.self, from: bytes)
                    let b = try g.box.map { (values) throws(InputError) in try box(values, "gt box") }
                    record = TimedRecord(t: g.t, line: lineNumber, record: .gt(visible: g.visible, box: b))
                default:
                    throw fail("unknown record type '\(type)'")
                }
                guard record.t.isFinite else { throw fail("t is not finite") }
                guard record.t >= lastT else { throw fail("t goes down (\(record.t) after \(lastT))") }
                if records.isEmpty, case .event(name: "queryStart", _) = record.record {} else if records.isEmpty {
                    throw fail("the first record after the header must be the queryStart event")
                }
                lastT = record.t
                records.append(record)
            } catch let error as InputError {
                throw error
            } catch let error as DecodingError {
                throw fail("not a valid record: \(describe(error))")
            } catch {
                throw fail("not a valid record: \(error)")
            }
        }
        lineNumber = 0
        guard let h = header else { throw InputError(file: file, message: "no header") }
        guard queryStarts == 1 else { throw InputError(file: file, message: "no queryStart event") }
        guard trialEnds == 1, case .event(name: "trialEnd", _) = records.last?.record else {
            throw InputError(file: file, message: "the last record must be the trialEnd event")
        }
        var warnings: [String] = []
        if h.targetPresent == true, !records.contains(where: { if case .gt(visible: true, _) = $0.record { return true } else { return false } }) {
            warnings.append("\(file): the target is present but no gt record says visible: true")
        }
        return Trial(trialId: h.trialId, sessionId: h.sessionId, device: h.device ?? "", cadence: h.cadence,
                     targetPresent: h.targetPresent, confirmMode: h.recording.confirmMode, confirmEveryS: h.recording.confirmEveryS,
                     detConfFloor: h.recording.detConfFloor ?? 0, recordedParams: h.recordedParams, records: records,
                     file: file, warnings: warnings)
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "field '\(c.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted(let c): return c.debugDescription
        @unknown default: return "\(error)"
        }
    }

    private struct IndexEntry: Decodable {
        let trialId: String
        let sessionId: String
        let file: String
        let targetPresent: Bool?
    }
    private struct Index: Decodable { let trials: [IndexEntry] }

    /// Reads a corpus: `index.json` and every trial it lists (paths relative to the index's
    /// folder). The index must agree with each trial's header.
    public static func readCorpus(index path: String) throws(InputError) -> [Trial] {
        let data = try TextFile.read(path, kind: "a corpus index")
        let index: Index
        do { index = try JSONDecoder().decode(Index.self, from: data) } catch {
            throw InputError(file: path, message: "not a corpus index (an object with a trials list of trialId, sessionId, file, targetPresent)")
        }
        guard !index.trials.isEmpty else { throw InputError(file: path, message: "the corpus lists no trials") }
        let folder = (path as NSString).deletingLastPathComponent
        var trials: [Trial] = []
        var ids = Set<String>()
        for (n, entry) in index.trials.enumerated() {
            guard ids.insert(entry.trialId).inserted else { throw InputError(file: path, message: "trial \(n + 1): trialId '\(entry.trialId)' repeats") }
            let trialPath = entry.file.hasPrefix("/") ? entry.file : (folder as NSString).appendingPathComponent(entry.file)
            let trial = try read(path: trialPath)
            guard trial.trialId == entry.trialId, trial.sessionId == entry.sessionId, trial.targetPresent == entry.targetPresent else {
                throw InputError(file: path, message: "trial \(n + 1) (\(entry.file)): trialId, sessionId or targetPresent disagree with the trial's header")
            }
            trials.append(trial)
        }
        return trials
    }
}
