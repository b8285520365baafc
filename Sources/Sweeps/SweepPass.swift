import Foundation
import EvalNumerics
import Recording
import Replay

/// One pass over a replay sweep's recordings (Docs/sweeps.md#streaming): each recording is
/// read, runs every point the pass asks for (of one plan, or of several that share the
/// recording's tracker and fusion output), is reduced to its components and a short summary,
/// and is let go. A pass holds a core's recordings at a time, never the corpus.
///
/// The recordings go in batches, in sweep order; a batch's recordings are split over all
/// cores, and its shares are handed to the caller (who keeps the components and checkpoints
/// them) before the next batch starts. Within a recording the points run in plan order with
/// one ``StageMemo``, so consecutive points share the stages their signatures agree on; the
/// values of a point do not depend on the batch or the pass it runs in.
public struct SweepPass: Sendable {
    /// Points of one plan to compute on every recording.
    public struct Job: Sendable {
        /// The plan.
        public var plan: SweepPlan
        /// The point indices to compute, in the order they run.
        public var points: [Int]

        /// Points `points` of `plan`.
        public init(plan: SweepPlan, points: [Int]) {
            self.plan = plan
            self.points = points
        }
    }

    /// What a pass computes on one recording.
    public struct Share: Sendable {
        /// Per job, the components of its points, point after point.
        public var values: [[Double]]
        /// The ``shipped`` configuration's components, when asked for on this recording.
        public var shipped: [Double]?
        /// What is kept of the recording once it is let go.
        public var summary: SweepRecordingSummary
    }

    /// The jobs, all of plans over one base configuration (their tracker and fusion outputs
    /// are shared by upstream key).
    public var jobs: [Job]
    /// A configuration whose components the pass also computes, by the whole pipeline from
    /// scratch (``SweepStages/naive(_:truth:configuration:)``), on the recordings of
    /// `shippedFor`: the shipped constants, whose components a sweep reports beside its points.
    public var shipped: ReplayConfiguration?
    /// The recordings (indices) on which ``shipped`` is computed.
    public var shippedFor: Set<Int>

    /// A pass computing `jobs` (and `shipped` on the recordings of `shippedFor`).
    public init(jobs: [Job], shipped: ReplayConfiguration? = nil, shippedFor: Set<Int> = []) {
        self.jobs = jobs
        self.shipped = shipped
        self.shippedFor = shippedFor
    }

    /// The share of recording `k`, read and prepared as `input`.
    public func share(of input: SweepInput, recording k: Int) throws(InputError) -> Share {
        var upstream: [[Double]: UpstreamOutput] = [:]
        var shippedValues: [Double]?
        if let shipped, shippedFor.contains(k) {
            // SweepStages.naive, step by step, so that the points reuse its tracker and fusion output.
            let output = try SweepStages.upstream(input.recording, configuration: shipped)
            shippedValues = SweepStages.evaluate(registry: output.registry, upstream: output, recording: input.recording, truth: input.truth,
                                                 configuration: shipped)
            upstream[SweepPlan.upstreamKey(of: shipped)] = output
        }
        var values: [[Double]] = []
        for job in jobs { values.append(try evaluate(job, on: input, upstream: &upstream)) }
        return Share(values: values, shipped: shippedValues, summary: SweepRecordingSummary(input))
    }

    /// The components of `job`'s points on `input`, point after point. The tracker and fusion
    /// output is computed once per upstream key (kept in `upstream` for the other jobs), the
    /// label anchoring once per label-anchoring signature, with the first point of each
    /// standing for the others.
    private func evaluate(_ job: Job, on input: SweepInput, upstream: inout [[Double]: UpstreamOutput]) throws(InputError) -> [Double] {
        let plan = job.plan
        var memo = StageMemo(input: input)
        var labels: [[Double]: [(SweepComponent, Double)]] = [:]
        var values: [Double] = []
        values.reserveCapacity(job.points.count * SweepComponent.allCases.count)
        // The last point's upstream signature (its swept upstream keys) and output: consecutive
        // points mostly share it, and the full key is then not worked out again.
        var current: (signature: [Double], output: UpstreamOutput)?
        for p in job.points {
            let point = plan.points[p]
            let keys = StageMemo.PointKeys(point, plan: plan)
            let output: UpstreamOutput
            if let current, current.signature == keys.upstream {
                output = current.output
            } else if let known = upstream[SweepPlan.upstreamKey(of: keys.configuration)] {
                output = known
            } else {
                output = try SweepStages.upstream(input.recording, configuration: keys.configuration)
                upstream[SweepPlan.upstreamKey(of: keys.configuration)] = output
            }
            current = (keys.upstream, output)
            let labelKey = plan.signature(point, stages: [.upstream, .labelAnchoring])
            let label: [(SweepComponent, Double)]
            if let known = labels[labelKey] {
                label = known
            } else {
                label = SweepStages.labelAnchoring(input.recording, upstream: output, truth: input.truth,
                                                   configuration: keys.configuration.labelAnchoring)
                labels[labelKey] = label
            }
            values.append(contentsOf: memo.components(keys, upstream: output, labelAnchoring: label))
        }
        return values
    }

    /// Runs the pass on `recordings`, leaving out those in `skipping`, `batchSize` recordings
    /// at a time in sweep order.
    ///
    /// - Parameter deliver: receives each batch's shares with their recording indices, in
    ///   sweep order, before the next batch starts; returns false to stop the pass.
    /// - Returns: false when `deliver` stopped the pass.
    /// - Throws: the first failure of a batch in sweep order (a recording that cannot be read
    ///   or prepared, or whose tracker and fusion stage fails); the batches before it were
    ///   delivered.
    public func run(on recordings: any SweepRecordings, skipping: Set<Int> = [], batchSize: Int,
                    deliver: ([(recording: Int, share: Share)]) throws -> Bool) throws -> Bool {
        let pending = (0..<recordings.count).filter { !skipping.contains($0) }
        var start = 0
        while start < pending.count {
            let batch = Array(pending[start..<min(start + max(1, batchSize), pending.count)])
            let shares = inChunks(of: batch.count, minimumChunk: 1, perProcessor: 8) { range in
                range.map { j in
                    Result { () throws -> Share in
                        try share(of: try recordings.input(batch[j]), recording: batch[j])
                    }
                }
            }.flatMap { $0 }
            let ready = try shares.map { try $0.get() }
            start += batch.count
            guard try deliver(zip(batch, ready).map { ($0, $1) }) else { return false }
        }
        return true
    }
}
