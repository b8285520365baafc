/// Exhaustive maximum-weight matching of a small bipartite graph, used to decide when a
/// frame's assignment is unambiguous without running the dense solver.
enum MatchingEnumeration {
    /// Components with more edges than this are left to the dense solver.
    static let maximumEdges = 12

    /// Relative margin by which the best matching must beat every other one.
    static let margin = 1e-9

    /// The indices of the edges of the maximum-weight matching, when it beats every other
    /// matching by more than `margin` (relative); nil when there is a near-tie.
    static func uniqueBest(_ edges: [(row: Int, column: Int, weight: Double)]) -> [Int]? {
        var rowIndex: [Int: Int] = [:], columnIndex: [Int: Int] = [:]
        let local = edges.map { edge -> (UInt32, UInt32, Double) in
            let r = rowIndex[edge.row] ?? rowIndex.count
            rowIndex[edge.row] = r
            let c = columnIndex[edge.column] ?? columnIndex.count
            columnIndex[edge.column] = c
            return (UInt32(1) << UInt32(r), UInt32(1) << UInt32(c), edge.weight)
        }
        var best = -Double.infinity, second = -Double.infinity
        var bestChoice: UInt32 = 0
        func visit(_ index: Int, _ rows: UInt32, _ columns: UInt32, _ sum: Double, _ choice: UInt32) {
            if index == local.count {
                if sum > best {
                    second = best
                    best = sum
                    bestChoice = choice
                } else if sum > second {
                    second = sum
                }
                return
            }
            let (r, c, w) = local[index]
            if rows & r == 0 && columns & c == 0 {
                visit(index + 1, rows | r, columns | c, sum + w, choice | (1 << UInt32(index)))
            }
            visit(index + 1, rows, columns, sum, choice)
        }
        visit(0, 0, 0, 0, 0)
        guard best - second > margin * max(1, abs(best)) else { return nil }
        return (0..<local.count).filter { bestChoice & (1 << UInt32($0)) != 0 }
    }
}

/// Union–find over `0..<nodes`.
struct ComponentPartition {
    private var parent: [Int]

    init(nodes: Int) { parent = Array(0..<nodes) }

    /// Makes every node its own component again, for `nodes` nodes.
    mutating func reset(nodes: Int) {
        if parent.count < nodes { parent = Array(0..<nodes) }
        for node in 0..<nodes { parent[node] = node }
    }

    mutating func root(_ node: Int) -> Int {
        var x = node
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    mutating func union(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[ra] = rb }
    }
}
