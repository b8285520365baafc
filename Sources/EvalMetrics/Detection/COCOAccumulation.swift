import EvalNumerics

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
        /// Per area range: ground-truth boxes that count.
        var countedGroundTruth: [Int]
        /// Raw ``COCOImageMatching/Outcome`` values, `[area][threshold][detection]`.
        var outcomes: [UInt8]
    }

    /// `[T][R][K][A][M]`, C order.
    private(set) var precision: [Double]
    /// `[T][K][A][M]`, C order.
    private(set) var recall: [Double]

    /// Accumulates `cells` (ordered by category, then image) on all cores, one category at a time.
    init(cells: [CellOutcomes], categoryCount: Int, parameters p: COCOParameters) {
        let t = p.iouThresholds.count, r = p.recallThresholds.count, a = p.areaRanges.count, m = p.maxDetections.count
        let k = categoryCount
        var precision = [Double](repeating: -1, count: t * r * k * a * m)
        var recall = [Double](repeating: -1, count: t * k * a * m)
        var groups: [Range<Int>] = []
        var start = 0
        while start < cells.count {
            var end = start
            while end < cells.count && cells[end].category == cells[start].category { end += 1 }
            groups.append(start..<end)
            start = end
        }
        let ranges = groups
        let blocks = inChunks(of: ranges.count, minimumChunk: 4) { chunk in
            chunk.map { Self.category(cells[ranges[$0]], parameters: p) }
        }
        for (block, category) in zip(blocks.joined(), groups.map { cells[$0.lowerBound].category }) {
            for ti in 0..<t {
                for ai in 0..<a {
                    for mi in 0..<m {
                        let local = (ti * a + ai) * m + mi
                        recall[((ti * k + category) * a + ai) * m + mi] = block.recall[local]
                        for ri in 0..<r {
                            precision[(((ti * r + ri) * k + category) * a + ai) * m + mi] = block.precision[local * r + ri]
                        }
                    }
                }
            }
        }
        self.precision = precision
        self.recall = recall
    }

    /// One category's values: `recall[t][a][m]` and `precision[t][a][m][r]`.
    private struct CategoryBlock: Sendable {
        var precision: [Double]
        var recall: [Double]
    }

    private static func category(_ group: ArraySlice<CellOutcomes>, parameters p: COCOParameters) -> CategoryBlock {
        let t = p.iouThresholds.count, r = p.recallThresholds.count, a = p.areaRanges.count, m = p.maxDetections.count
        var block = CategoryBlock(precision: [Double](repeating: -1, count: t * a * m * r), recall: [Double](repeating: -1, count: t * a * m))
        // All outcomes of the category in one buffer, so the inner loops touch plain arrays only.
        var flat: [UInt8] = []
        var offsets: [Int] = []
        for cell in group {
            offsets.append(flat.count)
            flat += cell.outcomes
        }
        let counted = (0..<a).map { ai in group.reduce(0) { $0 + $1.countedGroundTruth[ai] } }
        let epsilon = Double.ulpOfOne  // numpy.spacing(1)
        for (mi, cap) in p.maxDetections.enumerated() {
            // The capped detections of every image in image order, then stably by descending score.
            var scores: [Double] = [], base: [Int] = [], stride: [Int] = []
            for (c, cell) in group.enumerated() {
                let count = cell.scores.count
                for d in 0..<min(cap, count) {
                    scores.append(cell.scores[d])
                    base.append(offsets[c] + d)
                    stride.append(count)
                }
            }
            let order = Array(scores.indices).sorted { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
            let sortedBase = order.map { base[$0] }, sortedStride = order.map { stride[$0] }
            let n = order.count
            var recalls = [Double](repeating: 0, count: n), precisions = [Double](repeating: 0, count: n)
            for ai in 0..<a where counted[ai] > 0 {
                let npig = Double(counted[ai])
                for ti in 0..<t {
                    let step = ai * t + ti
                    flat.withUnsafeBufferPointer { outcomes in
                        recalls.withUnsafeMutableBufferPointer { rc in
                            precisions.withUnsafeMutableBufferPointer { pr in
                                var tp = 0, fp = 0
                                for i in 0..<n {
                                    let outcome = outcomes[sortedBase[i] + step * sortedStride[i]]
                                    if outcome == COCOImageMatching.Outcome.truePositive.rawValue {
                                        tp += 1
                                    } else if outcome == COCOImageMatching.Outcome.falsePositive.rawValue {
                                        fp += 1
                                    }
                                    rc[i] = Double(tp) / npig
                                    pr[i] = Double(tp) / (Double(fp) + Double(tp) + epsilon)
                                }
                                // Non-increasing from the end: each value the largest of itself and all after it.
                                var i = n - 1
                                while i > 0 {
                                    if pr[i] > pr[i - 1] { pr[i - 1] = pr[i] }
                                    i -= 1
                                }
                            }
                        }
                    }
                    let local = (ti * a + ai) * m + mi
                    block.recall[local] = n > 0 ? recalls[n - 1] : 0
                    // First position whose recall reaches each threshold; none → 0 from there on.
                    var position = 0
                    for (ri, threshold) in p.recallThresholds.enumerated() {
                        while position < n && recalls[position] < threshold { position += 1 }
                        block.precision[local * r + ri] = position < n ? precisions[position] : 0
                    }
                }
            }
        }
        return block
    }
}
