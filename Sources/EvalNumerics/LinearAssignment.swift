/// Rectangular linear sum assignment (minimum-cost bipartite matching).
///
/// The solver is a shortest-augmenting-path method in the manner of Crouse (2016),
/// "On implementing 2D rectangular assignment algorithms". Rows are augmented one at
/// a time in index order; among columns of equal reduced cost it prefers an
/// unassigned one, and it scans the remaining columns in the same order as
/// `scipy.optimize.linear_sum_assignment`, so that exact ties resolve to the same
/// pairs as scipy does. Wide matrices are solved as given; tall matrices are
/// transposed first, as scipy does.
///
/// The value type keeps its work arrays between calls, so solving many small
/// problems in a loop allocates nothing once the arrays have grown.
public struct LinearAssignmentSolver: Sendable {
    /// Why a problem could not be solved.
    public enum Failure: Error, Equatable, Sendable {
        /// The cost matrix contains NaN or −∞ (scipy: "matrix contains invalid numeric entries").
        case invalidEntry(row: Int, column: Int)
        /// No complete assignment of the smaller side exists (every option costs +∞).
        case infeasible
    }

    /// Cost matrix (possibly transposed), then u (rows), v (columns), shortest path costs (columns).
    private var reals: [Double] = []
    /// path (columns), col4row (rows), row4col (columns), remaining (columns).
    private var indices: [Int] = []
    /// Visited flags: rows, then columns.
    private var visited: [Bool] = []

    /// Creates a solver with empty work arrays.
    public init() {}

    /// Solves `min Σ costs[r, c]` over one-to-one assignments that cover the smaller side.
    ///
    /// - Parameters:
    ///   - costs: a row-major `rows × columns` matrix; `+∞` marks a forbidden pair.
    ///   - rows: number of rows.
    ///   - columns: number of columns.
    /// - Returns: the assigned column of every row (`-1` for unassigned rows when
    ///   `rows > columns`). The pairs, read in row order, are exactly scipy's
    ///   `(row_ind, col_ind)`.
    public mutating func solve(costs: UnsafeBufferPointer<Double>, rows: Int, columns: Int) throws(Failure) -> [Int] {
        precondition(costs.count >= rows * columns, "cost buffer smaller than rows × columns")
        var assignment = [Int](repeating: -1, count: rows)
        if rows == 0 || columns == 0 { return assignment }
        for k in 0..<(rows * columns) where costs[k].isNaN || costs[k] == -.infinity {
            throw .invalidEntry(row: k / columns, column: k % columns)
        }
        let transpose = columns < rows
        let nr = transpose ? columns : rows
        let nc = transpose ? rows : columns
        let realCount = nr * nc + nr + 2 * nc
        if reals.count < realCount { reals = [Double](repeating: 0, count: realCount) }
        if indices.count < nr + 3 * nc { indices = [Int](repeating: 0, count: nr + 3 * nc) }
        if visited.count < nr + nc { visited = [Bool](repeating: false, count: nr + nc) }
        let feasible = reals.withUnsafeMutableBufferPointer { reals in
            indices.withUnsafeMutableBufferPointer { indices in
                visited.withUnsafeMutableBufferPointer { visited in
                    let work = Workspace(nr: nr, nc: nc, reals: reals.baseAddress!, indices: indices.baseAddress!, visited: visited.baseAddress!)
                    if transpose {
                        for r in 0..<rows {
                            for c in 0..<columns { work.cost[c * nc + r] = costs[r * columns + c] }
                        }
                    } else {
                        work.cost.update(from: costs.baseAddress!, count: nr * nc)
                    }
                    guard work.run() else { return false }
                    for i in 0..<nr {
                        if transpose { assignment[work.col4row[i]] = i } else { assignment[i] = work.col4row[i] }
                    }
                    return true
                }
            }
        }
        guard feasible else { throw .infeasible }
        return assignment
    }

