/// The registry's individual rules as pure functions (spec.md#anchors).
public enum AnchorRules {
    /// The graduated merge (spec.md#merge-graduated): cosine ≥ 0.80 suffices within 0.35 m, ≥ 0.92 is
    /// needed out to 1 m, and beyond 1 m the spatial veto stands. With no embedding on
    /// either side (`cosine` nil) only the near band is open.
    public static func admitsMerge(distance: Double, cosine: Double?, configuration c: AnchorConfiguration) -> Bool {
        mergeBand(distance: distance, cosine: cosine, configuration: c) != nil
    }

    /// The band of the graduated merge that admits an observation at `distance` with
    /// `cosine` (nil: no embedding on one side), or nil when none does (``admitsMerge(distance:cosine:configuration:)``).
    public static func mergeBand(distance: Double, cosine: Double?, configuration c: AnchorConfiguration) -> AnchorMatch? {
        mergeBand(distance: distance, hasCosine: cosine != nil, configuration: c) { cosine! >= $0 }
    }

    /// ``mergeBand(distance:cosine:configuration:)`` with the cosine known only through
    /// `reaches`, which answers "cosine ≥ threshold" for the one threshold the band needs
    /// (asked at most once, and only when `hasCosine`).
    public static func mergeBand(
        distance: Double, hasCosine: Bool, configuration c: AnchorConfiguration, reaches: (_ threshold: Double) -> Bool
    ) -> AnchorMatch? {
        var region: SameUpdatesRegion?
        return mergeBand(distance: distance, hasCosine: hasCosine, configuration: c, region: &region) {
            ThresholdDecision(reaches: reaches($0), threshold: $0)
        }
    }

    /// ``mergeBand(distance:hasCosine:configuration:reaches:)`` that also narrows `region`, when
    /// there is one, by the comparisons with `nearRadius`, `nearCosine` and `farCosine` its answer
    /// rests on (Docs/sweeps.md#same-updates-region); `decide` answers "cosine ≥ threshold" with how
    /// far the answer carries. A cosine refused by its band's threshold is also asked about the
    /// other band's (only with a region): refused by both, the band it fell in does not matter.
    public static func mergeBand(
        distance: Double, hasCosine: Bool, configuration c: AnchorConfiguration, region: inout SameUpdatesRegion?,
        decide: (_ threshold: Double) -> ThresholdDecision
    ) -> AnchorMatch? {
        guard distance <= c.farRadius else { return nil }
        let near = distance <= c.nearRadius
        guard hasCosine else {
            region?.noteNearBand(distance: distance, within: near)
            return near ? .nearNoEmbedding : nil
        }
        let decision = decide(near ? c.nearCosine : c.farCosine)
        if region != nil {
            if !decision.reaches, case let other = decide(near ? c.farCosine : c.nearCosine), !other.reaches {
                region?.noteNearCosine(near ? decision : other)
                region?.noteFarCosine(near ? other : decision)
            } else {
                region?.noteNearBand(distance: distance, within: near)
                if near { region?.noteNearCosine(decision) } else { region?.noteFarCosine(decision) }
            }
        }
        guard decision.reaches else { return nil }
        return near ? .nearCosine : .farCosine
    }

    /// One EMA step from `stored` toward `raw` with weight α, clamped to `stepClamp` unless
    /// `clamped` is false; returns the new position and whether the clamp acted (spec.md#anchor-ema-clamp).
    public static func emaStep(from stored: SIMD3<Double>, toward raw: SIMD3<Double>, configuration c: AnchorConfiguration, clamped: Bool = true) -> (position: SIMD3<Double>, wasClamped: Bool) {
        let step = emaStepMeasured(from: stored, toward: raw, configuration: c, clamped: clamped)
        return (step.position, step.wasClamped)
    }

    /// ``emaStep(from:toward:configuration:clamped:)`` with the length of the unclamped step,
    /// what the clamp was compared with.
    static func emaStepMeasured(from stored: SIMD3<Double>, toward raw: SIMD3<Double>, configuration c: AnchorConfiguration, clamped: Bool)
        -> (position: SIMD3<Double>, wasClamped: Bool, length: Double) {
        let step = (raw - stored) * c.emaWeight
        let length = step.length
        guard clamped, length > c.stepClamp else { return (stored + step, false, length) }
        return (stored + step * (c.stepClamp / length), true, length)
    }

    /// The consensus snap target (spec.md#anchor-consensus-snap): when the last `consensusCount` raw observations
    /// all lie at least `consensusMinDistance` from `stored` and agree pairwise within
    /// `consensusAgreement`, their mean; otherwise nil.
    public static func consensusTarget(stored: SIMD3<Double>, recent: [SIMD3<Double>], configuration c: AnchorConfiguration) -> SIMD3<Double>? {
        var region: SameUpdatesRegion?
        return consensusTarget(stored: stored, recent: recent, configuration: c, region: &region)
    }

    /// ``consensusTarget(stored:recent:configuration:)`` that also narrows `region`, when there is
    /// one, by each distance test it makes (Docs/sweeps.md#same-updates-region).
    public static func consensusTarget(
        stored: SIMD3<Double>, recent: [SIMD3<Double>], configuration c: AnchorConfiguration, region: inout SameUpdatesRegion?
    ) -> SIMD3<Double>? {
        guard c.consensusCount > 0, recent.count >= c.consensusCount else { return nil }
        let last = recent.suffix(c.consensusCount)
        var sum = SIMD3<Double>.zero
        for (i, p) in zip(last.indices, last) {
            let away = ThresholdDecision(value: p.distance(to: stored), threshold: c.consensusMinDistance)
            region?.noteConsensusDistance(away)
            guard away.reaches else { return nil }
            for q in last[(i + 1)...] {
                let spread = p.distance(to: q)
                let agrees = !(spread > c.consensusAgreement)  // a NaN spread agrees, as it always did
                region?.noteConsensusAgreement(distance: spread, within: agrees)
                if !agrees { return nil }
            }
            sum += p
        }
        return sum / Double(c.consensusCount)
    }

    /// The cosine of `a` and `b` from their squared norms already summed (`aa`, `bb`, as
    /// ``squaredNorm(_:)`` sums them); equal bit for bit to ``cosine(_:_:)`` when the vectors
    /// have one length.
    public static func cosine(_ a: [Float], _ b: [Float], aa: Double, bb: Double) -> Double {
        guard a.count == b.count else { return cosine(a, b) }
        var dot = 0.0
        for k in a.indices { dot += Double(a[k]) * Double(b[k]) }
        return aa > 0 && bb > 0 ? dot / (aa * bb).squareRoot() : 0
    }

    /// The sum of the squared elements of `v`, in `Double`, in order.
    public static func squaredNorm(_ v: [Float]) -> Double {
        var sum = 0.0
        for x in v { sum += Double(x) * Double(x) }
        return sum
    }

    /// Cosine similarity of two embeddings (0 when either is all zeros).
    public static func cosine(_ a: [Float], _ b: [Float]) -> Double {
        var dot = 0.0, aa = 0.0, bb = 0.0
        for k in 0..<min(a.count, b.count) {
            let x = Double(a[k]), y = Double(b[k])
            dot += x * y
            aa += x * x
            bb += y * y
        }
        return aa > 0 && bb > 0 ? dot / (aa * bb).squareRoot() : 0
    }
}
