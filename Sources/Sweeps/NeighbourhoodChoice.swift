import EvalNumerics

/// A constrained choice on a grid that prefers robust points (spec.md#warmth-selection): the
/// best feasible point whose grid neighbours (one step along one dimension) are all feasible;
/// when no feasible point is robust, the best feasible point, marked not robust.
public struct NeighbourhoodChoice: Sendable, Equatable {
    /// Flat index of the chosen point, nil when no point is feasible.
    public var point: Int?
    /// Whether every neighbour of the chosen point is feasible too.
    public var robust: Bool
    /// Feasible points.
    public var feasible: Int
    /// The best feasible point ignoring its neighbours (equal to `point` when that is robust and best).
    public var bestFeasible: Int?

    /// Chooses on a grid of `shape` given each point's feasibility (flat C order) and the
    /// rule's order: `precedes(a, b)` is true when point a is better than point b (a strict
    /// total order; break ties by index to keep the choice deterministic).
    public init(feasible: [Bool], shape: GridShape, precedes: (Int, Int) -> Bool) {
        let candidates = feasible.indices.filter { feasible[$0] }
        let robustPoints = candidates.filter { i in shape.neighbours(shape.indices(i)).allSatisfy { feasible[shape.flat($0)] } }
        func best(_ set: [Int]) -> Int? { set.min(by: precedes) }
        let top = best(candidates)
        self.feasible = candidates.count
        bestFeasible = top
        if let r = best(robustPoints) {
            point = r
            robust = true
        } else {
            point = top
            robust = false
        }
    }
}
