import Foundation

/// How the cosine floor is applied (spec.md#warmth-softmax).
public enum FloorMode: String, Codable, Sendable, CaseIterable {
    /// A crop whose target cosine is below the floor gets probability 0.
    case targetCosine
    /// The floor applies to the largest target cosine of the whole 10-crop snapshot.
    case snapshotMax
}

/// How the warmth EMA starts (spec.md#warmth-ema).
public enum EMAInit: String, Codable, Sendable, CaseIterable {
    /// w₀ = 0 at query start.
    case zero
    /// w₁ = x₁.
    case firstValue
}

/// Every constant of LookFor's finder, as the replay takes it (spec.md#warmth-parameters).
/// The defaults are the values the product description states, and our documented
/// assumptions where it states none (Docs/warmth.md).
public struct FinderParameters: Codable, Sendable, Hashable {
    /// Softmax temperature τ.
    public var tau = 0.01
    /// Absolute cosine floor.
    public var floor = 0.22
    /// How the floor applies.
    public var floorMode = FloorMode.targetCosine
    /// EMA weight per guide update.
    public var alpha = 0.3
    /// How the EMA starts.
    public var emaInit = EMAInit.zero
    /// Warmth at or above which `searching` becomes `warm`.
    public var warmOn = 0.45
    /// Warmth below which `warm` becomes `searching`.
    public var warmOff = 0.40
    /// Whether cooling clears the vote window.
    public var resetVotesOnCool = true
    /// Re-rank score a confirm frame's best box must reach to pass.
    public var foundScore = 0.55
    /// Passes needed in the vote window.
    public var k = 3
    /// Vote window length (confirm frames taken in `warm`).
    public var n = 5
    /// Minimum IoU between consecutive passing boxes (0 = off).
    public var sameBoxIoU = 0.0
    /// Detector confidence below which a candidate is dropped.
    public var detConf = 0.25
    /// Seconds without a passing box after which `found` becomes `lost` (strictly more than).
    public var lostAfter = 2.0
    /// Passes needed to re-acquire from `lost`.
    public var reacquireK = 1
    /// Re-acquire window length.
    public var reacquireN = 1
    /// IoU with the ground-truth box a correct find needs.
    public var findIoU = 0.5

    /// The defaults.
    public init() {}

    private enum Keys: String, CodingKey {
        case tau, floor, floorMode, alpha, emaInit, warmOn, warmOff, resetVotesOnCool, foundScore, k, n
        case sameBoxIoU, detConf, lostAfter, reacquireK, reacquireN, findIoU
    }

    /// Decodes the parameters; a missing key keeps its default, an unknown key is an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let d = FinderParameters.defaults
        tau = try c.decodeIfPresent(Double.self, forKey: .tau) ?? d.tau
        floor = try c.decodeIfPresent(Double.self, forKey: .floor) ?? d.floor
        floorMode = try c.decodeIfPresent(FloorMode.self, forKey: .floorMode) ?? d.floorMode
        alpha = try c.decodeIfPresent(Double.self, forKey: .alpha) ?? d.alpha
        emaInit = try c.decodeIfPresent(EMAInit.self, forKey: .emaInit) ?? d.emaInit
        warmOn = try c.decodeIfPresent(Double.self, forKey: .warmOn) ?? d.warmOn
        warmOff = try c.decodeIfPresent(Double.self, forKey: .warmOff) ?? d.warmOff
        resetVotesOnCool = try c.decodeIfPresent(Bool.self, forKey: .resetVotesOnCool) ?? d.resetVotesOnCool
        foundScore = try c.decodeIfPresent(Double.self, forKey: .foundScore) ?? d.foundScore
        k = try c.decodeIfPresent(Int.self, forKey: .k) ?? d.k
        n = try c.decodeIfPresent(Int.self, forKey: .n) ?? d.n
        sameBoxIoU = try c.decodeIfPresent(Double.self, forKey: .sameBoxIoU) ?? d.sameBoxIoU
        detConf = try c.decodeIfPresent(Double.self, forKey: .detConf) ?? d.detConf
        lostAfter = try c.decodeIfPresent(Double.self, forKey: .lostAfter) ?? d.lostAfter
        reacquireK = try c.decodeIfPresent(Int.self, forKey: .reacquireK) ?? d.reacquireK
        reacquireN = try c.decodeIfPresent(Int.self, forKey: .reacquireN) ?? d.reacquireN
        findIoU = try c.decodeIfPresent(Double.self, forKey: .findIoU) ?? d.findIoU
        if let problem = problem { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem)) }
    }

    /// The defaults, as a value.
    public static let defaults = FinderParameters()

    /// Why these parameters cannot be replayed, or nil when they can.
    public var problem: String? {
        if !(tau > 0) || !tau.isFinite { return "tau must be positive" }
        if !(alpha > 0 && alpha <= 1) { return "alpha must lie in (0, 1]" }
        if !(warmOff <= warmOn) { return "warmOff (\(warmOff)) must not exceed warmOn (\(warmOn))" }
        if k < 1 || n < k { return "the vote needs 1 ≤ k ≤ n (k \(k), n \(n))" }
        if reacquireK < 1 || reacquireN < reacquireK { return "re-acquire needs 1 ≤ reacquireK ≤ reacquireN" }
        if !(lostAfter >= 0) { return "lostAfter must not be negative" }
        if !(findIoU >= 0 && findIoU <= 1) || !(sameBoxIoU >= 0 && sameBoxIoU <= 1) { return "IoU thresholds lie in [0, 1]" }
        return nil
    }
}
