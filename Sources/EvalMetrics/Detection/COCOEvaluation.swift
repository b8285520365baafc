import EvalNumerics

/// The result of COCO detection scoring: the full precision and recall arrays and the twelve
/// summary numbers, each equal to pycocotools' (`spec.md#coco-summary`).
public struct COCOEvaluation: Sendable {
    /// The parameters used.
    public let parameters: COCOParameters
    /// What was overlapped.
    public let iouType: COCOIoUType
    /// Image ids scored, ascending.
    public let imageIds: [Int]
    /// Category ids scored, ascending.
    public let categoryIds: [Int]
    /// Precision `[T][R][K][A][M]` in C order; −1 where a category has no counted ground truth.
    public let precision: [Double]
    /// Recall `[T][K][A][M]` in C order; −1 likewise.
    public let recall: [Double]
    /// Detections dropped because their category is not in the ground truth's list.
    public let droppedDetections: Int
    /// Detections scored (after the drop).
    public let detectionCount: Int

    /// One of the twelve summary numbers.
    public struct Statistic: Sendable {
        /// pycocotools' wording: "Average Precision" or "Average Recall".
        public var isPrecision: Bool
        /// IoU threshold, or nil for all ten.
        public var iou: Double?
        /// Area range label.
        public var area: String
        /// Detection cap.
        public var maxDetections: Int
        /// Its short name, e.g. `AP50`, `AR@10`, `APs`.
        public var name: String
    }

    /// The twelve summary slices, in `stats` order.
    public static let statistics: [Statistic] = [
        Statistic(isPrecision: true, iou: nil, area: "all", maxDetections: 100, name: "AP"),
        Statistic(isPrecision: true, iou: 0.5, area: "all", maxDetections: 100, name: "AP50"),
        Statistic(isPrecision: true, iou: 0.75, area: "all", maxDetections: 100, name: "AP75"),
        Statistic(isPrecision: true, iou: nil, area: "small", maxDetections: 100, name: "APs"),
        Statistic(isPrecision: true, iou: nil, area: "medium", maxDetections: 100, name: "APm"),
        Statistic(isPrecision: true, iou: nil, area: "large", maxDetections: 100, name: "APl"),
        Statistic(isPrecision: false, iou: nil, area: "all", maxDetections: 1, name: "AR@1"),
        Statistic(isPrecision: false, iou: nil, area: "all", maxDetections: 10, name: "AR@10"),
        Statistic(isPrecision: false, iou: nil, area: "all", maxDetections: 100, name: "AR@100"),
        Statistic(isPrecision: false, iou: nil, area: "small", maxDetections: 100, name: "ARs"),
        Statistic(isPrecision: false, iou: nil, area: "medium", maxDetections: 100, name: "ARm"),
        Statistic(isPrecision: false, iou: nil, area: "large", maxDetections: 100, name: "ARl"),
    ]

    /// `stats[0…11]`: AP, AP50, AP75, AP small/medium/large, AR@1/10/100, AR small/medium/large;
    /// −1 where the slice holds no counted ground truth.
    public var stats: [Double] { Self.statistics.map(summary) }

    /// The mean of the non-negative entries of one slice, summed in NumPy's order.
    public func summary(_ statistic: Statistic) -> Double {
        let p = parameters
        guard let a = p.areaRanges.firstIndex(where: { $0.label == statistic.area }),
              let m = p.maxDetections.firstIndex(of: statistic.maxDetections) else { return -1 }
        let thresholds: [Int]
        if let iou = statistic.iou {
            thresholds = p.iouThresholds.indices.filter { p.iouThresholds[$0] == iou }
        } else {
            thresholds = Array(p.iouThresholds.indices)
        }
        var values: [Double] = []
        for t in thresholds {
            if statistic.isPrecision {
                for r in p.recallThresholds.indices {
                    for k in categoryIds.indices { values.append(precision(t: t, r: r, k: k, a: a, m: m)) }
                }
            } else {
                for k in categoryIds.indices { values.append(recall(t: t, k: k, a: a, m: m)) }
            }
        }
        let kept = values.filter { $0 > -1 }
        return kept.isEmpty ? -1 : PairwiseSum.sum(kept) / Double(kept.count)
    }

    /// One precision entry.
    public func precision(t: Int, r: Int, k: Int, a: Int, m: Int) -> Double {
        let p = parameters
        return precision[(((t * p.recallThresholds.count + r) * categoryIds.count + k) * p.areaRanges.count + a) * p.maxDetections.count + m]
    }

    /// One recall entry.
    public func recall(t: Int, k: Int, a: Int, m: Int) -> Double {
        let p = parameters
        return recall[((t * categoryIds.count + k) * p.areaRanges.count + a) * p.maxDetections.count + m]
    }

    /// AP of one category (all thresholds, area all, 100 detections), −1 without ground truth.
    public func categoryAP(_ k: Int) -> Double {
        let m = parameters.maxDetections.count - 1
        var values: [Double] = []
        for t in parameters.iouThresholds.indices {
            for r in parameters.recallThresholds.indices { values.append(precision(t: t, r: r, k: k, a: 0, m: m)) }
        }
        let kept = values.filter { $0 > -1 }
        return kept.isEmpty ? -1 : PairwiseSum.sum(kept) / Double(kept.count)
    }
}
