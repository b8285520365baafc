import Numerics

/// The non-zero IoUs of every timestep, computed once and shared by all metrics.
///
/// Entries of timestep `t` are `entryStart[t]..<entryStart[t+1]`, in row-major order
/// (ground-truth detection, then tracker detection, both in file order). Each entry
/// also names its id pair's slot: slots number the (ground-truth id, tracker id) pairs
/// that ever overlap, so per-pair accumulators are dense arrays over slots instead of
/// G×T matrices.
struct SimilarityTable: Sendable {
    var entryStart: [Int]
    /// Row within the timestep (ground-truth detection offset).
    var entryRow: [Int32] = []
    /// Column within the timestep (tracker detection offset).
    var entryColumn: [Int32] = []
    /// IoU, > 0.
    var entrySimilarity: [Double] = []
    /// Id-pair slot.
    var entrySlot: [Int32] = []
    /// Ground-truth dense id of each slot.
    var slotGroundTruth: [Int32] = []
    /// Tracker dense id of each slot.
    var slotTracker: [Int32] = []
    /// Σ_j IoU of each ground-truth detection over its timestep (NumPy summation order).
    var rowSum: [Double]
    /// Σ_i IoU of each tracker detection over its timestep (in row order, as NumPy reduces axis 0).
    var columnSum: [Double]

    var slotCount: Int { slotGroundTruth.count }

    init(_ sequence: PreparedSequence) {
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        let timesteps = sequence.timestepCount
        entryStart = [Int](repeating: 0, count: timesteps + 1)
        rowSum = [Double](repeating: 0, count: gt.count)
        columnSum = [Double](repeating: 0, count: trk.count)
        var slotOf = IntegerHashMap(capacity: 1024)
        var finder = OverlapFinder()
        for t in 0..<timesteps {
            entryStart[t] = entrySimilarity.count
            let rows = gt.range(t)
            let columns = trk.range(t)
            if rows.isEmpty || columns.isEmpty { continue }
            finder.index(trk.box[columns])
            for (i, g) in rows.enumerated() {
                let rowStart = entrySimilarity.count
                for j in finder.overlapping(gt.box[g]) {
                    let h = columns.lowerBound + j
                    let similarity = BoxSimilarity.iou(gt.box[g], trk.box[h], convention: sequence.convention)
                    guard similarity != 0 else { continue }
                    columnSum[h] += similarity
                    let key = Int(gt.id[g]) * trk.idCount + Int(trk.id[h])
                    let slot = slotOf.value(for: key) {
                        slotGroundTruth.append(gt.id[g])
                        slotTracker.append(trk.id[h])
                        return Int32(slotGroundTruth.count - 1)
                    }
                    entryRow.append(Int32(i))
                    entryColumn.append(Int32(j))
                    entrySimilarity.append(similarity)
                    entrySlot.append(slot)
                }
                rowSum[g] = PairwiseSum.sparseSum(
                    count: columns.count, positions: entryColumn[rowStart...], values: entrySimilarity[rowStart...])
            }
        }
        entryStart[timesteps] = entrySimilarity.count
    }

    @inline(__always)
    func entries(_ t: Int) -> Range<Int> { entryStart[t]..<entryStart[t + 1] }
}

/// Finds the boxes of one timestep that can overlap a query box, in index order:
/// boxes are sorted by left edge, and only those whose left edge lies within the widest
/// box's width of the query are examined. Boxes outside that window cannot intersect
/// the query, so their IoU is exactly 0.
struct OverlapFinder {
    private var order: [Int] = []
    private var left: [Double] = []
    private var widest = 0.0
    private var found: [Int] = []

    /// Indexes `boxes` (offsets 0..<count).
    mutating func index(_ boxes: ArraySlice<BoxCorners>) {
        order = Array(0..<boxes.count)
        let base = boxes.startIndex
        order.sort { boxes[base + $0].x0 < boxes[base + $1].x0 }
        left = order.map { boxes[base + $0].x0 }
        widest = boxes.reduce(0) { max($0, $1.x1 - $1.x0) }
    }

    /// Offsets of the indexed boxes that may overlap `query`, ascending.
    mutating func overlapping(_ query: BoxCorners) -> [Int] {
        let low = query.x0 - widest - 1 - abs(query.x0) * 1e-9
        var first = lowerBound(low)
        found.removeAll(keepingCapacity: true)
        while first < left.count && left[first] <= query.x1 {
            found.append(order[first])
            first += 1
        }
        found.sort()
        return found
    }

    private func lowerBound(_ value: Double) -> Int {
        var low = 0, high = left.count
        while low < high {
            let mid = (low + high) / 2
            if left[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
