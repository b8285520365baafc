import EvalNumerics
import Recording

/// The one-to-one pairing of reference and variant boxes that the parity report always
/// carries (`spec.md#parity-pair-analysis`), because mAP cannot see some failures.
///
/// Candidates are same image, same category, both scores ≥ the floor, box IoU ≥ `pairIoU`.
/// They are accepted greedily by descending IoU (ties: lower reference index, then lower
/// variant index, indices being file positions) when neither box is taken, which does not
/// depend on scores. The report keeps what matters at the operating threshold.
public struct PairAnalysis: Sendable {
    /// The thresholds of the analysis.
    public struct Settings: Equatable, Sendable {
        /// `s_low`: boxes below it take no part.
        public var scoreFloor: Double
        /// `s_op`: the threshold a user sees.
        public var operatingThreshold: Double
        /// `iou_pair`: least IoU of a pair.
        public var pairIoU: Double

        /// Creates settings.
        public init(scoreFloor: Double, operatingThreshold: Double, pairIoU: Double = 0.5) {
            self.scoreFloor = scoreFloor
            self.operatingThreshold = operatingThreshold
            self.pairIoU = pairIoU
        }
    }

    /// A reported pair: at least one side at or above the operating threshold.
    public struct Pair: Equatable, Sendable {
        /// Index in the reference file.
        public var reference: Int
        /// Index in the variant file.
        public var variant: Int
        /// Box IoU.
        public var iou: Double
        /// `variant score − reference score`.
        public var scoreDelta: Double
        /// Exactly one side at or above the operating threshold.
        public var crossesThreshold: Bool
    }

    /// A variant box with no partner that overlaps a reference box of another category.
    public struct ClassFlip: Equatable, Sendable {
        /// Index in the variant file.
        public var variant: Int
        /// The reference box it overlaps most (ties: lower index).
        public var reference: Int

        /// Creates a class flip.
        public init(variant: Int, reference: Int) {
            self.variant = variant
            self.reference = reference
        }
    }

    /// Counts of one category or of everything.
    public struct Counts: Equatable, Sendable {
        /// Reference boxes at or above `s_op`.
        public var referenceBoxes = 0
        /// Variant boxes at or above `s_op`.
        public var variantBoxes = 0
        /// Reported pairs.
        public var matched = 0
        /// Reported pairs whose reference box is at or above `s_op` ("k of n reference boxes matched").
        public var referenceMatched = 0
        /// Reference boxes at or above `s_op` with no partner.
        public var misses = 0
        /// Variant boxes at or above `s_op` with no partner that are not class flips.
        public var extras = 0
        /// Variant boxes at or above `s_op` with no partner over a reference box of another category.
        public var classFlips = 0
        /// Reported pairs with exactly one side at or above `s_op`.
        public var crossings = 0
    }

    /// The settings used.
    public let settings: Settings
    /// Reported pairs, in acceptance order (descending IoU).
    public let pairs: [Pair]
    /// Reference indices of the misses, ascending.
    public let misses: [Int]
    /// Variant indices of the extras, ascending.
    public let extras: [Int]
    /// The class flips, by ascending variant index.
    public let classFlips: [ClassFlip]
    /// Everything counted.
    public let counts: Counts
    /// Per category, sorted by misses + extras (descending), then category id.
    public let categories: [(categoryId: Int, counts: Counts)]

