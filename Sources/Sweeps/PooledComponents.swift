import EvalNumerics

/// The components of a sweep outcome that a rule reads, laid out flat (point-major, then
/// recording) for pooling many subsets of recordings: the bootstrap resamples and
/// leave-one-out folds of a recommendation pool every point over hundreds of subsets, and a
/// rule reads a handful of the components (``Objective/components``).
///
/// ``pooled(_:)`` adds each kept component in the subset's order exactly as
/// ``SweepMetric/pooled(_:)`` does (from 0, one recording after another), so its sums equal
/// ``SweepOutcome/pooled(_:)``'s bit for bit; the components not kept are NaN. Points are
/// pooled on all cores.
public struct PooledComponents: Sendable {
    /// Points and recordings of the outcome.
    public let points: Int, recordings: Int
    /// The components kept, by position in a vector.
    public let kept: [Int]
    /// The length of the outcome's component vectors.
    public let width: Int
    private let values: [Double]

    /// Keeps `components` of every vector of `outcome` (one width throughout).
    public init(_ outcome: SweepOutcome, keeping components: [SweepComponent]) {
        points = outcome.components.count
        recordings = outcome.components.first?.count ?? 0
        width = outcome.components.first?.first?.count ?? SweepComponent.allCases.count
        kept = components.map(\.rawValue)
        var values: [Double] = []
        values.reserveCapacity(points * recordings * kept.count)
        for perRecording in outcome.components {
            precondition(perRecording.count == recordings, "every point of an outcome covers the same recordings")
            for vector in perRecording {
                precondition(vector.count == width, "every component vector of an outcome has one width")
                for k in kept { values.append(vector[k]) }
            }
        }
        self.values = values
    }

    /// Every point's kept components summed over `subset` (recording indices, repeats
    /// counted, in this order; all recordings when nil), the others NaN.
    public func pooled(_ subset: [Int]? = nil) -> [[Double]] {
        let order = subset ?? Array(0..<recordings)
        let (kept, width, recordings) = (kept, width, recordings)
        return inChunks(of: points, minimumChunk: 64) { range in
            values.withUnsafeBufferPointer { v in
                order.withUnsafeBufferPointer { order in
                    var sums = [Double](repeating: 0, count: kept.count)
                    return range.map { p in
                        for j in sums.indices { sums[j] = 0 }
                        for r in order {
                            let base = (p * recordings + r) * kept.count
                            for j in sums.indices { sums[j] += v[base + j] }
                        }
                        var vector = [Double](repeating: .nan, count: width)
                        for (j, k) in kept.enumerated() { vector[k] = sums[j] }
                        return vector
                    }
                }
            }
        }.flatMap { $0 }
    }
}
