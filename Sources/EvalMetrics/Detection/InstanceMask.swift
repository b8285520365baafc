import Recording

/// Binarised instance masks (`spec.md#mask-binarisation`): a pixel is foreground exactly
/// when its logit is strictly greater than 0, so ±0 and NaN are background (a "≥ 0" clamp
/// counts ±0 as foreground, and a sigmoid thresholded at 0.5 loses tiny positive logits).
public enum InstanceMask {
    /// Whether a logit is foreground.
    @inline(__always)
    public static func isForeground(_ logit: Double) -> Bool { logit > 0 }

    /// The binary mask of row-major logits, as a COCO run-length mask (column-major).
    public static func binarise(height: Int, width: Int, rowMajorLogits logits: [Double]) throws(RunLengthMask.Problem) -> RunLengthMask {
        guard logits.count == height * width else {
            throw RunLengthMask.Problem(description: "\(logits.count) logits for a \(height)×\(width) mask")
        }
        var pixels = [Bool](repeating: false, count: logits.count)
        for y in 0..<height {
            for x in 0..<width where isForeground(logits[y * width + x]) { pixels[x * height + y] = true }
        }
        return try RunLengthMask(height: height, width: width, columnMajor: pixels)
    }

    /// Bilinear resampling of row-major logits to another grid with half-pixel centres
    /// (source coordinate `(x + 0.5) · w_in / w_out − 0.5`, clamped at the edges), the logits
    /// resampled before binarising.
    public static func resample(_ logits: [Double], height: Int, width: Int, toHeight outHeight: Int, width outWidth: Int) -> [Double] {
        func source(_ i: Int, _ inSize: Int, _ outSize: Int) -> (Int, Int, Double) {
            let s = min(max((Double(i) + 0.5) * Double(inSize) / Double(outSize) - 0.5, 0), Double(inSize - 1))
            let lower = Int(s)
            return (lower, min(lower + 1, inSize - 1), s - Double(lower))
        }
        var result = [Double](repeating: 0, count: outHeight * outWidth)
        for y in 0..<outHeight {
            let (y0, y1, fy) = source(y, height, outHeight)
            for x in 0..<outWidth {
                let (x0, x1, fx) = source(x, width, outWidth)
                let top = logits[y0 * width + x0] * (1 - fx) + logits[y0 * width + x1] * fx
                let bottom = logits[y1 * width + x0] * (1 - fx) + logits[y1 * width + x1] * fx
                result[y * outWidth + x] = top * (1 - fy) + bottom * fy
            }
        }
        return result
    }
}
