import EvalNumerics
@testable import Replay
import Testing

@Suite struct CosineThresholdTests {
    /// Vectors of every awkward kind: lengths that are and are not multiples of the lanes,
    /// the embedding length, mixed magnitudes, near-parallel and opposite pairs.
    static func pairs() -> [([Float], [Float])] {
        var random = SplitMix64(seed: 20261206)
        func vector(_ n: Int, scale: Float = 1) -> [Float] { (0..<n).map { _ in Float.random(in: -scale...scale, using: &random) } }
        var pairs: [([Float], [Float])] = []
        for n in [1, 3, 7, 8, 9, 64, 511, 512, 513] {
            let a = vector(n)
            pairs.append((a, vector(n)))
            pairs.append((a, a.map { $0 + Float.random(in: -1e-3...1e-3, using: &random) }))
            pairs.append((a, a.map { -$0 }))
            pairs.append((vector(n, scale: 1e-20), vector(n, scale: 1e20)))
            // Orthogonal in exact arithmetic: the sum cancels to (almost) nothing.
            pairs.append((a, a.indices.map { k in k % 2 == 0 ? (k + 1 < n ? a[k + 1] : 0) : -a[k - 1] }))
        }
        let mixed = (0..<512).map { k in Float(k % 3 == 0 ? 1e10 : 1e-10) * (k % 2 == 0 ? 1 : -1) }
        pairs.append((mixed, mixed.reversed()))
        return pairs
    }

    /// The decision equals `cosine(…) >= threshold` for thresholds far from, near to and at
    /// the exact cosine (its neighbouring doubles included), and the interleaved sum alone
    /// decides the thresholds the merge bands use unless they lie within a hair of the value.
    @Test func decisionEqualsTheInOrderComparison() {
        var decidedFast = 0, undecided = 0
        for (a, b) in Self.pairs() {
            let aa = AnchorRules.squaredNorm(a), bb = AnchorRules.squaredNorm(b)
            let exact = AnchorRules.cosine(a, b, aa: aa, bb: bb)
            let thresholds = [exact, exact.nextUp, exact.nextDown, exact.nextUp.nextUp, exact.nextDown.nextDown,
                              exact + 1e-13, exact - 1e-13, exact + 1e-6, exact - 1e-6, 0.8, 0.92, -1, 1, 0]
            for t in thresholds {
                #expect(AnchorRules.cosine(a, b, aa: aa, bb: bb, reaches: t) == (exact >= t), "n \(a.count), cosine \(exact), threshold \(t)")
                guard aa > 0, bb > 0 else { continue }  // the lanes' precondition; the zero vector takes the in-order path
                if let fast = AnchorRules.interleavedDecision(a, b, aa: aa, bb: bb, threshold: t) {
                    #expect(fast.reaches == (exact >= t))
                    decidedFast += 1
                } else {
                    undecided += 1
                }
                if abs(t - exact) > 1e-9 {
                    #expect(AnchorRules.interleavedDecision(a, b, aa: aa, bb: bb, threshold: t) != nil, "far from the threshold the lanes decide: n \(a.count), cosine \(exact), threshold \(t)")
                }
            }
        }
        #expect(decidedFast > 0 && undecided > 0, "both paths must be exercised")
    }

    /// A decision's bound carries its answer (Docs/sweeps.md#same-updates-region): every
    /// threshold on its side of the bound, the bound itself and its neighbours included, is
    /// answered the same way by the in-order cosine; and the bound is not trivial (it reaches
    /// the asked threshold at least).
    @Test func decisionBoundsCarryTheAnswer() {
        var carried = 0
        for (a, b) in Self.pairs() {
            let aa = AnchorRules.squaredNorm(a), bb = AnchorRules.squaredNorm(b)
            let exact = AnchorRules.cosine(a, b, aa: aa, bb: bb)
            for t in [exact, exact.nextUp, exact.nextDown, exact + 1e-6, exact - 1e-6, 0.8, 0.92, -1, 1, 0] {
                let decision = AnchorRules.cosineDecision(a, b, aa: aa, bb: bb, threshold: t)
                #expect(decision.reaches == (exact >= t))
                if decision.reaches {
                    #expect(decision.bound >= t, "the bound covers the threshold asked")
                    for u in [decision.bound, decision.bound.nextDown, decision.bound - 1e-9, decision.bound - 0.5] {
                        #expect(exact >= u, "n \(a.count), cosine \(exact), bound \(decision.bound), threshold \(u)")
                        carried += 1
                    }
                } else {
                    #expect(decision.bound < t, "the bound covers the threshold asked")
                    for u in [decision.bound.nextUp, decision.bound + 1e-9, decision.bound + 0.5] {
                        #expect(exact < u, "n \(a.count), cosine \(exact), bound \(decision.bound), threshold \(u)")
                        carried += 1
                    }
                }
            }
        }
        #expect(carried > 100)
    }

    /// Inputs the interleaved path does not handle fall back to the in-order comparison.
    @Test func unusualInputsFallBack() {
        let a: [Float] = [1, 2, 3], b: [Float] = [3, 2, 1]
        let cases: [([Float], [Float])] = [(a, [1, 2]), ([0, 0, 0], b), (a, [0, 0, 0]), ([Float.nan, 1, 1], b),
                                           ([Float.infinity, 1, 1], b), (a, [1, -Float.infinity, 1]), ([], [])]
        for (x, y) in cases {
            let aa = AnchorRules.squaredNorm(x), bb = AnchorRules.squaredNorm(y)
            for t in [-1.0, 0, 0.5, 1] {
                #expect(AnchorRules.cosine(x, y, aa: aa, bb: bb, reaches: t) == (AnchorRules.cosine(x, y, aa: aa, bb: bb) >= t))
            }
        }
    }

    /// The band with the cosine known only through the comparison is the band with its value.
    @Test func bandFromTheComparisonEqualsTheBandFromTheValue() {
        let c = AnchorConfiguration()
        for distance in [0.0, 0.2, 0.35, 0.36, 0.99, 1.0, 1.01] {
            for cosine in [nil, -1, 0.79, 0.80, 0.91, 0.92, 1] as [Double?] {
                var asked = 0
                let band = AnchorRules.mergeBand(distance: distance, hasCosine: cosine != nil, configuration: c) { t in
                    asked += 1
                    return cosine! >= t
                }
                #expect(band == AnchorRules.mergeBand(distance: distance, cosine: cosine, configuration: c))
                #expect(asked <= 1)
            }
        }
    }
}
