import Foundation

/// The object detector's error model: recall against apparent size, light and motion blur,
/// box jitter, scores, false positives and class confusion.
///
/// Recall of a sighting is
/// `maximumRecall · size(a) · visible(v) · blur(b) · light`, a the box's area in the
/// detector's input pixels, v its visibility and b the motion smear as a fraction of the box's
/// smaller side (`DetectorModel.detectionProbability`). There is no range term: distance acts
/// only through apparent size, as in a real detector. The size curve and top recall are the
/// COCO area buckets of a published YOLO-class evaluation (spec.md#sim-detector); nothing is
/// set from the app's absence range gate.
public struct DetectorModel: Equatable, Sendable, Codable {
    /// Recall of a large, unoccluded, sharp object: COCO AR@100 for large objects of YOLOv5x
    /// (v3.0 release, val2017: AR_L 0.812; spec.md#sim-detector).
    public var maximumRecall: Double = 0.812
    /// Long side of the detector's input, pixels: the image is letterboxed to it, so areas
    /// scale by (inputLongSide / image long side)² (YOLO-class reference resolution 640; the
    /// app's fast path runs at 320).
    public var inputLongSide: Double = 640
    /// Recall relative to large objects against box area in input pixels, as (area, factor)
    /// points joined linearly in log-area, flat beyond the ends: 0 at 4² px (below the
    /// detector's stride-8 grid, *our assumption*), AR_S/AR_L = 0.493/0.812 at 16² px (the
    /// middle of COCO's small bucket, < 32² px), AR_M/AR_L = 0.723/0.812 at 32·96 px² (the
    /// middle of the medium bucket, < 96² px), 1 at 192² px (large).
    public var areaRecallPoints: [[Double]] = [[16, 0], [256, 0.493 / 0.812], [3072, 0.723 / 0.812], [36864, 1]]
    /// Visibility below which an object is never detected (*our assumption*).
    public var minimumVisibility: Double = 0.25
    /// Visibility above which occlusion no longer lowers recall (*our assumption*).
    public var fullVisibility: Double = 0.75
    /// Exposure time in ordinary light, seconds (phone video indoors, *our assumption*): with
    /// the camera's motion it gives the smear in pixels.
    public var exposureSeconds: Double = 1.0 / 60
    /// Exposure time in a dim room, seconds (auto-exposure lengthens it, *our assumption*).
    public var lowLightExposureSeconds: Double = 1.0 / 30
    /// Smear, as a fraction of the box's smaller side, at which recall halves (*our
    /// assumption*: an object smeared across half its own size loses its edges);
    /// blur factor `1 / (1 + (smear / (blurHalfRecall · side))²)`.
    public var blurHalfRecall: Double = 0.5
    /// Recall factor in low light (spec.md#sim-low-light: no low-light arm was ever measured; an
    /// assumption to be swept, not a measurement).
    public var lowLightRecallFactor: Double = 0.7
    /// Apparent-area factor in low light: noise hides detail, so an object needs 1/0.75 of
    /// the size to look as clear (same caveat).
    public var lowLightAreaFactor: Double = 0.5625
    /// Box-edge jitter, standard deviation as a fraction of the box side (*our assumption*:
    /// YOLO-class boxes are looser than their AP50 suggests, AP75 is well below it).
    public var jitterFraction: Double = 0.03
    /// Box-edge jitter floor, pixels.
    public var jitterPixels: Double = 1.5
    /// Score of a true detection: `scoreBase + scoreSlope · p + N(0, scoreNoise)`, clamped
    /// to [scoreFloor, 0.99], p its detection probability (*our assumption*: confidence grows
    /// with how detectable the object is, with a spread of about 0.1).
    public var scoreBase: Double = 0.3
    /// Score growth with detection probability.
    public var scoreSlope: Double = 0.6
    /// Score noise standard deviation.
    public var scoreNoise: Double = 0.1
    /// Lowest score the detector reports (its confidence threshold; 0.25 is the common YOLO default).
    public var scoreFloor: Double = 0.25
    /// Mean false positives per detector run (the app is silent, spec.md#sim-detector; a few per hundred frames is
    /// typical of COCO detectors at a 0.25 threshold).
    public var falsePositivesPerRun: Double = 0.05
    /// False-positive scores are `scoreFloor + Exp(mean)`, clamped below 0.9.
    public var falsePositiveScoreMean: Double = 0.1
    /// Labels false positives are drawn from.
    public var falsePositiveLabels: [String] = ["bottle", "cup", "book", "cell phone", "remote", "chair"]
    /// Probability that a true detection carries the look-alike class instead (*our assumption*).
    public var confusionProbability: Double = 0.05
    /// Look-alike class pairs, confused both ways (*our assumption*, spec.md#sim-detector).
    public var confusablePairs: [[String]] = [
        ["cup", "bowl"], ["bottle", "vase"], ["remote", "cell phone"], ["tv", "laptop"], ["book", "laptop"],
    ]

    /// The default detector.
    public init() {}

    /// Recall relative to a large object for a box of `area` pixels of the detector's input.
    public func sizeFactor(inputArea area: Double) -> Double {
        let points = areaRecallPoints.filter { $0.count == 2 && $0[0] > 0 }
        guard let first = points.first, let last = points.last else { return 1 }
        if area <= first[0] { return first[1] }
        if area >= last[0] { return last[1] }
        for (a, b) in zip(points, points.dropFirst()) where area <= b[0] {
            let f = log(area / a[0]) / log(b[0] / a[0])
            return a[1] + (b[1] - a[1]) * f
        }
        return last[1]
    }

    /// Probability of detecting a sighting whose clipped box has `boxArea` pixels of an image
    /// whose long side is `imageLongSide` pixels, smaller side `boxSide` pixels, `visibility`
    /// in [0, 1] and a motion smear of `blurPixels` during the exposure.
    public func detectionProbability(
        boxArea: Double, boxSide: Double, imageLongSide: Double, visibility: Double, blurPixels: Double, lowLight: Bool
    ) -> Double {
        let toInput = inputLongSide / imageLongSide
        let area = boxArea * toInput * toInput * (lowLight ? lowLightAreaFactor : 1)
        let visibleTerm = min(max((visibility - minimumVisibility) / (fullVisibility - minimumVisibility), 0), 1)
        let smear = blurPixels / max(blurHalfRecall * boxSide, 1e-9)
        let blurTerm = 1 / (1 + smear * smear)
        return maximumRecall * sizeFactor(inputArea: area) * visibleTerm * blurTerm * (lowLight ? lowLightRecallFactor : 1)
    }

    /// The smear, pixels, of a point at `depth` metres during one exposure, for a camera
    /// turning at `angularSpeed` rad/s and moving at `speed` m/s with focal length `focal` px.
    public func blurPixels(angularSpeed: Double, speed: Double, depth: Double, focal: Double, lowLight: Bool) -> Double {
        (lowLight ? lowLightExposureSeconds : exposureSeconds) * focal * (angularSpeed + speed / max(depth, 0.1))
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
