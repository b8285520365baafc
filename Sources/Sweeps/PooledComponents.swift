import EvalNumerics

/// A sweep outcome's components laid out flat (point-major, then recording, then component)
/// for pooling many subsets of recordings: the bootstrap resamples and leave-one-out folds of
/// a recommendation pool every point over hundreds of subsets.
///
/// ``pooled(_:)`` adds the vectors in the subset's order exactly as
/// ``SweepMetric/pooled(_:)`` does (each component from 0, one recording after another), so
/// its sums equal ``SweepOutcome/pooled(_:)``'s bit for bit; points are pooled on all cores.
public struct PooledComponents: Sendable {
    /// Points, recordings and components per vector.
    public let points: Int, recordings: Int, width: Int
    private let values: [Double]

    /// Flattens `outcome` (every vector of one width).
    public init(_ outcome: SweepOutcome) {
        points = outcome.components.count
        recordings = outcome.components.first?.count ?? 0
        width = outcome.components.first?.first?.count ?? SweepComponent.allCases.count
        var values: [Double] = []
        values.reserveCapacity(points * recordings * width)
        for perRecording in outcome.components {
            precondition(perRecording.count == recordings, "every point of an outcome covers the same recordings")
            for vector in perRecording {
                precondition(vector.count == width, "every component vector of an outcome has one width")
                values.append(contentsOf: vector)
            }
        }
        self.values = values
    }

    /// Every point's components summed over `subset` (recording indices, repeats counted, in
    /// this order); all recordings when nil.
    public func pooled(_ subset: [Int]? = nil) -> [[Double]] {
        let order = subset ?? Array(0..<recordings)
        return inChunks(of: points, minimumChunk: 64) { range in
            values.withUnsafeBufferPointer { v in
                order.withUnsafeBufferPointer { order in
                    range.map { p in
                        [Double](unsafeUninitializedCapacity: width) { sum, count in
                            for k in 0..<width { sum[k] = 0 }
                            for r in order {
                                let base = (p * recordings + r) * width
                                for k in 0..<width { sum[k] += v[base + k] }
                            }
                            count = width
                        }
                    }
                }
            }
        }.flatMap { $0 }
    }
}
