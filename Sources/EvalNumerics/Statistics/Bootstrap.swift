/// Bootstrap and jackknife over caller-chosen resampling units.
///
/// Observations that share an instance (the re-anchor gaps of one object, the poses of one
/// session) are correlated, so the unit resampled is the instance, not the row: `units`
/// holds one element per instance (e.g. that instance's gaps) and `statistic` pools the
/// units it is given (e.g. the median of all their gaps). Resampling draws `units.count`
/// units with replacement from a ``SplitMix64`` stream, so results are reproducible from
/// the seed.
public enum Bootstrap {
    /// `resamples` bootstrap replicates θ*_b of `statistic`, each on `units.count` units
    /// drawn with replacement.
    public static func replicates<Unit>(
        units: [Unit], resamples: Int, seed: UInt64, statistic: ([Unit]) -> Double
    ) -> [Double] {
        precondition(!units.isEmpty, "bootstrap of no units")
        return resampleIndices(count: units.count, resamples: resamples, seed: seed).map { draw in statistic(draw.map { units[$0] }) }
    }

    /// ``replicates(units:resamples:seed:statistic:)`` evaluated on all cores: the same
    /// resamples, drawn in order from one stream, and the same values in the same order.
    public static func replicatesOnAllCores<Unit: Sendable>(
        units: [Unit], resamples: Int, seed: UInt64, statistic: @Sendable ([Unit]) -> Double
    ) -> [Double] {
        precondition(!units.isEmpty, "bootstrap of no units")
        let draws = resampleIndices(count: units.count, resamples: resamples, seed: seed)
        return inChunks(of: draws.count, minimumChunk: 16) { range in range.map { statistic(draws[$0].map { units[$0] }) } }.flatMap { $0 }
    }

    /// The unit indices of `resamples` resamples of `count` units with replacement, drawn
    /// in order from one SplitMix64 stream seeded with `seed`.
    public static func resampleIndices(count: Int, resamples: Int, seed: UInt64) -> [[Int]] {
        precondition(count > 0, "bootstrap of no units")
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        return (0..<resamples).map { _ in (0..<count).map { _ in Int.random(in: 0..<count, using: &generator) } }
    }

    /// The jackknife values θ_(i): `statistic` with unit `i` left out, for every `i`.
    public static func jackknife<Unit>(units: [Unit], statistic: ([Unit]) -> Double) -> [Double] {
        precondition(units.count >= 2, "jackknife needs at least two units")
        return units.indices.map { left in
            var rest = units
            rest.remove(at: left)
            return statistic(rest)
        }
    }

    /// A confidence interval for `statistic` over `units`: the estimate on all units, the
    /// replicates, and the interval by `method` (BCa also runs the jackknife).
    public static func interval<Unit>(
        units: [Unit], method: BootstrapMethod = .bca, confidenceLevel: Double = 0.95,
        resamples: Int = 9999, seed: UInt64, statistic: ([Unit]) -> Double
    ) -> BootstrapInterval {
        interval(units: units, replicates: replicates(units: units, resamples: resamples, seed: seed, statistic: statistic),
                 method: method, confidenceLevel: confidenceLevel, statistic: statistic)
    }

    /// ``interval(units:method:confidenceLevel:resamples:seed:statistic:)`` with the
    /// replicates evaluated on all cores (the same interval).
    public static func intervalOnAllCores<Unit: Sendable>(
        units: [Unit], method: BootstrapMethod = .bca, confidenceLevel: Double = 0.95,
        resamples: Int = 9999, seed: UInt64, statistic: @Sendable ([Unit]) -> Double
    ) -> BootstrapInterval {
        interval(units: units, replicates: replicatesOnAllCores(units: units, resamples: resamples, seed: seed, statistic: statistic),
                 method: method, confidenceLevel: confidenceLevel, statistic: statistic)
    }

    private static func interval<Unit>(
        units: [Unit], replicates theta: [Double], method: BootstrapMethod, confidenceLevel: Double, statistic: ([Unit]) -> Double
    ) -> BootstrapInterval {
        let estimate = statistic(units)
        switch method {
        case .percentile:
            return BootstrapInterval.percentile(estimate: estimate, replicates: theta, confidenceLevel: confidenceLevel)
        case .bca:
            let jack = jackknife(units: units, statistic: statistic)
            return BootstrapInterval.bca(
                estimate: estimate, replicates: theta, jackknife: jack, confidenceLevel: confidenceLevel)
        }
    }
}

/// How a bootstrap interval is read off the replicates.
public enum BootstrapMethod: String, CaseIterable, Sendable {
    /// The α/2 and 1 − α/2 quantiles of the replicates.
    case percentile
    /// Bias-corrected and accelerated (Efron 1987), as `scipy.stats.bootstrap`'s default.
    case bca
}
