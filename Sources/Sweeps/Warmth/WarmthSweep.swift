import EvalNumerics
import Warmth

/// LookFor's warmth finder swept over a ``WarmthGrid`` as a ``SweepSubject``: the units are
/// the trials (corpus order), the components the ``WarmthTrialComponent`` values of each
/// trial's replay. The guide and re-rank stage (``PreparedTrial``) depends only on the
/// temperature and the floor, so it is prepared once per (τ, floor) pair and shared by every
/// point with that pair (spec.md#warmth-sweep-grid).
public struct WarmthSweep: SweepSubject {
    /// The grid.
    public let grid: WarmthGrid
    /// The parameters the grid's points are laid over (the shipped constants).
    public let base: FinderParameters
    /// `prepared[τ index × floor count + floor index][trial]`.
    private let prepared: [[PreparedTrial]]

    /// Prepares `trials` for every (τ, floor) pair of `grid`.
    public init(trials: [Trial], grid: WarmthGrid, base: FinderParameters) {
        self.grid = grid
        self.base = base
        let pairs = grid.tau.flatMap { tau in grid.floor.map { (tau, $0) } }
        prepared = pairs.map { tau, floor in
            var p = base
            p.tau = tau
            p.floor = floor
            return trials.map { PreparedTrial($0, p) }
        }
    }

    public var pointCount: Int { grid.count }
    public var unitCount: Int { prepared.first?.count ?? 0 }
    public var componentCount: Int { WarmthTrialComponent.allCases.count }

    /// The replays of point `flat`, one trace per trial in `subset` (all trials by default).
    public func traces(at flat: Int, trials subset: [Int]? = nil) -> [FinderTrace] {
        let idx = grid.indices(flat)
        let p = grid.parameters(idx, base: base)
        let shared = prepared[idx[0] * grid.floor.count + idx[1]]
        return (subset ?? Array(shared.indices)).map { Finder.replay(shared[$0], p) }
    }

    /// The components of `points`, replayed in parallel.
    public func evaluate(_ points: [Int]) -> [[[Double]]] {
        inChunks(of: points.count, minimumChunk: 16) { range in
            range.map { k in traces(at: points[k]).map(\.components) }
        }.flatMap { $0 }
    }
}
