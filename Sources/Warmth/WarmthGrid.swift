import EvalNumerics
import Foundation

/// The grid of a warmth sweep: values per swept constant (spec.md#warmth-sweep-grid).
/// warmOff is swept as the gap warmOn − warmOff; (k, n) as pairs.
public struct WarmthGrid: Codable, Sendable, Equatable {
    public var tau: [Double]
    public var floor: [Double]
    public var alpha: [Double]
    public var warmOn: [Double]
    public var warmGap: [Double]
    public var foundScore: [Double]
    public var kn: [[Int]]

    /// Creates a grid.
    public init(tau: [Double], floor: [Double], alpha: [Double], warmOn: [Double], warmGap: [Double], foundScore: [Double], kn: [[Int]]) {
        self.tau = tau; self.floor = floor; self.alpha = alpha; self.warmOn = warmOn
        self.warmGap = warmGap; self.foundScore = foundScore; self.kn = kn
    }

    /// The dimension names, in the order of a point's indices.
    public static let names = ["tau", "floor", "alpha", "warmOn", "warmGap", "foundScore", "k/n"]
    /// Values per dimension.
    public var sizes: [Int] { [tau.count, floor.count, alpha.count, warmOn.count, warmGap.count, foundScore.count, kn.count] }
    /// Number of points.
    public var count: Int { sizes.reduce(1, *) }

    /// Why the grid cannot be swept, or nil.
    public var problem: String? {
        if sizes.contains(0) { return "every grid dimension needs at least one value" }
        if kn.contains(where: { $0.count != 2 || $0[0] < 1 || $0[1] < $0[0] }) { return "k/n pairs must be [k, n] with 1 ≤ k ≤ n" }
        if tau.contains(where: { !($0 > 0) }) { return "tau values must be positive" }
        if warmGap.contains(where: { $0 < 0 }) { return "warmGap values must not be negative" }
        if alpha.contains(where: { !($0 > 0 && $0 <= 1) }) { return "alpha values lie in (0, 1]" }
        return nil
    }

    /// The grid's shape, in the order of ``names``.
    public var shape: GridShape { GridShape(sizes) }

    /// The indices of point `flat` (last dimension fastest).
    public func indices(_ flat: Int) -> [Int] { shape.indices(flat) }

    /// The flat index of `indices`.
    public func flat(_ indices: [Int]) -> Int { shape.flat(indices) }

    /// `base` with point `indices` applied.
    public func parameters(_ indices: [Int], base: FinderParameters) -> FinderParameters {
        var p = base
        p.tau = tau[indices[0]]; p.floor = floor[indices[1]]; p.alpha = alpha[indices[2]]
        p.warmOn = warmOn[indices[3]]; p.warmOff = p.warmOn - warmGap[indices[4]]
        p.foundScore = foundScore[indices[5]]; p.k = kn[indices[6]][0]; p.n = kn[indices[6]][1]
        return p
    }

    /// The value of dimension `d` at index `i`, as text.
    public func value(_ d: Int, _ i: Int) -> String {
        switch d {
        case 0: return "\(tau[i])"
        case 1: return "\(floor[i])"
        case 2: return "\(alpha[i])"
        case 3: return "\(warmOn[i])"
        case 4: return "\(warmGap[i])"
        case 5: return "\(foundScore[i])"
        default: return "\(kn[i][0])/\(kn[i][1])"
        }
    }

    /// The points one step away in one dimension.
    public func neighbours(_ indices: [Int]) -> [[Int]] { shape.neighbours(indices) }
}
