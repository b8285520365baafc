import Foundation

/// The object detector's error model: recall against distance and apparent size, box
/// jitter, scores, false positives and class confusion.
///
/// Recall of a visible object at distance d (metres) is
/// `maximumRecall · σ((range − d)/(softness · range)) · size(h) · visible(v) · light`,
/// σ the logistic function, `range = clamp(rangePerMetreOfSize · largest extent,
/// minimumRange, maximumRange)`, h the box's smaller side in pixels and v its visibility
/// (`DetectorModel.detectionProbability`).
public struct DetectorModel: Equatable, Sendable, Codable {
    /// Recall of a near, large, unoccluded object (YOLO-class detectors on COCO objects;
    /// spec.md#sim-detector: the 640 model is the reference, 9.5 pp mAP above the 320 fast path).
    public var maximumRecall: Double = 0.95
    /// Range at which recall halves, per metre of an object's largest extent (spec.md#sim-detector-range:
    /// the absence range gate is object size × 10, after a bottle was missed at 3.1 m).
    public var rangePerMetreOfSize: Double = 10
    /// Smallest half-recall range, metres (spec.md#absence-range-gate clamps the gate at 2 m; phones and
    /// remotes are still seen at arm's length, so the detector's own floor is lower).
    public var minimumRange: Double = 1.5
    /// Largest half-recall range, metres (LiDAR's 8 m limit, spec.md#fusion-sample-filter; people and chairs
    /// are detected across any room).
    public var maximumRange: Double = 8
    /// Width of the recall fall-off as a fraction of the range: 0.1 puts a 24 cm bottle
    /// (range 2.4 m) at about 5 % recall at 3.1 m (spec.md#sim-detector-range).
    public var softness: Double = 0.1
    /// Smaller box side, pixels, at which recall halves on apparent size alone (COCO
    /// "small" objects, < 32² px, are where detectors fail).
    public var halfRecallBoxSide: Double = 20
    /// Width, pixels, of the apparent-size fall-off.
    public var boxSideSoftness: Double = 5
    /// Visibility below which an object is never detected.
    public var minimumVisibility: Double = 0.25
    /// Visibility above which occlusion no longer lowers recall.
    public var fullVisibility: Double = 0.75
    /// Recall factor in low light (spec.md#sim-low-light: no low-light arm was ever measured; this is
    /// an assumption to be swept, not a measurement).
    public var lowLightRecallFactor: Double = 0.7
    /// Range factor in low light (same caveat).
    public var lowLightRangeFactor: Double = 0.75
    /// Box-edge jitter, standard deviation as a fraction of the box side (spec.md#fusion-outlier-refit:
    /// boxes carry the fusion grid, whose 2σ rejection exists for such slop).
    public var jitterFraction: Double = 0.03
    /// Box-edge jitter floor, pixels.
    public var jitterPixels: Double = 1.5
    /// Score of a true detection: `scoreBase + scoreSlope · p + N(0, scoreNoise)`, clamped
    /// to [scoreFloor, 0.99], p its detection probability (ByteTrack's split at ~0.5 needs
    /// both sides populated, spec.md#tracker-bytetrack).
    public var scoreBase: Double = 0.3
    /// Score growth with detection probability.
    public var scoreSlope: Double = 0.6
    /// Score noise standard deviation.
    public var scoreNoise: Double = 0.1
    /// Lowest score the detector reports (its confidence threshold).
    public var scoreFloor: Double = 0.25
    /// Mean false positives per detector run (the app is silent, spec.md#sim-detector; a few per hundred frames is
    /// typical of COCO detectors at a 0.25 threshold).
    public var falsePositivesPerRun: Double = 0.05
    /// False-positive scores are `scoreFloor + Exp(mean)`, clamped below 0.9.
    public var falsePositiveScoreMean: Double = 0.1
    /// Labels false positives are drawn from.
    public var falsePositiveLabels: [String] = ["bottle", "cup", "book", "cell phone", "remote", "chair"]
    /// Probability that a true detection carries the look-alike class instead.
    public var confusionProbability: Double = 0.05
    /// Look-alike class pairs, confused both ways (spec.md#sim-detector: zero recall@3 on bottle and
    /// keyboard shows how close these classes sit).
    public var confusablePairs: [[String]] = [
        ["cup", "bowl"], ["bottle", "vase"], ["remote", "cell phone"], ["tv", "laptop"], ["book", "laptop"],
    ]

    /// The default detector.
    public init() {}

    /// The half-recall range, metres, of an object whose largest side is `size` metres.
    public func range(size: Double, lowLight: Bool) -> Double {
        let range = min(max(rangePerMetreOfSize * size, minimumRange), maximumRange)
        return lowLight ? range * lowLightRangeFactor : range
    }

    /// Probability of detecting an object of largest side `size` metres at `distance`
    /// metres, with a box whose smaller side is `boxSide` pixels and `visibility` in [0, 1].
    public func detectionProbability(
        size: Double, distance: Double, boxSide: Double, visibility: Double, lowLight: Bool
    ) -> Double {
        let range = range(size: size, lowLight: lowLight)
        let distanceTerm = logistic((range - distance) / (softness * range))
        let sizeTerm = logistic((boxSide - halfRecallBoxSide) / boxSideSoftness)
        let visibleTerm = min(max((visibility - minimumVisibility) / (fullVisibility - minimumVisibility), 0), 1)
        return maximumRecall * distanceTerm * sizeTerm * visibleTerm * (lowLight ? lowLightRecallFactor : 1)
    }

    /// The class a detector may mistake `label` for, if it has one.
    public func lookAlike(of label: String) -> String? {
        for pair in confusablePairs where pair.count == 2 {
            if pair[0] == label { return pair[1] }
            if pair[1] == label { return pair[0] }
        }
        return nil
    }
}

/// The logistic function 1 / (1 + e^−x).
func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