    /// Convenience overload for an array-backed row-major matrix.
    public mutating func solve(costs: [Double], rows: Int, columns: Int) throws(Failure) -> [Int] {
        var result: Result<[Int], Failure> = .success([])
        costs.withUnsafeBufferPointer { buffer in
            do throws(Failure) {
                result = .success(try solve(costs: buffer, rows: rows, columns: columns))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }
}

/// The solver's state for one problem, as raw pointers into the solver's work arrays.
private struct Workspace {
    let nr: Int, nc: Int
    let cost: UnsafeMutablePointer<Double>
    let u: UnsafeMutablePointer<Double>
    let v: UnsafeMutablePointer<Double>
    let shortest: UnsafeMutablePointer<Double>
    let path: UnsafeMutablePointer<Int>
    let col4row: UnsafeMutablePointer<Int>
    let row4col: UnsafeMutablePointer<Int>
    let remaining: UnsafeMutablePointer<Int>
    let rowVisited: UnsafeMutablePointer<Bool>
    let columnVisited: UnsafeMutablePointer<Bool>

    init(nr: Int, nc: Int, reals: UnsafeMutablePointer<Double>, indices: UnsafeMutablePointer<Int>, visited: UnsafeMutablePointer<Bool>) {
        self.nr = nr
        self.nc = nc
        cost = reals
        u = reals + nr * nc
        v = u + nr
        shortest = v + nc
        path = indices
        col4row = indices + nc
        row4col = col4row + nr
        remaining = row4col + nc
        rowVisited = visited
        columnVisited = visited + nr
        u.update(repeating: 0, count: nr)
        v.update(repeating: 0, count: nc)
        path.update(repeating: -1, count: nc)
        col4row.update(repeating: -1, count: nr)
        row4col.update(repeating: -1, count: nc)
    }

    /// Augments every row in turn; false when some row cannot be assigned.
    func run() -> Bool {
        for currentRow in 0..<nr {
            let (sink, minValue) = augmentingPath(from: currentRow)
            guard sink >= 0 else { return false }
            u[currentRow] += minValue
            for i in 0..<nr where rowVisited[i] && i != currentRow {
                u[i] += minValue - shortest[col4row[i]]
            }
            for j in 0..<nc where columnVisited[j] {
                v[j] -= minValue - shortest[j]
            }
            var j = sink
            while true {
                let i = path[j]
                row4col[j] = i
                swap(&col4row[i], &j)
                if i == currentRow { break }
            }
        }
        return true
    }

    /// Dijkstra-like search for the cheapest augmenting path starting at `start`.
    /// Returns the sink column (or -1 when none is reachable) and the path length.
    private func augmentingPath(from start: Int) -> (sink: Int, minValue: Double) {
        var minValue = 0.0
        var remainingCount = nc
        for it in 0..<nc { remaining[it] = nc - it - 1 }
        rowVisited.update(repeating: false, count: nr)
        columnVisited.update(repeating: false, count: nc)
        shortest.update(repeating: .infinity, count: nc)
        var sink = -1
        var i = start
        while sink == -1 {
            var index = -1
            var lowest = Double.infinity
            rowVisited[i] = true
            let row = cost + i * nc
            let ui = u[i]
            for it in 0..<remainingCount {
                let j = remaining[it]
                let reduced = minValue + row[j] - ui - v[j]
                if reduced < shortest[j] {
                    path[j] = i
                    shortest[j] = reduced
                }
                let candidate = shortest[j]
                if candidate < lowest || (candidate == lowest && row4col[j] == -1) {
                    lowest = candidate
                    index = it
                }
            }
            minValue = lowest
            if minValue == .infinity { return (-1, minValue) }
            let j = remaining[index]
            if row4col[j] == -1 {
                sink = j
            } else {
                i = row4col[j]
            }
            columnVisited[j] = true
            remainingCount -= 1
            remaining[index] = remaining[remainingCount]
        }
        return (sink, minValue)
    }
}
