import Warmth

/// The warmth sweep's objective (spec.md#warmth-selection): among points meeting the
/// ``WarmthConstraints``, the smallest median time-to-find, then the higher P(found by the
/// first horizon), then fewer warm toggles, grid order last; chosen with the neighbourhood
/// rule of ``NeighbourhoodChoice``.
public enum WarmthSelection {
    /// Whether figures `a` rank before figures `b` under the objective (ties left to the caller).
    public static func better(_ a: WarmthPointFigures, _ b: WarmthPointFigures) -> Bool? {
        if a.ttf.medianForRanking != b.ttf.medianForRanking { return a.ttf.medianForRanking < b.ttf.medianForRanking }
        let fa = a.ttf.foundBy.first ?? 0, fb = b.ttf.foundBy.first ?? 0
        if fa != fb { return fa > fb }
        if a.warmTogglesPerMinute != b.warmTogglesPerMinute { return a.warmTogglesPerMinute < b.warmTogglesPerMinute }
        return nil
    }

    /// Chooses among `figures` (one per grid point, flat order).
    public static func choose(_ figures: [WarmthPointFigures], grid: WarmthGrid, constraints: WarmthConstraints) -> NeighbourhoodChoice {
        NeighbourhoodChoice(feasible: figures.map { constraints.violations($0).isEmpty }, shape: grid.shape) { a, b in
            better(figures[a], figures[b]) ?? (a < b)
        }
    }
}
