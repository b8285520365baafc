import EvalNumerics

/// A figure with its bootstrap interval and the evidence behind it.
public struct SensorFigure: Equatable, Sendable, Codable {
    /// The figure on all blocks (NaN when nothing was measured).
    public var value: Double
    /// Lower bound of the interval (NaN when undefined).
    public var lower: Double
    /// Upper bound.
    public var upper: Double
    /// Samples (or pairs, or steps) behind the figure.
    public var count: Int

    /// Creates a figure.
    public init(value: Double, lower: Double, upper: Double, count: Int) {
        self.value = value
        self.lower = lower
        self.upper = upper
        self.count = count
    }
}

/// One recording's sensor statistics with intervals (`spec.md#sensor-statistics`): a
/// percentile bootstrap over blocks of ``SensorStatisticsSettings/blockSeconds`` of the
/// recording, drawn with replacement (the blocks' samples are correlated within, far less
/// across); each figure is recomputed on the pooled contents of the drawn blocks, and resamples
/// where a figure has no data are left out of its interval.
public struct SensorSummary: Equatable, Sendable {
    /// Confidence shares in one depth bin.
    public struct DepthRow: Equatable, Sendable {
        /// Bin start, metres (NaN for the no-return row).
        public var low: Double
        /// Bin end, metres (infinity for the last bin, NaN for the no-return row).
        public var high: Double
        /// Shares of confidence 0, 1 and 2 (`count`: samples in the bin).
        public var shares: [SensorFigure]
    }

    /// Confidence shares at one distance from the nearest discontinuity.
    public struct EdgeRow: Equatable, Sendable {
        /// Distance bin start, samples.
        public var low: Int
        /// Distance bin end (exclusive), samples; nil for the open last bin.
        public var high: Int?
        /// Shares of confidence 0, 1 and 2.
        public var shares: [SensorFigure]
    }

    /// Depth disagreement of frame pairs in one bin.
    public struct DisagreementRow: Equatable, Sendable {
        /// Predicted depth bin start, metres.
        public var depthLow: Double
        /// Predicted depth bin end, metres (infinity when open).
        public var depthHigh: Double
        /// Time apart of the pairs, seconds.
        public var gap: Double
        /// Median |measured − predicted| depth, metres (`count`: points).
        public var median: SensorFigure
        /// 90th percentile of the same.
        public var p90: SensorFigure
    }

    /// Rows by depth bin, then the no-return row.
    public var confidenceByDepth: [DepthRow]
    /// Rows by distance to the nearest discontinuity (samples within the edge depth limit).
    public var confidenceByEdge: [EdgeRow]
    /// Disagreement by predicted depth, pairs at the first gap.
    public var disagreementByDepth: [DisagreementRow]
    /// Disagreement by time apart, points predicted within the depth limit.
    public var disagreementByGap: [DisagreementRow]
    /// Median and 90th percentile of the camera speed, m/s.
    public var speed: [SensorFigure]
    /// Median and 90th percentile of the angular speed, degrees per second.
    public var angularSpeed: [SensorFigure]
    /// Median over pairs of the frame-pair alignment, metres (`count`: pairs).
    public var alignment: SensorFigure
    /// Blocks resampled.
    public var blocks: Int

    /// The figures of `m` with their intervals.
    public init(_ m: SensorMeasurements) {
        let s = m.settings
        blocks = m.blocks.count
        let draws = m.blocks.isEmpty ? [] : Bootstrap.resampleIndices(count: m.blocks.count, resamples: s.resamples, seed: s.seed).map { draw in
            draw.reduce(into: Array(repeating: 0, count: m.blocks.count)) { $0[$1] += 1 }
        }
        let all = Array(repeating: 1, count: m.blocks.count)
        func figure(count: Int, _ statistic: ([Int]) -> Double) -> SensorFigure {
            let value = statistic(all)
            guard !value.isNaN, !draws.isEmpty else { return SensorFigure(value: value, lower: .nan, upper: .nan, count: count) }
            let replicates = draws.map(statistic).filter { !$0.isNaN }
            guard !replicates.isEmpty else { return SensorFigure(value: value, lower: .nan, upper: .nan, count: count) }
            let interval = BootstrapInterval.percentile(estimate: value, replicates: replicates, confidenceLevel: s.confidenceLevel)
            return SensorFigure(value: value, lower: interval.lower, upper: interval.upper, count: count)
        }
        func shares(_ counts: @escaping (SensorBlock) -> [Int]) -> [SensorFigure] {
            let total = m.blocks.reduce(0) { $0 + counts($1).reduce(0, +) }
            return (0..<3).map { level in
                figure(count: total) { weights in
                    var (hits, n) = (0, 0)
                    for (b, w) in zip(m.blocks, weights) where w > 0 {
                        let c = counts(b)
                        hits += w * c[level]
                        n += w * c.reduce(0, +)
                    }
                    return n == 0 ? .nan : Double(hits) / Double(n)
                }
            }
        }
        func quantiles(_ values: @escaping (SensorBlock) -> [Double], _ levels: [Double]) -> [SensorFigure] {
            let pool = PooledQuantile(groups: m.blocks.map(values))
            let total = pool.groups.reduce(0) { $0 + $1.count }
            return levels.map { p in figure(count: total) { pool.nearestRank(p, multiplicity: $0) } }
        }
        let edges = s.depthBinEdges
        confidenceByDepth = (0...edges.count).map { k in
            DepthRow(low: k < edges.count ? edges[k] : .nan, high: k + 1 < edges.count ? edges[k + 1] : (k < edges.count ? .infinity : .nan),
                     shares: shares { $0.depthCounts[k] })
        }
        let distance = s.edgeDistanceBinEdges
        confidenceByEdge = distance.indices.map { k in
            EdgeRow(low: distance[k], high: k + 1 < distance.count ? distance[k + 1] : nil, shares: shares { $0.edgeCounts[k] })
        }
        let depthEdges = s.disagreementDepthEdges
        disagreementByDepth = depthEdges.indices.map { k in
            let q = quantiles({ $0.disagreementByDepth[k] }, [0.5, 0.9])
            return DisagreementRow(depthLow: depthEdges[k], depthHigh: k + 1 < depthEdges.count ? depthEdges[k + 1] : .infinity,
                                   gap: s.pairGaps.first ?? .nan, median: q[0], p90: q[1])
        }
        disagreementByGap = s.pairGaps.indices.map { g in
            let q = quantiles({ $0.disagreementByGap[g] }, [0.5, 0.9])
            return DisagreementRow(depthLow: 0, depthHigh: s.pairMaximumDepth, gap: s.pairGaps[g], median: q[0], p90: q[1])
        }
        speed = quantiles({ $0.speeds }, [0.5, 0.9])
        angularSpeed = quantiles({ $0.angularSpeeds }, [0.5, 0.9])
        alignment = quantiles({ $0.alignment }, [0.5])[0]
    }
}
