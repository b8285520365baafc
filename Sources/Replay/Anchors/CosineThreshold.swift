/// Deciding `cosine ≥ threshold` for the merge bands without summing the dot product in order
/// when the answer is certain (Docs/sweeps.md#merge-cosine-decision).
///
/// ``AnchorRules/cosine(_:_:aa:bb:)`` sums the products `Double(a[k]) · Double(b[k])` one after
/// another, and its value is what the merge rules compare with their thresholds. Summed in
/// one order, 512 additions form one chain of dependent instructions. The merge only needs
/// the comparison, so this sums the same products in eight interleaved lanes (independent
/// chains the processor overlaps), together with their absolute values, and decides from
/// that sum whenever the in-order sum provably compares the same way; otherwise it falls
/// back to the in-order value. The answer is therefore always exactly
/// `AnchorRules.cosine(a, b, aa: aa, bb: bb) >= threshold`.
///
/// The bound: each product of two `Float`s is exact in `Double` (24 + 24 significand bits
/// fit in 53). Any order of summing n exact terms differs from their true sum by at most
/// γₙ·Σ|pₖ| (γₙ = nu/(1 − nu), u = 2⁻⁵³; Higham, *Accuracy and Stability of Numerical
/// Algorithms*, 2nd ed., chapter 4), so the two orders differ by at most 2γₙ·Σ|pₖ|. The lanes'
/// own Σ|pₖ| is within γₙ of the true one. The margin used, 4nu·Σ|pₖ| (from the lanes'
/// sum), covers both, and the rounding of the two bracket ends, for every n with nu < 1/8.
/// Division by the positive common denominator √(aa·bb) is monotone once rounded, so a
/// bracket `[lo, hi]` of the in-order dot gives `fl(lo/d) ≤ cosine ≤ fl(hi/d)`.
public extension AnchorRules {
    /// Whether ``cosine(_:_:aa:bb:)`` of `a` and `b` is at least `threshold`, equal to
    /// `cosine(a, b, aa: aa, bb: bb) >= threshold` in every case, usually without summing
    /// the dot product in order.
    static func cosine(_ a: [Float], _ b: [Float], aa: Double, bb: Double, reaches threshold: Double) -> Bool {
        guard a.count == b.count, aa > 0, bb > 0, aa.isFinite, bb.isFinite, a.count < 1 << 40 else {
            return cosine(a, b, aa: aa, bb: bb) >= threshold
        }
        return interleavedDecision(a, b, aa: aa, bb: bb, threshold: threshold) ?? (cosine(a, b, aa: aa, bb: bb) >= threshold)
    }

    /// The answer of ``cosine(_:_:aa:bb:reaches:)`` from the interleaved sum alone, or nil
    /// when the in-order sum could fall on either side of `threshold`. Needs equal lengths
    /// below 2⁴⁰ and finite positive `aa`, `bb`.
    internal static func interleavedDecision(_ a: [Float], _ b: [Float], aa: Double, bb: Double, threshold: Double) -> Bool? {
        let (dot, magnitude) = interleavedDot(a, b)
        let margin = 4 * Double(a.count) * Double.ulpOfOne / 2 * magnitude
        let denominator = (aa * bb).squareRoot()
        if (dot - margin) / denominator >= threshold { return true }
        if (dot + margin) / denominator < threshold { return false }
        return nil
    }

    /// The dot product of `a` and `b` (equal lengths) and the sum of the products' absolute
    /// values, each summed in eight interleaved lanes of `Double`.
    private static func interleavedDot(_ a: [Float], _ b: [Float]) -> (dot: Double, magnitude: Double) {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var dot = SIMD8<Double>(), magnitude = SIMD8<Double>()
                var k = 0
                while k + 8 <= x.count {
                    let p = SIMD8<Double>(
                        Double(x[k]) * Double(y[k]), Double(x[k + 1]) * Double(y[k + 1]),
                        Double(x[k + 2]) * Double(y[k + 2]), Double(x[k + 3]) * Double(y[k + 3]),
                        Double(x[k + 4]) * Double(y[k + 4]), Double(x[k + 5]) * Double(y[k + 5]),
                        Double(x[k + 6]) * Double(y[k + 6]), Double(x[k + 7]) * Double(y[k + 7]))
                    dot += p
                    magnitude += p.replacing(with: -p, where: p .< 0)
                    k += 8
                }
                var tailDot = 0.0, tailMagnitude = 0.0
                while k < x.count {
                    let p = Double(x[k]) * Double(y[k])
                    tailDot += p
                    tailMagnitude += abs(p)
                    k += 1
                }
                return (dot.sum() + tailDot, magnitude.sum() + tailMagnitude)
            }
        }
    }
}
