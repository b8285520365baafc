import EvalNumerics
import Foundation
import Recording

/// How a simulator assumption is measured from a recording (spec.md#sweep-pivot-measured): the
/// same function reads a recorded session (ground truth from its marks) and a pivot step's
/// simulated recording (labelled boxes), so a measured value and the steps it is placed
/// between are on one scale.
public enum AssumptionProbe: String, CaseIterable, Sendable, Codable {
    /// The median cosine between the embeddings of detections of two different objects of one
    /// twin group (`twin` marks), pooled over sessions (family *twin appearance*).
    case twinCrossCosineMedian = "twin-cross-cosine-median"
    /// The share of large, well-visible, sharp views of marked objects in normal light that the
    /// detector found, on frames where it ran (family *detector*).
    case detectorRecallLarge = "detector-recall-large"
    /// Pose drift (family *drift*): not measurable from marks; see ``notMeasurable``.
    case drift

    /// What the probe measures, in words.
    public var measure: String {
        switch self {
        case .twinCrossCosineMedian: "twins' detection cross-cosine, median"
        case .detectorRecallLarge: "detector recall of large, visible (≥ 0.75), sharp views in normal light"
        case .drift: "pose-drift scale"
        }
    }

    /// The events a value rests on, in words.
    public var unit: String {
        switch self {
        case .twinCrossCosineMedian: "cross-twin detection pairs"
        case .detectorRecallLarge: "large visible views"
        case .drift: "none"
        }
    }

    /// Why a probe cannot be measured from marks, or nil when it can.
    public var notMeasurable: String? {
        guard self == .drift else { return nil }
        return "not measurable from marks alone: a mark fixes an object in the recorded frame of its moment, and the detections' LiDAR "
            + "positions differ from it by the surface-to-centre offset (up to half the object) as much as by drift; measuring drift needs "
            + "the same static object marked again after travel (a re-mark protocol step), which neither the recorder's protocols nor the "
            + "pivot's simulated steps have"
    }

    /// A view is large when its box's area in the detector's 640-px input is at least 192² px,
    /// where the simulator's size factor reaches 1 (spec.md#sim-detector).
    public static let largeInputArea = 192.0 * 192.0
    /// The detector input's long side the area is scaled to, pixels.
    public static let inputLongSide = 640.0
    /// The least visibility of a counted view (the simulator's full-visibility point).
    public static let minimumVisibility = 0.75
    /// Views on frames where the camera turned faster than this are left out (motion blur),
    /// rad/s: at 1/60 s exposure and fx 1450 px the smear stays under 8 px.
    public static let maximumAngularSpeed = 0.3

    /// One recording's contribution: the values a pooled statistic reads.
    public struct Sample: Sendable, Equatable {
        /// Twin cross-cosines (twin probe).
        public var values: [Double] = []
        /// Views found and views counted (recall probe).
        public var hits = 0, trials = 0
        /// The events behind the sample.
        public var events: Int { values.isEmpty ? trials : values.count }

        /// Creates a sample from its parts.
        public init(values: [Double] = [], hits: Int = 0, trials: Int = 0) {
            self.values = values
            self.hits = hits
            self.trials = trials
        }
    }

    /// The probe's sample of one recording, judged through its ground truth.
    public func sample(_ truth: RecordingGroundTruth) -> Sample {
        switch self {
        case .twinCrossCosineMedian:
            let pairs = RecordingTruth(truth).cosinePairs
            return Sample(values: zip(pairs.cosines, pairs.sameObject).filter { !$0.1 }.map(\.0))
        case .detectorRecallLarge:
            return Self.recallSample(truth.recording, objectOfDetection: truth.objectOfDetection)
        case .drift:
            return Sample()
        }
    }

    /// The pooled statistic of `samples`: the median of the pooled cosines, or hits / trials;
    /// NaN without events.
    public func statistic(_ samples: [Sample]) -> Double {
        switch self {
        case .twinCrossCosineMedian:
            let values = samples.flatMap(\.values)
            return values.isEmpty ? .nan : Quantile.linear(values, 0.5)
        case .detectorRecallLarge:
            let trials = samples.reduce(0) { $0 + $1.trials }
            return trials == 0 ? .nan : Double(samples.reduce(0) { $0 + $1.hits }) / Double(trials)
        case .drift:
            return .nan
        }
    }

    /// The recall probe's views of `recording` (its ground-truth boxes, labelled or projected
    /// from marks) and the detections `objectOfDetection` attributes to their objects.
    public static func recallSample(_ recording: Recording, objectOfDetection: [Int64: Int64]) -> Sample {
        guard recording.meta["lighting"] != "low" else { return Sample() }
        let frames = recording.frames.sorted { $0.index < $1.index }
        var turning: Set<Int64> = []
        for (a, b) in zip(frames, frames.dropFirst()) where b.time > a.time {
            let da = SIMD3(a.pose[0, 2], a.pose[1, 2], a.pose[2, 2]), db = SIMD3(b.pose[0, 2], b.pose[1, 2], b.pose[2, 2])
            let cosine = min(max((da * db).sum(), -1), 1)
            if cosine.isFinite, acos(cosine) / (b.time - a.time) > maximumAngularSpeed { turning.insert(b.index) }
        }
        let ran = Set(frames.filter(\.detectorRan).map(\.index))
        let longSide = Dictionary(frames.map { ($0.index, Double(max($0.width, $0.height))) }, uniquingKeysWith: { a, _ in a })
        var found: Set<[Int64]> = []
        for detection in recording.detections {
            if let object = objectOfDetection[detection.id] { found.insert([detection.frame, object]) }
        }
        var sample = Sample()
        for box in recording.groundTruthBoxes where ran.contains(box.frame) && !turning.contains(box.frame) && box.visibility >= minimumVisibility {
            let scale = inputLongSide / (longSide[box.frame] ?? inputLongSide)
            guard box.box.width * box.box.height * scale * scale >= largeInputArea else { continue }
            sample.trials += 1
            if found.contains([box.frame, box.object]) { sample.hits += 1 }
        }
        return sample
    }
}
