/// Deciding `cosine ≥ threshold` for the merge bands without summing the dot product in order
/// when the answer is certain (Docs/sweeps.md#merge-cosine-decision).
///
/// ``AnchorRules/cosine(_:_:aa:bb:)`` sums the products `Double(a[k]) · Double(b[k])` one after
/// another, and its value is what the merge rules compare with their thresholds. Summed in
/// one order, 512 additions form one chain of dependent instructions. The merge only needs
/// the comparison, so this sums the same products in eight interleaved lanes (independent
/// chains the processor overlaps) and decides from that sum whenever the in-order sum
/// provably compares the same way; otherwise it falls back to the in-order value.
///
/// The bound, for vectors of n elements whose squared norms `aa`, `bb` were summed in
/// `Double` as ``AnchorRules/squaredNorm(_:)`` sums them: each product of two `Float`s is exact
/// in `Double` (24 + 24 significand bits fit in 53). Any order of summing n exact terms is off
/// their true sum by at most γₙ·Σ|pₖ| (γₙ = nu/(1 − nu), u = 2⁻⁵³; Higham, *Accuracy and
/// Stability of Numerical Algorithms*, 2nd ed., chapter 4), so the two orders differ by at
/// most 2γₙ·Σ|pₖ|, and Σ|pₖ| ≤ √(Σa²·Σb²) (Cauchy–Schwarz), which the computed `aa`, `bb`
/// bound to within γₙ each. Divided by the common denominator √(aa·bb), the two cosines
/// differ by at most about 2nu plus the two divisions' roundings, (2n + 3)u in all; the
/// margin used, (8n + 16)u, covers that and the rounding of the comparison's subtraction.
public extension AnchorRules {
    /// Whether ``cosine(_:_:aa:bb:)`` of `a` and `b` is at least `threshold`: equal to
    /// `cosine(a, b, aa: aa, bb: bb) >= threshold` whenever `aa` and `bb` are
    /// ``squaredNorm(_:)`` of `a` and `b`, usually without summing the dot product in order.
    static func cosine(_ a: [Float], _ b: [Float], aa: Double, bb: Double, reaches threshold: Double) -> Bool {
        cosineDecision(a, b, aa: aa, bb: bb, threshold: threshold).reaches
    }

    /// ``cosine(_:_:aa:bb:reaches:)`` with how far its answer carries
    /// (``ThresholdDecision``): decided from the interleaved sum, the answer holds for every
    /// threshold on the same side of the interleaved cosine less (or plus) the margin;
    /// decided in order, for every threshold on the same side of the in-order cosine.
    static func cosineDecision(_ a: [Float], _ b: [Float], aa: Double, bb: Double, threshold: Double) -> ThresholdDecision {
        var comparison = CosineComparison(a, b, aa: aa, bb: bb)
        return comparison.decide(threshold)
    }

    /// The answer of ``cosine(_:_:aa:bb:reaches:)`` from the interleaved sum alone, or nil
    /// when the in-order sum could fall on either side of `threshold`. Needs equal lengths
    /// below 2⁴⁰ and finite positive `aa`, `bb` (the vectors' squared norms). The answer's
    /// bound is where the same test would stop deciding it that way.
    internal static func interleavedDecision(_ a: [Float], _ b: [Float], aa: Double, bb: Double, threshold: Double) -> ThresholdDecision? {
        decision(interleavedCosine: interleavedDot(a, b) / (aa * bb).squareRoot(), count: a.count, threshold: threshold)
    }

    /// The decision the interleaved cosine of two `count`-element vectors settles, if any.
    fileprivate static func decision(interleavedCosine cosine: Double, count: Int, threshold: Double) -> ThresholdDecision? {
        let margin = (8 * Double(count) + 16) * (Double.ulpOfOne / 2)
        if cosine - margin >= threshold { return ThresholdDecision(reaches: true, bound: cosine - margin) }
        if cosine + margin < threshold { return ThresholdDecision(reaches: false, bound: cosine + margin) }
        return nil
    }

    /// The dot product of `a` and `b` (equal lengths), summed in eight interleaved lanes of
    /// `Double`.
    fileprivate static func interleavedDot(_ a: [Float], _ b: [Float]) -> Double {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var lanes = SIMD8<Double>()
                var k = 0
                while k + 8 <= x.count {
                    lanes += SIMD8<Double>(
                        Double(x[k]) * Double(y[k]), Double(x[k + 1]) * Double(y[k + 1]),
                        Double(x[k + 2]) * Double(y[k + 2]), Double(x[k + 3]) * Double(y[k + 3]),
                        Double(x[k + 4]) * Double(y[k + 4]), Double(x[k + 5]) * Double(y[k + 5]),
                        Double(x[k + 6]) * Double(y[k + 6]), Double(x[k + 7]) * Double(y[k + 7]))
                    k += 8
                }
                var tail = 0.0
                while k < x.count {
                    tail += Double(x[k]) * Double(y[k])
                    k += 1
                }
                return lanes.sum() + tail
            }
        }
    }
}

/// One cosine compared with several thresholds (``AnchorRules/cosineDecision(_:_:aa:bb:threshold:)``
/// for each): the interleaved sum is taken once, the in-order sum at most once.
struct CosineComparison {
    private let a: [Float], b: [Float], aa: Double, bb: Double
    private var interleaved: Double?
    private var exact: Double?

    /// The comparison of `a` and `b`, whose squared norms are `aa` and `bb`.
    init(_ a: [Float], _ b: [Float], aa: Double, bb: Double) {
        self.a = a
        self.b = b
        self.aa = aa
        self.bb = bb
    }

    /// "cosine ≥ `threshold`", with how far the answer carries.
    mutating func decide(_ threshold: Double) -> ThresholdDecision {
        if a.count == b.count, aa > 0, bb > 0, aa.isFinite, bb.isFinite, a.count < 1 << 40 {
            let cosine = interleaved ?? AnchorRules.interleavedDot(a, b) / (aa * bb).squareRoot()
            interleaved = cosine
            if let decided = AnchorRules.decision(interleavedCosine: cosine, count: a.count, threshold: threshold) { return decided }
        }
        let value = exact ?? AnchorRules.cosine(a, b, aa: aa, bb: bb)
        exact = value
        return ThresholdDecision(value: value, threshold: threshold)
    }
}
