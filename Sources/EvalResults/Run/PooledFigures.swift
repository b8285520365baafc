import EvalNumerics

/// Figures pooled over the recordings of a run, derived from the raw rows only.
public enum PooledFigures {
    /// All gaps of all recordings.
    public static func gaps(_ recordings: [RecordingResults]) -> [Double] { recordings.flatMap(\.gaps) }

    /// All per-update anchor errors of all recordings.
    public static func errors(_ recordings: [RecordingResults]) -> [Double] { recordings.flatMap(\.errors) }

    /// The gaps grouped by (recording, instance): the bootstrap's resampling units.
    public static func gapUnits(_ recordings: [RecordingResults]) -> [[Double]] {
        recordings.flatMap(gapUnits(of:))
    }

    /// The gaps of one recording grouped by instance, in instance order.
    public static func gapUnits(of recording: RecordingResults) -> [[Double]] {
        var byInstance: [Int64: [Double]] = [:]
        for (gap, instance) in zip(recording.gaps, recording.gapInstances) { byInstance[instance, default: []].append(gap) }
        return byInstance.keys.sorted().map { byInstance[$0]! }
    }

    /// The tracking rows pooled over recordings, one per N: MOTA exactly (the
    /// ground-truth-weighted mean of per-recording MOTA is the pooled MOTA), IDF1 and HOTA
    /// as ground-truth-weighted means, counts summed, proxies averaged over recordings.
    public static func tracking(_ tables: [[TrackingRow]]) -> [TrackingRow] {
        guard let first = tables.first else { return [] }
        return first.indices.map { k in
            let rows = tables.compactMap { k < $0.count ? $0[k] : nil }
            let truth = rows.reduce(Int64(0)) { $0 + $1.groundTruthCount }
            func weighted(_ value: (TrackingRow) -> Double) -> Double {
                truth > 0 ? rows.reduce(0) { $0 + value($1) * Double($1.groundTruthCount) } / Double(truth) : .nan
            }
            func mean(_ value: (TrackingRow) -> Double) -> Double { rows.reduce(0) { $0 + value($1) } / Double(rows.count) }
            return TrackingRow(
                n: first[k].n, mota: weighted(\.mota), idf1: weighted(\.idf1), hota: weighted(\.hota),
                identitySwitches: rows.reduce(0) { $0 + $1.identitySwitches }, groundTruthCount: truth,
                trackCount: rows.reduce(0) { $0 + $1.trackCount }, newIDsPerMinute: mean(\.newIDsPerMinute),
                newIDsPerDetection: mean(\.newIDsPerDetection), meanTrackLifetime: mean(\.meanTrackLifetime))
        }
    }

    /// The 3-D tracking rows pooled over recordings: counts summed per gate.
    public static func tracking3D(_ tables: [[Tracking3DRow]]) -> [Tracking3DRow] {
        guard let first = tables.first else { return [] }
        return first.indices.map { k in
            let rows = tables.compactMap { k < $0.count ? $0[k] : nil }
            return Tracking3DRow(
                gate: first[k].gate, truePositives: rows.reduce(0) { $0 + $1.truePositives },
                falsePositives: rows.reduce(0) { $0 + $1.falsePositives }, falseNegatives: rows.reduce(0) { $0 + $1.falseNegatives },
                identitySwitches: rows.reduce(0) { $0 + $1.identitySwitches }, truthCount: rows.reduce(0) { $0 + $1.truthCount },
                distanceSum: rows.reduce(0) { $0 + $1.distanceSum })
        }
    }

    /// The median and p90 of the gaps of `units`, each with a bootstrap interval that
    /// resamples whole units (instances). NaN everywhere when there are no gaps.
    public static func gapIntervals(units: [[Double]], settings: BootstrapSettings) -> GapIntervals {
        func interval(_ p: Double) -> IntervalEstimate {
            guard units.contains(where: { !$0.isEmpty }) else { return IntervalEstimate(estimate: .nan, lower: .nan, upper: .nan) }
            let statistic: ([[Double]]) -> Double = { sample in
                let values = sample.flatMap { $0 }
                return values.isEmpty ? .nan : Quantile.linear(values, p)
            }
            guard units.count >= 2 else {
                let estimate = statistic(units)
                return IntervalEstimate(estimate: estimate, lower: .nan, upper: .nan)
            }
            let result = Bootstrap.interval(
                units: units, method: settings.bootstrapMethod, confidenceLevel: settings.confidence,
                resamples: settings.replicates, seed: settings.seed, statistic: statistic)
            return IntervalEstimate(estimate: result.estimate, lower: result.lower, upper: result.upper)
        }
        return GapIntervals(median: interval(0.5), p90: interval(0.9))
    }

