import EvalNumerics

/// One swept key and the values it takes (for sampled spaces: the range sampled).
public struct SweepAxis: Sendable, Equatable {
    /// The configuration key path, e.g. `anchors.nearCosine` (see ``SweepKey/all``).
    public var key: String
    /// Grid values, ascending; for random and Latin-hypercube sampling only the first and
    /// last are used, as the range [low, high].
    public var values: [Double]

    /// Creates an axis.
    public init(key: String, values: [Double]) {
        self.key = key
        self.values = values
    }

    /// `count` evenly spaced values from `low` to `high` inclusive (numpy's `linspace`).
    public static func range(_ key: String, from low: Double, to high: Double, count: Int) -> SweepAxis {
        precondition(count >= 1, "a range needs at least one value")
        guard count > 1 else { return SweepAxis(key: key, values: [low]) }
        let step = (high - low) / Double(count - 1)
        return SweepAxis(key: key, values: (0..<count).map { $0 == count - 1 ? high : low + Double($0) * step })
    }
}

/// How the points of a sweep are chosen.
public enum Sampling: Sendable, Equatable {
    /// Every combination of the axes' values (the cube has the axes' shape).
    case grid
    /// `count` points drawn uniformly from the axes' ranges.
    case random(count: Int)
    /// `count` points by Latin-hypercube sampling: each axis's range is cut into `count`
    /// equal strata and every stratum holds exactly one point.
    case latinHypercube(count: Int)
}

/// The points of a sweep: axes, a sampling rule and a seed (for the sampled rules).
public struct ParameterSpace: Sendable, Equatable {
    /// The swept keys.
    public var axes: [SweepAxis]
    /// How points are chosen.
    public var sampling: Sampling
    /// Seed of the ``SplitMix64`` stream for random and Latin-hypercube sampling.
    public var seed: UInt64

    /// Creates a space.
    public init(axes: [SweepAxis], sampling: Sampling = .grid, seed: UInt64 = 1) {
        self.axes = axes
        self.sampling = sampling
        self.seed = seed
    }

    /// The extent of each axis when the space is a grid; nil for sampled spaces.
    public var gridShape: [Int]? {
        sampling == .grid ? axes.map(\.values.count) : nil
    }

    /// The points, each one value per axis. A grid is in C order (the last axis varies fastest).
    public var points: [[Double]] {
        switch sampling {
        case .grid:
            var result: [[Double]] = [[]]
            for axis in axes { result = result.flatMap { prefix in axis.values.map { prefix + [$0] } } }
            return result
        case .random(let count):
            var generator = SplitMix64(seed: seed)
            return (0..<count).map { _ in axes.map { scaled($0, generator.nextUnit()) } }
        case .latinHypercube(let count):
            var generator = SplitMix64(seed: seed)
            let columns = axes.map { axis -> [Double] in
                var strata = Array(0..<count)
                strata.shuffle(using: &generator)
                return strata.map { scaled(axis, (Double($0) + generator.nextUnit()) / Double(count)) }
            }
            return (0..<count).map { row in columns.map { $0[row] } }
        }
    }

    private func scaled(_ axis: SweepAxis, _ unit: Double) -> Double {
        let low = axis.values.first ?? 0, high = axis.values.last ?? low
        let value = low + unit * (high - low)
        return SweepKey.named(axis.key)?.isInteger == true ? value.rounded() : value
    }
}
