/// Order statistics by selection (quickselect), linear time on average, without a full sort.
public enum Selection {
    /// The `numpy.median` of `values` (middle value, or the mean of the two middle values),
    /// reordering `values` in place. Exactly the value ``Quantile/median(sorted:)`` gives on
    /// the sorted array; `values` must be non-empty and free of NaN.
    public static func median(_ values: inout [Double]) -> Double {
        precondition(!values.isEmpty, "median of an empty sample")
        let n = values.count, middle = n / 2
        return values.withUnsafeMutableBufferPointer { buffer -> Double in
            select(buffer, middle)
            guard n % 2 == 0 else { return buffer[middle] }
            // After selecting, everything before `middle` is ≤ buffer[middle]: the lower middle is their maximum.
            var lower = buffer[0]
            for k in 1..<middle where buffer[k] > lower { lower = buffer[k] }
            return (lower + buffer[middle]) / 2
        }
    }

    /// Reorders `a` so that `a[k]` is the value a sort would put there, everything before it
    /// is ≤ it and everything after it is ≥ it (Hoare partitioning, median-of-three pivots).
    static func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) {
        var low = 0, high = a.count - 1
        while high > low {
            let mid = low + (high - low) / 2
            if a[mid] < a[low] { a.swapAt(mid, low) }
            if a[high] < a[low] { a.swapAt(high, low) }
            if a[high] < a[mid] { a.swapAt(high, mid) }
            let pivot = a[mid]
            var i = low, j = high
            while i <= j {
                while a[i] < pivot { i &+= 1 }
                while a[j] > pivot { j &-= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i &+= 1
                    j &-= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return }
        }
    }
}
