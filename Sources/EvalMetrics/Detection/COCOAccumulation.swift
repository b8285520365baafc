import EvalNumerics

/// COCOeval's accumulation (`spec.md#coco-accumulation`): for every category, area range and
/// detection cap, the capped detections of all images in one list, stably sorted by
/// descending score (ties in image order, then score order within the image); running
/// true/false positive counts give recall and precision; precision is made non-increasing
/// from the end and read at the 101 recall thresholds; the stored recall is the last one.
/// A cell with no counted ground truth stays −1.
struct COCOAccumulation {
    /// The matched detections of many cells in flat arrays, cell after cell, each cell's
    /// detections capped at the largest `maxDets` and in score order.
    struct CellTable: Sendable {
        /// Per cell: the index of its category.
        var categories: [Int] = []
        /// Per cell: where its detections start in `scores`; one more entry, the end.
        var detectionStarts: [Int] = [0]
        /// Scores, descending within each cell.
        var scores: [Double] = []
        /// Per cell and area range (`[cell][area]`): ground-truth boxes that count.
        var countedGroundTruth: [Int] = []
        /// Raw ``COCOImageMatching/Outcome`` values, `[cell][area][threshold][detection]`; a
        /// cell's start is its first detection's position in `scores` times areas × thresholds.
        var outcomes: [UInt8] = []

        /// Appends the cells of `other`.
        mutating func append(_ other: CellTable) {
            categories += other.categories
            let shift = scores.count
            detectionStarts += other.detectionStarts.dropFirst().map { $0 + shift }
            scores += other.scores
            countedGroundTruth += other.countedGroundTruth
            outcomes += other.outcomes
        }
    }

    /// `[T][R][K][A][M]`, C order.
    private(set) var precision: [Double]
    /// `[T][K][A][M]`, C order.
    private(set) var recall: [Double]

    /// Accumulates `cells` (ordered by category, then image) on all cores, one category at a time.
    init(cells: CellTable, categoryCount: Int, parameters p: COCOParameters) {
        let t = p.iouThresholds.count, r = p.recallThresholds.count, a = p.areaRanges.count, m = p.maxDetections.count
        let k = categoryCount
        var precision = [Double](repeating: -1, count: t * r * k * a * m)
        var recall = [Double](repeating: -1, count: t * k * a * m)
        var groups: [Range<Int>] = []
        var start = 0
        while start < cells.categories.count {
            var end = start
            while end < cells.categories.count && cells.categories[end] == cells.categories[start] { end += 1 }
            groups.append(start..<end)
            start = end
        }
        let ranges = groups
        let blocks = inChunks(of: ranges.count, minimumChunk: 4) { chunk in
            chunk.map { Self.category(ranges[$0], of: cells, parameters: p) }
        }
        for (block, category) in zip(blocks.joined(), groups.map { cells.categories[$0.lowerBound] }) {
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

    private static func category(_ group: Range<Int>, of cells: CellTable, parameters p: COCOParameters) -> CategoryBlock {
        let t = p.iouThresholds.count, r = p.recallThresholds.count, a = p.areaRanges.count, m = p.maxDetections.count
        var block = CategoryBlock(precision: [Double](repeating: -1, count: t * a * m * r), recall: [Double](repeating: -1, count: t * a * m))
        let counted = (0..<a).map { ai in group.reduce(0) { $0 + cells.countedGroundTruth[$1 * a + ai] } }
        let epsilon = Double.ulpOfOne  // numpy.spacing(1)
        // The category's detections are one stretch of `scores`, in image order then score
        // order: position order is the tie order. Sorted once; each cap keeps its part of it.
        let first = cells.detectionStarts[group.lowerBound], scores = cells.scores
        var rank: [Int] = [], count: [Int] = []  // per position: rank within its cell, the cell's size
        for c in group {
            let size = cells.detectionStarts[c + 1] - cells.detectionStarts[c]
            for d in 0..<size {
                rank.append(d)
                count.append(size)
            }
        }
        var sorted = Array(first..<(first + rank.count))
        sorted.sort { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
        var sortedBase: [Int] = [], sortedStride: [Int] = []
        var suffixMaximum: [Double] = []
        for (mi, cap) in p.maxDetections.enumerated() {
            sortedBase.removeAll(keepingCapacity: true)
            sortedStride.removeAll(keepingCapacity: true)
            for position in sorted where rank[position - first] < cap {
                let d = rank[position - first]
                sortedBase.append((position - d) * a * t + d)
                sortedStride.append(count[position - first])
            }
            let n = sortedBase.count
            for ai in 0..<a where counted[ai] > 0 {
                let npig = Double(counted[ai])
                for ti in 0..<t {
                    let step = ai * t + ti
                    // COCOeval's running recall tp/npig only grows at a true positive, and its
                    // running precision tp/(tp + fp + ε) only grows there too (it falls at a false
                    // positive and stays at an ignored one). So precision made non-increasing from
                    // the end, read where recall first reaches a threshold (which is where tp first
                    // reaches some count v), is the largest precision at the v-th or any later true
                    // positive: the same doubles as COCOeval's arrays, computed at true positives only.
                    suffixMaximum.removeAll(keepingCapacity: true)
                    suffixMaximum.append(0)  // index v: the v-th true positive; 0 is a placeholder
                    var tp = 0, fp = 0
                    cells.outcomes.withUnsafeBufferPointer { outcomes in
                        sortedBase.withUnsafeBufferPointer { base in
                            sortedStride.withUnsafeBufferPointer { stride in
                                for i in 0..<n {
                                    let outcome = outcomes[base[i] + step * stride[i]]
                                    if outcome == COCOImageMatching.Outcome.truePositive.rawValue {
                                        tp += 1
                                        suffixMaximum.append(Double(tp) / (Double(fp) + Double(tp) + epsilon))
                                    } else if outcome == COCOImageMatching.Outcome.falsePositive.rawValue {
                                        fp += 1
                                    }
                                }
                            }
                        }
                    }
                    var v = tp
                    while v > 1 {
                        if suffixMaximum[v] > suffixMaximum[v - 1] { suffixMaximum[v - 1] = suffixMaximum[v] }
                        v -= 1
                    }
                    let local = (ti * a + ai) * m + mi
                    block.recall[local] = n > 0 ? Double(tp) / npig : 0
                    // The smallest true-positive count whose recall reaches each threshold; none → 0.
                    v = 0
                    for (ri, threshold) in p.recallThresholds.enumerated() {
                        while v <= tp && Double(v) / npig < threshold { v += 1 }
                        let reached = v <= tp && n > 0
                        // v = 0 (threshold 0) reads the first position: the largest precision of all.
                        block.precision[local * r + ri] = reached ? (tp > 0 ? suffixMaximum[max(v, 1)] : 0) : 0
                    }
                }
            }
        }
        return block
    }
}
