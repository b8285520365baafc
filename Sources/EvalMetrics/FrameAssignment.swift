import EvalNumerics

/// Solves one timestep's assignment exactly as the reference tools do: maximise the
/// summed score over a dense ground-truth × tracker matrix with
/// `scipy.optimize.linear_sum_assignment`'s tie-breaking.
///
/// Fast path: when the positive scores form disjoint pairs (no detection has two), every
/// optimal assignment contains all of them and no other positive pair, so they are the
/// answer without solving anything. Otherwise the full dense matrix is solved, so that
/// ties resolve exactly as scipy resolves them.
struct FrameAssignment {
    /// One assigned pair of a timestep.
    struct Pair {
        var row: Int
        var column: Int
        /// The similarity-table entry of the pair, or -1 when the two do not overlap.
        var entry: Int
    }

    /// When false, every timestep is solved densely (the reference path the shortcuts
    /// are tested against).
    let shortcuts: Bool
    private var solver = LinearAssignmentSolver()
    private var costs: [Double] = []
    private var entryAt: [Int] = []
    private var rowStamp: [Int] = []
    private var columnStamp: [Int] = []
    private var stamp = 0
    private var partition = ComponentPartition(nodes: 0)
    private var edgeCount: [Int] = []
    private var bucket: [Int] = []

    init(shortcuts: Bool = true) {
        self.shortcuts = shortcuts
    }

    /// Fills `pairs` with the assignment of a `rows × columns` timestep, in row order.
    ///
    /// - Parameters:
    ///   - entries: the timestep's similarity-table entries.
    ///   - score: the score of each entry; entries scoring ≤ 0 count as 0.
    ///   - positiveOnly: when true, pairs of score 0 are left out (they are dropped by
    ///     the caller anyway); when false, every pair the dense solver assigns is kept.
    mutating func assign(
        rows: Int, columns: Int, entries: Range<Int>, table: SimilarityTable,
        score: [Double], positiveOnly: Bool, into pairs: inout [Pair]
    ) {
        pairs.removeAll(keepingCapacity: true)
        if entries.isEmpty && positiveOnly { return }
        if shortcuts && positiveOnly && disjoint(rows: rows, columns: columns, entries: entries, table: table, score: score) {
            for k in entries where score[k - entries.lowerBound] > 0 {
                pairs.append(Pair(row: Int(table.entryRow[k]), column: Int(table.entryColumn[k]), entry: k))
            }
            return
        }
        if shortcuts && positiveOnly && solveByComponents(rows: rows, columns: columns, entries: entries, table: table, score: score, into: &pairs) {
            return
        }
        solveDense(rows: rows, columns: columns, entries: entries, table: table, score: score, positiveOnly: positiveOnly, into: &pairs)
    }

