/// Pareto-efficient rows of a table of objectives, with `paretoset` 1.2.5's semantics
/// (`paretoset(costs, sense=["min", …], distinct=False)`; spec.md#decision-pareto).
///
/// Row a dominates row b when a is no worse on every objective and strictly better on at
/// least one. A row is on the front when no row dominates it; identical rows are all kept
/// (`distinct=False`). Every objective is minimised: negate one to maximise it.
public enum ParetoFront {
    /// One Boolean per row of `rows` (each the same length): true when it is on the front.
    /// NaN never compares better or worse, so a row with a NaN objective is judged on the others.
    public static func mask(_ rows: [[Double]]) -> [Bool] {
        rows.indices.map { b in !rows.indices.contains { a in a != b && dominates(rows[a], rows[b]) } }
    }

    /// The indices of the rows on the front, ascending.
    public static func indices(_ rows: [[Double]]) -> [Int] {
        zip(rows.indices, mask(rows)).filter(\.1).map(\.0)
    }

    /// Whether `a` dominates `b` (both minimised).
    public static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
        var strictly = false
        for (x, y) in zip(a, b) {
            if x > y { return false }
            if x < y { strictly = true }
        }
        return strictly
    }
}