    /// Pairs `reference` with `variant` (both need boxes; a detection without one takes no part).
    public init(reference: [COCOResults.Detection], variant: [COCOResults.Detection], settings: Settings) {
        self.settings = settings
        let floor = settings.scoreFloor, op = settings.operatingThreshold
        // Bucket by image so candidates are only looked for among boxes of one image.
        var referenceByImage: [Int: [Int]] = [:]
        for (i, detection) in reference.enumerated() where detection.score >= floor && detection.bbox != nil {
            referenceByImage[detection.imageId, default: []].append(i)
        }
        var candidates: [(iou: Double, reference: Int, variant: Int)] = []
        var variantByImage: [Int: [Int]] = [:]
        for (v, detection) in variant.enumerated() where detection.score >= floor && detection.bbox != nil {
            variantByImage[detection.imageId, default: []].append(v)
            for r in referenceByImage[detection.imageId] ?? [] where reference[r].categoryId == detection.categoryId {
                let iou = BoxIoU.iou(detection.bbox!, reference[r].bbox!, crowd: false)
                if iou >= settings.pairIoU { candidates.append((iou, r, v)) }
            }
        }
        candidates.sort { a, b in
            a.iou != b.iou ? a.iou > b.iou : (a.reference != b.reference ? a.reference < b.reference : a.variant < b.variant)
        }
        var referencePartner = [Int?](repeating: nil, count: reference.count)
        var variantPartner = [Int?](repeating: nil, count: variant.count)
        var accepted: [(iou: Double, reference: Int, variant: Int)] = []
        for candidate in candidates where referencePartner[candidate.reference] == nil && variantPartner[candidate.variant] == nil {
            referencePartner[candidate.reference] = candidate.variant
            variantPartner[candidate.variant] = candidate.reference
            accepted.append(candidate)
        }

        var total = Counts()
        var byCategory: [Int: Counts] = [:]
        func count(_ category: Int, _ change: (inout Counts) -> Void) {
            change(&total)
            change(&byCategory[category, default: Counts()])
        }
        for detection in reference where detection.score >= op && detection.bbox != nil {
            count(detection.categoryId) { $0.referenceBoxes += 1 }
        }
        for detection in variant where detection.score >= op && detection.bbox != nil {
            count(detection.categoryId) { $0.variantBoxes += 1 }
        }
        var pairs: [Pair] = []
        for (iou, r, v) in accepted {
            let referenceSeen = reference[r].score >= op, variantSeen = variant[v].score >= op
            guard referenceSeen || variantSeen else { continue }
            let crossing = referenceSeen != variantSeen
            pairs.append(Pair(reference: r, variant: v, iou: iou, scoreDelta: variant[v].score - reference[r].score, crossesThreshold: crossing))
            count(reference[r].categoryId) { counts in
                counts.matched += 1
                if referenceSeen { counts.referenceMatched += 1 }
                if crossing { counts.crossings += 1 }
            }
        }
        var misses: [Int] = []
        for (r, detection) in reference.enumerated() where detection.score >= op && detection.bbox != nil && referencePartner[r] == nil {
            misses.append(r)
            count(detection.categoryId) { $0.misses += 1 }
        }
        var extras: [Int] = []
        var flips: [ClassFlip] = []
        for (v, detection) in variant.enumerated() where detection.score >= op && detection.bbox != nil && variantPartner[v] == nil {
            var best: (iou: Double, index: Int)?
            for r in referenceByImage[detection.imageId] ?? [] where reference[r].categoryId != detection.categoryId {
                let iou = BoxIoU.iou(detection.bbox!, reference[r].bbox!, crowd: false)
                if iou >= settings.pairIoU && iou > (best?.iou ?? -1) { best = (iou, r) }
            }
            if let best {
                flips.append(ClassFlip(variant: v, reference: best.index))
                count(detection.categoryId) { $0.classFlips += 1 }
            } else {
                extras.append(v)
                count(detection.categoryId) { $0.extras += 1 }
            }
        }
        self.pairs = pairs
        self.misses = misses
        self.extras = extras
        self.classFlips = flips
        self.counts = total
        self.categories = byCategory.map { ($0.key, $0.value) }.sorted { a, b in
            let ka = a.1.misses + a.1.extras, kb = b.1.misses + b.1.extras
            return ka != kb ? ka > kb : a.0 < b.0
        }
    }

    /// Matched IoU: minimum, 5th percentile (nil with fewer than 20 pairs: read the minimum),
    /// median and mean; nil without pairs.
    public var iouSummary: (minimum: Double, p5: Double?, median: Double, mean: Double)? {
        let values = pairs.map(\.iou)
        guard let minimum = values.min() else { return nil }
        return (minimum, values.count >= 20 ? Quantile.linear(values, 0.05) : nil, Quantile.median(values),
                PairwiseSum.sum(values) / Double(values.count))
    }

    /// Score deltas (variant − reference): mean, median, 95th percentile of |Δ|, maximum |Δ|;
    /// nil without pairs.
    public var deltaSummary: (mean: Double, median: Double, p95Absolute: Double, maximumAbsolute: Double)? {
        let values = pairs.map(\.scoreDelta)
        guard !values.isEmpty else { return nil }
        let absolute = values.map(abs)
        return (PairwiseSum.sum(values) / Double(values.count), Quantile.median(values), Quantile.linear(absolute, 0.95),
                absolute.max() ?? 0)
    }
}
