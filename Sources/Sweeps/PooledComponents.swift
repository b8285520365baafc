import EvalNumerics

/// The components of a sweep outcome that a rule reads, laid out flat (point-major, then
/// recording) for pooling many subsets of recordings: the bootstrap resamples and
/// leave-one-out folds of a recommendation pool every point over hundreds of subsets, and a
/// rule reads a handful of the components (``Objective/components``).
///
/// ``pooled(_:)`` gives each kept component's sum exactly as ``SweepMetric/pooled(_:)`` adds
/// it (from 0, one recording after another in the subset's order), bit for bit; the
/// components not kept are NaN. Two kinds of component let it do less than that addition per
/// point without changing a bit:
/// - a component equal at every point (per recording; the recorded seconds, say) is summed
///   once per subset, in the subset's order, and shared by every point;
/// - a component whose values are all whole numbers with every point's total of magnitudes,
///   times the number of recordings, below 2⁵³ (the event counts) has every partial sum exact
///   in any order and under any multiplicities, so a leave-one-out fold's sum is the whole
///   total less the held-out recording's value (``pooled(leavingOut:)``) and a resample's sum
///   adds each recording drawn once, times the number of draws (``pooled(each:)``).
/// Points are pooled on all cores.
public struct PooledComponents: Sendable {
    /// Points and recordings of the outcome.
    public let points: Int, recordings: Int
    /// The components kept, by position in a vector.
    public let kept: [Int]
    /// The length of the outcome's component vectors.
    public let width: Int
    private let values: [Double]
    /// Per kept component: equal at every point for each recording.
    private let pointInvariant: [Bool]
    /// Per kept component: whole numbers throughout whose sums are exact in any order.
    private let exactInAnyOrder: [Bool]
    /// Every point's kept components over all recordings, in order (computed once).
    private var totals: [[Double]] = []

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
        let (points, recordings, count) = (points, recordings, kept.count)
        pointInvariant = (0..<count).map { j in
            (0..<points).allSatisfy { p in
                (0..<recordings).allSatisfy { r in values[(p * recordings + r) * count + j].bitPattern == values[r * count + j].bitPattern }
            }
        }
        exactInAnyOrder = (0..<count).map { j in
            (0..<points).allSatisfy { p in
                var magnitude = 0.0
                for r in 0..<recordings {
                    let v = values[(p * recordings + r) * count + j]
                    guard v == v.rounded(), abs(v) < 0x1p53 else { return false }
                    magnitude += abs(v)
                }
                // Room for every recording drawn up to `recordings` times (a resample's multiplicities).
                return magnitude * Double(max(recordings, 1)) < 0x1p53
            }
        }
        self.values = values
        totals = sums(Array(0..<recordings))
    }

    /// Every point's kept components summed over `subset` (recording indices, repeats
    /// counted, in this order; all recordings when nil), the others NaN.
    public func pooled(_ subset: [Int]? = nil) -> [[Double]] {
        guard let subset else { return widened(totals) }
        return widened(sums(subset))
    }

    /// Every point's kept components summed over all recordings but `left`, in order: what
    /// ``pooled(_:)`` gives for that subset, bit for bit.
    public func pooled(leavingOut left: Int) -> [[Double]] {
        let training = (0..<recordings).filter { $0 != left }
        guard exactInAnyOrder.indices.allSatisfy({ exactInAnyOrder[$0] || pointInvariant[$0] }) else { return pooled(training) }
        let shared = invariantSums(training)
        let (count, recordings, exact) = (kept.count, recordings, exactInAnyOrder)
        return values.withUnsafeBufferPointer { v in
            widened((0..<points).map { p in
                (0..<count).map { j in
                    if let s = shared[j] { return s }
                    precondition(exact[j])
                    return totals[p][j] - v[(p * recordings + left) * count + j]
                }
            })
        }
    }

    /// ``pooled(_:)`` of each of `subsets` (all their sums at once, each point's values read
    /// once for the lot): element `s` equals `pooled(subsets[s])` bit for bit.
    public func pooled(each subsets: [[Int]]) -> [[[Double]]] {
        pooled(each: subsets) { $0 }
    }

    /// `transform` of ``pooled(each:)``'s element for each of `subsets`, in order. The sums run
    /// on all cores point by point; each subset's pooled matrix is then assembled, transformed
    /// and released on all cores, subset by subset, so only the transforms' results are kept.
    public func pooled<Result: Sendable>(each subsets: [[Int]], _ transform: @Sendable ([[Double]]) -> Result) -> [Result] {
        let shared = subsets.map(invariantSums)
        let perPoint = kept.indices.filter { !pointInvariant[$0] }
        let counted = perPoint.allSatisfy { exactInAnyOrder[$0] }
        // Each subset as (recording, times drawn) in recording order, when the sums allow it.
        let draws: [[(recording: Int, times: Double)]] = counted ? subsets.map { subset in
            var runs: [(recording: Int, times: Double)] = []
            for r in subset.sorted() {
                if runs.last?.recording == r { runs[runs.count - 1].times += 1 } else { runs.append((r, 1)) }
            }
            return runs
        } : []
        let (count, recordings) = (kept.count, recordings)
        // Per point, the kept sums of every subset, subset after subset (one array per point).
        let byPoint = inChunks(of: points, minimumChunk: 16) { range in
            values.withUnsafeBufferPointer { v in
                range.map { p in
                    var all = [Double](repeating: 0, count: subsets.count * count)
                    all.withUnsafeMutableBufferPointer { all in
                        for s in subsets.indices {
                            let sums = UnsafeMutableBufferPointer(rebasing: all[s * count..<(s + 1) * count])
                            for j in 0..<count { sums[j] = shared[s][j] ?? 0 }
                            if counted {
                                for (r, times) in draws[s] {
                                    let base = (p * recordings + r) * count
                                    for j in perPoint { sums[j] += times * v[base + j] }
                                }
                            } else {
                                for r in subsets[s] {
                                    let base = (p * recordings + r) * count
                                    for j in perPoint { sums[j] += v[base + j] }
                                }
                            }
                        }
                    }
                    return all
                }
            }
        }.flatMap { $0 }
        return inChunks(of: subsets.count, minimumChunk: 1) { range in
            range.map { s in transform(byPoint.map { widened($0[s * count..<(s + 1) * count]) }) }
        }.flatMap { $0 }
    }

    /// The point-invariant kept components summed over `order` once (nil for the others).
    private func invariantSums(_ order: [Int]) -> [Double?] {
        kept.indices.map { j in
            guard pointInvariant[j] else { return nil }
            var sum = 0.0
            for r in order { sum += values[r * kept.count + j] }
            return sum
        }
    }

    /// Every point's kept components summed over `order`, in order.
    private func sums(_ order: [Int]) -> [[Double]] {
        let shared = invariantSums(order)
        let perPoint = kept.indices.filter { shared[$0] == nil }
        let (count, recordings) = (kept.count, recordings)
        return inChunks(of: points, minimumChunk: 64) { range in
            values.withUnsafeBufferPointer { v in
                order.withUnsafeBufferPointer { order in
                    range.map { p in
                        var sums = shared.map { $0 ?? 0 }
                        sums.withUnsafeMutableBufferPointer { sums in
                            for r in order {
                                let base = (p * recordings + r) * count
                                for j in perPoint { sums[j] += v[base + j] }
                            }
                        }
                        return sums
                    }
                }
            }
        }.flatMap { $0 }
    }

    /// Kept sums laid into full-width vectors, NaN elsewhere.
    private func widened(_ sums: [[Double]]) -> [[Double]] {
        sums.map { widened($0[...]) }
    }

    /// One point's kept sums placed at their components' indices (NaN elsewhere).
    private func widened(_ sums: ArraySlice<Double>) -> [Double] {
        var vector = [Double](repeating: .nan, count: width)
        for (j, k) in kept.enumerated() { vector[k] = sums[sums.startIndex + j] }
        return vector
    }
}