    /// The value of a gate metric on a run's recordings.
    public static func value(of metric: GateMetric, _ recordings: [RecordingResults]) -> Double {
        let n1 = tracking(recordings.map(\.detectEveryN)).first { $0.n == 1 }
        func quantile(_ values: [Double], _ p: Double) -> Double { values.isEmpty ? .nan : Quantile.linear(values, p) }
        switch metric {
        case .reanchorMedian: return quantile(gaps(recordings), 0.5)
        case .reanchorP90: return quantile(gaps(recordings), 0.9)
        case .anchorErrorMedian: return quantile(errors(recordings), 0.5)
        case .anchorErrorP90: return quantile(errors(recordings), 0.9)
        case .meanPurity:
            let purities = recordings.flatMap { $0.instances.map(\.purity) }
            return purities.isEmpty ? .nan : purities.reduce(0, +) / Double(purities.count)
        case .motaN1: return n1?.mota ?? .nan
        case .idf1N1: return n1?.idf1 ?? .nan
        case .hotaN1: return n1?.hota ?? .nan
        case .falseMissingRate: return OutcomeCounts(recordings).falseMissingRate(0.95).estimate
        case .missedRemovalRate: return OutcomeCounts(recordings).missedRemovalRate(0.95).estimate
        case .wrongTargetRate: return OutcomeCounts(recordings).wrongTargetRate(0.95).estimate
        case .emptyArrivalRate: return OutcomeCounts(recordings).emptyArrivalRate(0.95).estimate
        }
    }

    /// The recordings a figure that needs ground truth is computed from: those with labelled
    /// boxes or marks (spec.md#not-measurable); a recording without them would only add false
    /// positives and unjudged flags.
    public static func withGroundTruth(_ recordings: [RecordingResults]) -> [RecordingResults] {
        recordings.filter(\.data.hasGroundTruth)
    }

    /// Every gate judged on `recordings` (spec.md#gate-decisions): rates carry Wilson
    /// intervals at the bootstrap's confidence and need `minimumEvents` trials to decide;
    /// re-anchor figures take `pooledGaps` (instances resampled); the others take their
    /// interval over recordings from `intervals`. Figures that need ground truth are judged on
    /// ``withGroundTruth(_:)`` only, and are *not measurable* when none has it.
    public static func judge(
        _ gates: [Gate], _ recordings: [RecordingResults], pooledGaps: GapIntervals, intervals: [FigureInterval],
        settings: BootstrapSettings, minimumEvents: Int
    ) -> [GateOutcome] {
        let judged = withGroundTruth(recordings)
        let counts = OutcomeCounts(judged)
        let n = Int64(judged.count), instances = Int64(gapUnits(recordings).count)
        return gates.map { gate in
            if gate.metric.groundTruthNeed != nil && judged.isEmpty {
                return GateOutcome(gate: gate, interval: IntervalEstimate(estimate: .nan, lower: .nan, upper: .nan), events: 0,
                                   eventUnit: "recordings", verdict: .notMeasurable)
            }
            var outcome: GateOutcome
            func rate(_ r: ProportionInterval) -> GateOutcome {
                GateOutcome(gate: gate, interval: IntervalEstimate(estimate: r.estimate, lower: r.lower, upper: r.upper),
                            successes: Int64(r.successes), events: Int64(r.trials), eventUnit: "events", verdict: .fail)
            }
            func overRecordings(_ figure: String, _ parameter: Double = .nan) -> GateOutcome {
                let interval = intervals.interval(figure, parameter)
                    ?? IntervalEstimate(estimate: value(of: gate.metric, judged), lower: .nan, upper: .nan)
                return GateOutcome(gate: gate, interval: interval, events: n, eventUnit: "recordings", verdict: .fail)
            }
            let level = settings.confidence
            switch gate.metric {
            case .reanchorMedian: outcome = GateOutcome(gate: gate, interval: pooledGaps.median, events: instances, eventUnit: "instances", verdict: .fail)
            case .reanchorP90: outcome = GateOutcome(gate: gate, interval: pooledGaps.p90, events: instances, eventUnit: "instances", verdict: .fail)
            case .anchorErrorMedian, .anchorErrorP90, .meanPurity: outcome = overRecordings(gate.metric.rawValue)
            case .motaN1: outcome = overRecordings("mota", 1)
            case .idf1N1: outcome = overRecordings("idf1", 1)
            case .hotaN1: outcome = overRecordings("hota", 1)
            case .falseMissingRate: outcome = rate(counts.falseMissingRate(level))
            case .missedRemovalRate: outcome = rate(counts.missedRemovalRate(level))
            case .wrongTargetRate: outcome = rate(counts.wrongTargetRate(level))
            case .emptyArrivalRate: outcome = rate(counts.emptyArrivalRate(level))
            }
            if gate.metric.isRate && outcome.events < Int64(minimumEvents) {
                outcome.verdict = .undecided
            } else {
                outcome.verdict = gate.op.holds(outcome.tested, gate.value) ? .pass : .fail
            }
            return outcome
        }
    }
}
