import Foundation
import EvalNumerics

/// The independent random streams of one simulation, all derived from a single seed.
///
/// Each component (layout, drift, detector, …) draws from its own stream, and per-frame
/// components from a stream per frame, so changing how much one component draws never
/// shifts the numbers another one sees. Everything comes from `EvalNumerics.SplitMix64`.
public struct RandomStreams: Sendable, Equatable {
    /// The simulation's seed.
    public let seed: UInt64

    /// Creates the streams of `seed`.
    public init(seed: UInt64) {
        self.seed = seed
    }

    /// A generator for `stream`, optionally specialised by `index` (e.g. a frame number).
    public func generator(_ stream: RandomStream, _ index: UInt64 = 0) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (stream.rawValue &* 0xD1B5_4A32_D192_ED03))
        let base = mixer.next()
        var second = SplitMix64(seed: base ^ (index &* 0x9E37_79B9_7F4A_7C15))
        return SplitMix64(seed: second.next())
    }
}

/// The named random streams of a simulation.
public enum RandomStream: UInt64, Sendable, CaseIterable {
    /// The scenarios' drawn placements (twin separations, move distances).
    case layout = 1
    /// Visual-inertial drift and tracking dropouts.
    case drift
    /// Detector draws, one stream per frame.
    case detector
    /// Identity embeddings.
    case identities
    /// Per-view embedding noise, one stream per frame.
    case views
    /// LiDAR and mask draws, one stream per frame.
    case lidar
    /// The depth network's per-frame affine and distortion.
    case depthNetwork
    /// Whole-frame LiDAR maps, one stream per frame (added last, so earlier streams are unchanged).
    case lidarMap
    /// Formerly the fast depth-network pass's noise; unused since the fast pass draws its
    /// residual patch from `depthNetwork` (kept so later streams keep their numbers).
    case fastDepthPass
    /// Each object's silhouette template, one stream per object id (added last).
    case silhouettes
    /// The displacements of a session's phone marks when it is written as recorded (`AsRecordedSession`; added last).
    case marks
}

extension SplitMix64 {
    /// A uniform double in [`lower`, `upper`).
    mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * nextUnit()
    }

    /// A standard normal draw (Box–Muller, one value per call).
    mutating func gaussian() -> Double {
        let first = max(nextUnit(), 0x1.0p-53)
        let second = nextUnit()
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        nextUnit() < probability
    }

    /// A Poisson draw with the given mean (Knuth's method; small means only).
    mutating func poisson(_ mean: Double) -> Int {
        let limit = exp(-mean)
        var product = nextUnit()
        var count = 0
        while product > limit {
            product *= nextUnit()
            count += 1
        }
        return count
    }

    /// A uniformly chosen index below `count` (`count` > 0).
    mutating func index(below count: Int) -> Int {
        min(count - 1, Int(nextUnit() * Double(count)))
    }
}
