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

    private var cost: [Double] = []
    private var u: [Double] = []
    private var v: [Double] = []
    private var shortestPathCosts: [Double] = []
    private var path: [Int] = []
    private var col4row: [Int] = []
    private var row4col: [Int] = []
    private var rowVisited: [Bool] = []
    private var columnVisited: [Bool] = []
    private var remaining: [Int] = []

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
        let transpose = columns < rows
        let nr = transpose ? columns : rows
        let nc = transpose ? rows : columns
        prepare(nr: nr, nc: nc)
        for r in 0..<rows {
            for c in 0..<columns {
                let value = costs[r * columns + c]
                if value.isNaN || value == -.infinity { throw .invalidEntry(row: r, column: c) }
                if transpose { cost[c * nc + r] = value } else { cost[r * nc + c] = value }
            }
        }
        for currentRow in 0..<nr {
            let (sink, minValue) = augmentingPath(nr: nr, nc: nc, from: currentRow)
            guard sink >= 0 else { throw .infeasible }
            u[currentRow] += minValue
            for i in 0..<nr where rowVisited[i] && i != currentRow {
                u[i] += minValue - shortestPathCosts[col4row[i]]
            }
            for j in 0..<nc where columnVisited[j] {
                v[j] -= minValue - shortestPathCosts[j]
            }
            var j = sink
            while true {
                let i = path[j]
                row4col[j] = i
                swap(&col4row[i], &j)
                if i == currentRow { break }
            }
        }
        if transpose {
            for i in 0..<nr { assignment[col4row[i]] = i }
        } else {
            for i in 0..<nr { assignment[i] = col4row[i] }
        }
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

    private mutating func prepare(nr: Int, nc: Int) {
        func reset<T>(_ array: inout [T], _ count: Int, _ value: T) {
            if array.count < count {
                array = [T](repeating: value, count: count)
            } else {
                for k in 0..<count { array[k] = value }
            }
        }
        if cost.count < nr * nc { cost = [Double](repeating: 0, count: nr * nc) }
        reset(&u, nr, 0)
        reset(&v, nc, 0)
        reset(&shortestPathCosts, nc, .infinity)
        reset(&path, nc, -1)
        reset(&col4row, nr, -1)
        reset(&row4col, nc, -1)
        reset(&rowVisited, nr, false)
        reset(&columnVisited, nc, false)
        reset(&remaining, nc, 0)
    }

    /// Dijkstra-like search for the cheapest augmenting path starting at `start`.
    /// Returns the sink column (or -1 when none is reachable) and the path length.
    private mutating func augmentingPath(nr: Int, nc: Int, from start: Int) -> (sink: Int, minValue: Double) {
        let rowCount = nr
        return cost.withUnsafeBufferPointer { cost in
            u.withUnsafeBufferPointer { u in
                v.withUnsafeBufferPointer { v in
                    shortestPathCosts.withUnsafeMutableBufferPointer { shortest in
                        path.withUnsafeMutableBufferPointer { path in
                            row4col.withUnsafeBufferPointer { row4col in
                                rowVisited.withUnsafeMutableBufferPointer { rowVisited in
                                    columnVisited.withUnsafeMutableBufferPointer { columnVisited in
                                        remaining.withUnsafeMutableBufferPointer { remaining in
                                            Self.search(
                                                rows: rowCount, columns: nc, start: start, cost: cost, u: u, v: v,
                                                shortest: shortest, path: path, row4col: row4col,
                                                rowVisited: rowVisited, columnVisited: columnVisited, remaining: remaining)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func search(
        rows: Int, columns nc: Int, start: Int, cost: UnsafeBufferPointer<Double>,
        u: UnsafeBufferPointer<Double>, v: UnsafeBufferPointer<Double>,
        shortest: UnsafeMutableBufferPointer<Double>, path: UnsafeMutableBufferPointer<Int>,
        row4col: UnsafeBufferPointer<Int>, rowVisited: UnsafeMutableBufferPointer<Bool>,
        columnVisited: UnsafeMutableBufferPointer<Bool>, remaining: UnsafeMutableBufferPointer<Int>
    ) -> (sink: Int, minValue: Double) {
        var minValue = 0.0
        var remainingCount = nc
        for it in 0..<nc { remaining[it] = nc - it - 1 }
        for k in 0..<rows { rowVisited[k] = false }
        for k in 0..<nc {
            columnVisited[k] = false
            shortest[k] = .infinity
        }
        var sink = -1
        var i = start
        while sink == -1 {
            var index = -1
            var lowest = Double.infinity
            rowVisited[i] = true
            let rowBase = i * nc
            let ui = u[i]
            for it in 0..<remainingCount {
                let j = remaining[it]
                let reduced = minValue + cost[rowBase + j] - ui - v[j]
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
