/// COCOeval's accumulation (`spec.md#coco-accumulation`): for every category, area range and
/// detection cap, the capped detections of all images in one list, stably sorted by
/// descending score (ties in image order, then score order within the image); running
/// true/false positive counts give recall and precision; precision is made non-increasing
/// from the end and read at the 101 recall thresholds; the stored recall is the last one.
/// A cell with no counted ground truth stays −1.
struct COCOAccumulation {
    /// The matched detections of one cell, capped at the largest `maxDets`, in score order.
    struct CellOutcomes: Sendable {
        /// Index of the category.
        var category: Int
        /// Scores, descending.
        var scores: [Double]
        /// Per area range: the matching.
        var matchings: [COCOImageMatching]
    }

    /// `[T][R][K][A][M]`, C order.
    private(set) var precision: [Double]
    /// `[T][K][A][M]`, C order.
    private(set) var recall: [Double]

    init(cells: [CellOutcomes], categoryCount: Int, parameters p: COCOParameters) {
        let t = p.iouThresholds.count, r = p.recallThresholds.count, a = p.areaRanges.count, m = p.maxDetections.count
        let k = categoryCount
        precision = [Double](repeating: -1, count: t * r * k * a * m)
        recall = [Double](repeating: -1, count: t * k * a * m)
        let epsilon = Double.ulpOfOne  // numpy.spacing(1)
        var start = 0
        while start < cells.count {
            let category = cells[start].category
            var end = start
            while end < cells.count && cells[end].category == category { end += 1 }
            let group = cells[start..<end]
            start = end
            for (mi, cap) in p.maxDetections.enumerated() {
                // The capped detections of every image in image order, then stably by score.
                var scores: [Double] = []
                var origin: [(cell: Int, detection: Int)] = []
                for (c, cell) in zip(group.indices, group) {
                    for d in 0..<min(cap, cell.scores.count) {
                        scores.append(cell.scores[d])
                        origin.append((c, d))
                    }
                }
                let order = Array(scores.indices).sorted { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
                for ai in 0..<a {
                    let counted = group.reduce(0) { $0 + $1.matchings[ai].countedGroundTruth }
                    if counted == 0 { continue }
                    for ti in 0..<t {
                        var tp = 0, fp = 0
                        var recalls: [Double] = []
                        var precisions: [Double] = []
                        recalls.reserveCapacity(order.count)
                        precisions.reserveCapacity(order.count)
                        for index in order {
                            let (c, d) = origin[index]
                            let cell = cells[c]
                            switch cell.matchings[ai].outcomes[ti * cell.scores.count + d] {
                            case .truePositive: tp += 1
                            case .falsePositive: fp += 1
                            case .ignored: break
                            }
                            recalls.append(Double(tp) / Double(counted))
                            precisions.append(Double(tp) / (Double(fp) + Double(tp) + epsilon))
                        }
                        recall[((ti * k + category) * a + ai) * m + mi] = recalls.last ?? 0
                        if precisions.count > 1 {
                            for i in stride(from: precisions.count - 1, to: 0, by: -1) where precisions[i] > precisions[i - 1] {
                                precisions[i - 1] = precisions[i]
                            }
                        }
                        // First position whose recall reaches each threshold; none → 0 from there on.
                        var position = 0
                        for (ri, threshold) in p.recallThresholds.enumerated() {
                            while position < recalls.count && recalls[position] < threshold { position += 1 }
                            let value = position < recalls.count ? precisions[position] : 0
                            precision[(((ti * r + ri) * k + category) * a + ai) * m + mi] = value
                        }
                    }
                }
            }
        }
    }
}