    /// Solves each connected component of the positive-score graph on its own, by
    /// enumerating its matchings. Every optimal dense assignment restricted to a
    /// component is a maximum-weight matching of it, so when each component's best
    /// matching beats the runner-up by a clear margin (far above rounding), it is the
    /// one scipy returns. Returns false (and leaves `pairs` for the dense solver) when a
    /// component is too large to enumerate or its best is not clearly unique.
    private mutating func solveByComponents(
        rows: Int, columns: Int, entries: Range<Int>, table: SimilarityTable, score: [Double],
        into pairs: inout [Pair]
    ) -> Bool {
        partition.reset(nodes: rows + columns)
        for k in entries where score[k - entries.lowerBound] > 0 {
            partition.union(Int(table.entryRow[k]), rows + Int(table.entryColumn[k]))
        }
        // Count each component's edges; give up at once when one is too large.
        if edgeCount.count < rows + columns { edgeCount = [Int](repeating: 0, count: rows + columns) }
        for node in 0..<(rows + columns) { edgeCount[node] = 0 }
        for k in entries where score[k - entries.lowerBound] > 0 {
            let root = partition.root(Int(table.entryRow[k]))
            edgeCount[root] += 1
            if edgeCount[root] > MatchingEnumeration.maximumEdges { return false }
        }
        // Bucket the positive entries by component (counting sort on the root).
        var offset = 0
        for node in 0..<(rows + columns) {
            let count = edgeCount[node]
            edgeCount[node] = offset
            offset += count
        }
        if bucket.count < offset { bucket = [Int](repeating: 0, count: offset) }
        var fill = edgeCount
        for k in entries where score[k - entries.lowerBound] > 0 {
            let root = partition.root(Int(table.entryRow[k]))
            bucket[fill[root]] = k
            fill[root] += 1
        }
        var edges: [(row: Int, column: Int, weight: Double)] = []
        for node in 0..<(rows + columns) where fill[node] > edgeCount[node] {
            let members = bucket[edgeCount[node]..<fill[node]]
            if members.count == 1 {
                let k = members.first!
                pairs.append(Pair(row: Int(table.entryRow[k]), column: Int(table.entryColumn[k]), entry: k))
                continue
            }
            edges.removeAll(keepingCapacity: true)
            for k in members {
                edges.append((Int(table.entryRow[k]), Int(table.entryColumn[k]), score[k - entries.lowerBound]))
            }
            guard let best = MatchingEnumeration.uniqueBest(edges) else {
                pairs.removeAll(keepingCapacity: true)
                return false
            }
            for index in best {
                let k = members[members.startIndex + index]
                pairs.append(Pair(row: edges[index].row, column: edges[index].column, entry: k))
            }
        }
        pairs.sort { $0.row < $1.row }
        return true
    }

    private mutating func disjoint(
        rows: Int, columns: Int, entries: Range<Int>, table: SimilarityTable, score: [Double]
    ) -> Bool {
        if rowStamp.count < rows { rowStamp += [Int](repeating: 0, count: rows - rowStamp.count) }
        if columnStamp.count < columns { columnStamp += [Int](repeating: 0, count: columns - columnStamp.count) }
        stamp += 1
        for k in entries where score[k - entries.lowerBound] > 0 {
            let i = Int(table.entryRow[k])
            let j = Int(table.entryColumn[k])
            if rowStamp[i] == stamp || columnStamp[j] == stamp { return false }
            rowStamp[i] = stamp
            columnStamp[j] = stamp
        }
        return true
    }

    private mutating func solveDense(
        rows: Int, columns: Int, entries: Range<Int>, table: SimilarityTable,
        score: [Double], positiveOnly: Bool, into pairs: inout [Pair]
    ) {
        let size = rows * columns
        if costs.count < size {
            costs = [Double](repeating: 0, count: size)
            entryAt = [Int](repeating: -1, count: size)
        }
        // Filled through buffer pointers: the stored arrays indexed in the loops were checked
        // for uniqueness at every element.
        costs.withUnsafeMutableBufferPointer { costs in
            entryAt.withUnsafeMutableBufferPointer { entryAt in
                for k in 0..<size {
                    costs[k] = 0
                    entryAt[k] = -1
                }
                for k in entries {
                    let cell = Int(table.entryRow[k]) * columns + Int(table.entryColumn[k])
                    entryAt[cell] = k
                    let value = score[k - entries.lowerBound]
                    if value > 0 { costs[cell] = -value }
                }
            }
        }
        let assignment: [Int]
        do {
            assignment = try costs.withUnsafeBufferPointer { buffer throws(LinearAssignmentSolver.Failure) in
                try solver.solve(costs: UnsafeBufferPointer(rebasing: buffer[0..<size]), rows: rows, columns: columns)
            }
        } catch {
            preconditionFailure("finite score matrix cannot be infeasible: \(error)")
        }
        for (i, j) in assignment.enumerated() where j >= 0 {
            let cell = i * columns + j
            if positiveOnly && costs[cell] == 0 { continue }
            pairs.append(Pair(row: i, column: j, entry: entryAt[cell]))
        }
    }
}
