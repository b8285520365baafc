/// Summation in exactly the order NumPy uses when it reduces a contiguous `float64`
/// array (`numpy.add.reduce` along the contiguous axis): blocks of up to 128 values
/// are summed with eight interleaved accumulators, longer ranges are split in two.
///
/// Reference tools compute row sums this way, so reproducing the order makes our
/// sums bit-identical to theirs, not merely close.
public enum PairwiseSum {
    /// The NumPy-ordered sum of `values`.
    public static func sum(_ values: UnsafeBufferPointer<Double>) -> Double {
        sum(values, 0, values.count)
    }

    /// The NumPy-ordered sum of `values`.
    public static func sum(_ values: [Double]) -> Double {
        values.withUnsafeBufferPointer { sum($0) }
    }

    private static func sum(_ a: UnsafeBufferPointer<Double>, _ start: Int, _ n: Int) -> Double {
        if n < 8 {
            var result = 0.0
            for i in start..<(start + n) { result += a[i] }
            return result
        }
        if n <= 128 {
            var r0 = a[start], r1 = a[start + 1], r2 = a[start + 2], r3 = a[start + 3]
            var r4 = a[start + 4], r5 = a[start + 5], r6 = a[start + 6], r7 = a[start + 7]
            var i = 8
            let blockEnd = n - n % 8
            while i < blockEnd {
                let b = start + i
                r0 += a[b]; r1 += a[b + 1]; r2 += a[b + 2]; r3 += a[b + 3]
                r4 += a[b + 4]; r5 += a[b + 5]; r6 += a[b + 6]; r7 += a[b + 7]
                i += 8
            }
            var result = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
            while i < n {
                result += a[start + i]
                i += 1
            }
            return result
        }
        var half = n / 2
        half -= half % 8
        return sum(a, start, half) + sum(a, start + half, n - half)
    }

    /// The NumPy-ordered sum of a length-`count` array that is zero everywhere except at
    /// `positions` (strictly ascending), which hold `values`. Adding an exact zero never
    /// changes a partial sum, so skipping the zeros gives the dense sum bit for bit.
    public static func sparseSum(count: Int, positions: ArraySlice<Int32>, values: ArraySlice<Double>) -> Double {
        precondition(positions.count == values.count, "one value per position")
        return positions.withUnsafeBufferPointer { p in
            values.withUnsafeBufferPointer { v in sparseSum(count: count, positions: p, values: v) }
        }
    }

    /// ``sparseSum(count:positions:values:)`` on raw buffers.
    public static func sparseSum(count: Int, positions: UnsafeBufferPointer<Int32>, values: UnsafeBufferPointer<Double>) -> Double {
        precondition(positions.count == values.count, "one value per position")
        return sparse(start: 0, n: count, positions: positions, values: values, lo: 0, hi: positions.count)
    }

    private static func sparse(
        start: Int, n: Int, positions: UnsafeBufferPointer<Int32>, values: UnsafeBufferPointer<Double>, lo: Int, hi: Int
    ) -> Double {
        if lo == hi { return 0 }
        if n < 8 {
            var result = 0.0
            for k in lo..<hi { result += values[k] }
            return result
        }
        if n <= 128 {
            var lanes = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            let blockEnd = start + n - n % 8
            var k = lo
            withUnsafeMutableBytes(of: &lanes) { raw in
                let lane = raw.bindMemory(to: Double.self)
                while k < hi && Int(positions[k]) < blockEnd {
                    lane[(Int(positions[k]) - start) % 8] += values[k]
                    k += 1
                }
            }
            var result = ((lanes.0 + lanes.1) + (lanes.2 + lanes.3)) + ((lanes.4 + lanes.5) + (lanes.6 + lanes.7))
            while k < hi {
                result += values[k]
                k += 1
            }
            return result
        }
        var half = n / 2
        half -= half % 8
        var split = lo
        while split < hi && Int(positions[split]) < start + half { split += 1 }
        return sparse(start: start, n: half, positions: positions, values: values, lo: lo, hi: split)
            + sparse(start: start + half, n: n - half, positions: positions, values: values, lo: split, hi: hi)
    }
}
