import EvalNumerics

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

    /// Builds the table in parallel chunks of timesteps: a first pass counts each
    /// timestep's overlapping pairs, a second writes them straight into place, then slots
    /// are numbered by first appearance in timestep order (as a single pass would).
    init(_ sequence: PreparedSequence) {
        let timesteps = sequence.timestepCount
        let counts = inChunks(of: timesteps) { chunk in
            var finder = OverlapFinder()
            return chunk.map { Self.forEachOverlap(sequence, timestep: $0, finder: &finder) { _, _, _ in } }
        }
        entryStart = [0]
        entryStart.reserveCapacity(timesteps + 1)
        for count in counts.joined() { entryStart.append(entryStart[entryStart.count - 1] + count) }
        let total = entryStart[timesteps]
        entryRow = [Int32](repeating: 0, count: total)
        entryColumn = [Int32](repeating: 0, count: total)
        entrySimilarity = [Double](repeating: 0, count: total)
        entrySlot = [Int32](repeating: 0, count: total)
        rowSum = [Double](repeating: 0, count: sequence.groundTruth.count)
        columnSum = [Double](repeating: 0, count: sequence.tracker.count)
        let starts = entryStart
        let chunks = withTableStorage { storage in
            inChunks(of: timesteps) { chunk in
                Self.fill(sequence, timesteps: chunk, entryStart: starts, into: storage)
            }
        }
        var slotOf = IntegerHashMap(capacity: 1024)
        let trackerIDs = sequence.tracker.idCount
        for chunk in chunks {
            let global = zip(chunk.slotGroundTruth, chunk.slotTracker).map { g, h in
                slotOf.value(for: Int(g) * trackerIDs + Int(h)) {
                    slotGroundTruth.append(g)
                    slotTracker.append(h)
                    return Int32(slotGroundTruth.count - 1)
                }
            }
            for k in starts[chunk.timesteps.lowerBound]..<starts[chunk.timesteps.upperBound] {
                entrySlot[k] = global[Int(entrySlot[k])]
            }
        }
    }

    /// Calls `body(row, column, iou)` for every pair of timestep `t` with a non-zero IoU,
    /// in row-major order, and returns how many there were.
    private static func forEachOverlap(
        _ sequence: PreparedSequence, timestep t: Int, finder: inout OverlapFinder,
        _ body: (Int, Int, Double) -> Void
    ) -> Int {
        let gt = sequence.groundTruth, trk = sequence.tracker
        let rows = gt.range(t), columns = trk.range(t)
        if rows.isEmpty || columns.isEmpty { return 0 }
        finder.index(trk.box[columns])
        var count = 0
        for (i, g) in rows.enumerated() {
            let box = gt.box[g]
            for j in finder.overlapping(box) {
                let similarity = BoxSimilarity.iou(box, trk.box[columns.lowerBound + j], convention: sequence.convention)
                guard similarity != 0 else { continue }
                body(i, j, similarity)
                count += 1
            }
        }
        return count
    }

    /// Writes the entries of `timesteps` at their final positions, with slots numbered
    /// locally; returns the local slots' id pairs.
    private static func fill(
        _ sequence: PreparedSequence, timesteps: Range<Int>, entryStart: [Int], into storage: TableStorage
    ) -> LocalSlots {
        let gt = sequence.groundTruth, trk = sequence.tracker
        var slots = LocalSlots(timesteps: timesteps)
        var slotOf = IntegerHashMap(capacity: 256)
        var finder = OverlapFinder()
        for t in timesteps {
            var k = entryStart[t]
            let rowBase = gt.range(t).lowerBound, columnBase = trk.range(t).lowerBound
            var rowStart = k, currentRow = -1
            func closeRow() {
                guard currentRow >= 0 else { return }
                storage.rowSum[rowBase + currentRow] = PairwiseSum.sparseSum(
                    count: trk.range(t).count, positions: storage.columns(rowStart..<k), values: storage.similarities(rowStart..<k))
            }
            _ = forEachOverlap(sequence, timestep: t, finder: &finder) { i, j, similarity in
                if i != currentRow {
                    closeRow()
                    currentRow = i
                    rowStart = k
                }
                let g = gt.id[rowBase + i], h = trk.id[columnBase + j]
                storage.entryRow[k] = Int32(i)
                storage.entryColumn[k] = Int32(j)
                storage.entrySimilarity[k] = similarity
                storage.entrySlot[k] = slotOf.value(for: Int(g) * trk.idCount + Int(h)) {
                    slots.slotGroundTruth.append(g)
                    slots.slotTracker.append(h)
                    return Int32(slots.slotGroundTruth.count - 1)
                }
                storage.columnSum[columnBase + j] += similarity
                k += 1
            }
            closeRow()
        }
        return slots
    }

    /// Lends raw pointers to the table's arrays for the duration of `body`.
    private mutating func withTableStorage<R>(_ body: (TableStorage) -> R) -> R {
        entryRow.withUnsafeMutableBufferPointer { row in
            entryColumn.withUnsafeMutableBufferPointer { column in
                entrySimilarity.withUnsafeMutableBufferPointer { similarity in
                    entrySlot.withUnsafeMutableBufferPointer { slot in
                        rowSum.withUnsafeMutableBufferPointer { rowSum in
                            columnSum.withUnsafeMutableBufferPointer { columnSum in
                                body(TableStorage(
                                    entryRow: row.baseAddress, entryColumn: column.baseAddress,
                                    entrySimilarity: similarity.baseAddress, entrySlot: slot.baseAddress,
                                    rowSum: rowSum.baseAddress, columnSum: columnSum.baseAddress))
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    func entries(_ t: Int) -> Range<Int> { entryStart[t]..<entryStart[t + 1] }
}

/// Raw pointers into a table under construction. Chunks of timesteps write disjoint
/// ranges (their own entries, their own detections' sums), so sharing is safe.
private struct TableStorage: @unchecked Sendable {
    let entryRow: UnsafeMutablePointer<Int32>!
    let entryColumn: UnsafeMutablePointer<Int32>!
    let entrySimilarity: UnsafeMutablePointer<Double>!
    let entrySlot: UnsafeMutablePointer<Int32>!
    let rowSum: UnsafeMutablePointer<Double>!
    let columnSum: UnsafeMutablePointer<Double>!

    func columns(_ range: Range<Int>) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: entryColumn + range.lowerBound, count: range.count)
    }

    func similarities(_ range: Range<Int>) -> UnsafeBufferPointer<Double> {
        UnsafeBufferPointer(start: entrySimilarity + range.lowerBound, count: range.count)
    }
}

/// The id pairs of the slots a chunk numbered locally, in order of first appearance.
private struct LocalSlots: Sendable {
    let timesteps: Range<Int>
    var slotGroundTruth: [Int32] = []
    var slotTracker: [Int32] = []
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
