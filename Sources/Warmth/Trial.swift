import Foundation

/// A finder phase (spec.md#warmth-phases).
public enum FinderPhase: String, Codable, Sendable, CaseIterable {
    case idle, searching, warm, found, lost
}

/// One crop's cosines: to the target and to the six negatives.
public struct CropCosines: Codable, Sendable, Equatable {
    /// Crop index: 0 the full frame, 1–9 the 3×3 cells row-major.
    public var i: Int
    /// Cosine to the target embedding.
    public var cT: Double
    /// Cosines to the six negatives.
    public var cN: [Double]
    /// Creates a crop.
    public init(i: Int, cT: Double, cN: [Double]) { self.i = i; self.cT = cT; self.cN = cN }
}

/// A normalised box `[x, y, w, h]` in the upright display frame.
public struct NormalizedBox: Sendable, Equatable {
    public var x, y, w, h: Double
    /// Creates a box.
    public init(x: Double, y: Double, w: Double, h: Double) { (self.x, self.y, self.w, self.h) = (x, y, w, h) }
    /// The box as the four-number JSON array.
    public var array: [Double] { [x, y, w, h] }
    /// Intersection over union with `other`.
    public func iou(_ other: NormalizedBox) -> Double {
        let ix = max(0, min(x + w, other.x + other.w) - max(x, other.x))
        let iy = max(0, min(y + h, other.y + other.h) - max(y, other.y))
        let inter = ix * iy
        let union = w * h + other.w * other.h - inter
        return union > 0 ? inter / union : 0
    }
    /// Whether the box contains the point.
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && px <= x + w && py >= y && py <= y + h }
}

/// A candidate box of a confirm frame.
public struct CandidateBox: Sendable, Equatable {
    public var box: NormalizedBox
    /// Detector confidence.
    public var det: Double
    /// Detector class.
    public var label: String
    /// Cosine of the box crop to the refined query, when recorded.
    public var cT: Double?
    /// Cosines to the negatives, when recorded.
    public var cN: [Double]?
    /// The app's own re-rank score, when recorded.
    public var p: Double?
    /// Creates a candidate.
    public init(box: NormalizedBox, det: Double, label: String, cT: Double?, cN: [Double]?, p: Double?) {
        self.box = box; self.det = det; self.label = label; self.cT = cT; self.cN = cN; self.p = p
    }
}

/// One record of a trial after the header (spec.md#warmth-format).
public enum TrialRecord: Sendable, Equatable {
    /// `queryStart`, `trialEnd`, `pause`, `resume`, `cadence`, `userAction` (name and value).
    case event(name: String, value: String?)
    /// A phase change the app itself made.
    case appPhase(from: FinderPhase, to: FinderPhase)
    /// A guide frame's crops.
    case guide(frame: Int, crops: [CropCosines])
    /// A confirm frame's candidates.
    case confirm(frame: Int, boxes: [CandidateBox])
    /// Ground truth, in force until the next `gt` record.
    case gt(visible: Bool?, box: NormalizedBox?)
}

/// A record with its time (seconds since query start) and its 1-based line in the file.
public struct TimedRecord: Sendable, Equatable {
    public var t: Double
    public var line: Int
    public var record: TrialRecord
    /// Creates a timed record.
    public init(t: Double, line: Int, record: TrialRecord) { self.t = t; self.line = line; self.record = record }
}

/// One query from query start to trial end, as recorded (spec.md#warmth-format).
public struct Trial: Sendable {
    public var trialId: String
    public var sessionId: String
    public var device: String
    /// `battery`, `balanced` or `max`.
    public var cadence: String
    /// Whether the object is anywhere the camera path covers; nil when unknown.
    public var targetPresent: Bool?
    /// `forced` or `live`.
    public var confirmMode: String
    /// Seconds between forced confirm passes.
    public var confirmEveryS: Double?
    /// The lowest detector confidence kept in the file.
    public var detConfFloor: Double
    /// The app's parameters during the recording, when given.
    public var recordedParams: FinderParameters?
    /// The records after the header, in file order.
    public var records: [TimedRecord]
    /// The file the trial came from.
    public var file: String
    /// Warnings found while validating (the trial is still usable).
    public var warnings: [String]

    /// Creates a trial from its parts (the reader and the simulator build trials this way).
    public init(trialId: String, sessionId: String, device: String, cadence: String, targetPresent: Bool?, confirmMode: String,
                confirmEveryS: Double?, detConfFloor: Double, recordedParams: FinderParameters?, records: [TimedRecord],
                file: String, warnings: [String]) {
        self.trialId = trialId; self.sessionId = sessionId; self.device = device; self.cadence = cadence
        self.targetPresent = targetPresent; self.confirmMode = confirmMode; self.confirmEveryS = confirmEveryS
        self.detConfFloor = detConfFloor; self.recordedParams = recordedParams; self.records = records
        self.file = file; self.warnings = warnings
    }

    /// Trial end minus query start: the exposure and the censoring time.
    public var exposure: Double { records.last?.t ?? 0 }
    /// Whether the app logged its phase changes (the fidelity check needs them).
    public var hasAppPhases: Bool { records.contains { if case .appPhase = $0.record { return true } else { return false } } }
}
