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
    /// Σ_i IoU of each tracker detection over its timestep (sequential, as NumPy reduces axis 0).
    var columnSum: [Double]

    var slotCount: Int { slotGroundTruth.count }

    init(_ sequence: PreparedSequence) {
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        let timesteps = sequence.timestepCount
        entryStart = [Int](repeating: 0, count: timesteps + 1)
        rowSum = [Double](repeating: 0, count: gt.count)
        columnSum = [Double](repeating: 0, count: trk.count)
        var slotOf: [Int: Int32] = [:]
        let trackerIDs = trk.idCount
        var dense: [Double] = []
        for t in 0..<timesteps {
            entryStart[t] = entrySimilarity.count
            let rows = gt.range(t)
            let columns = trk.range(t)
            if rows.isEmpty || columns.isEmpty { continue }
            let width = columns.count
            if dense.count < rows.count * width { dense = [Double](repeating: 0, count: rows.count * width) }
            dense.withUnsafeMutableBufferPointer { matrix in
                for (i, g) in rows.enumerated() {
                    let a = gt.box[g]
                    let base = i * width
                    for (j, h) in columns.enumerated() {
                        matrix[base + j] = BoxSimilarity.iou(a, trk.box[h], convention: sequence.convention)
                    }
                    rowSum[g] = PairwiseSum.sum(UnsafeBufferPointer(rebasing: matrix[base..<(base + width)]))
                    for j in 0..<width where matrix[base + j] != 0 {
                        let h = columns.lowerBound + j
                        columnSum[h] += matrix[base + j]
                        let key = Int(gt.id[g]) * trackerIDs + Int(trk.id[h])
                        let slot: Int32
                        if let existing = slotOf[key] {
                            slot = existing
                        } else {
                            slot = Int32(slotGroundTruth.count)
                            slotOf[key] = slot
                            slotGroundTruth.append(gt.id[g])
                            slotTracker.append(trk.id[h])
                        }
                        entryRow.append(Int32(i))
                        entryColumn.append(Int32(j))
                        entrySimilarity.append(matrix[base + j])
                        entrySlot.append(slot)
                    }
                }
            }
        }
        entryStart[timesteps] = entrySimilarity.count
    }

    @inline(__always)
    func entries(_ t: Int) -> Range<Int> { entryStart[t]..<entryStart[t + 1] }
}
