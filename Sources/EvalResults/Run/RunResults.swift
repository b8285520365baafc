import EvalMetrics

/// Everything a run report shows, as plain columns: what `run` writes to `results.h5` and
/// what `report` reads back from it. The renderer sees only this value.
public struct RunResults: Sendable, Equatable {
    /// The protocol's name.
    public var protocolName: String
    /// SHA-256 of the protocol file.
    public var protocolSHA256: String
    /// The tool version that computed the results.
    public var toolVersion: String
    /// The bootstrap settings used for every interval.
    public var bootstrap: BootstrapSettings
    /// Per recording, sorted by name.
    public var recordings: [RecordingResults]
    /// Intervals of the pooled gap median and p90 (instances of all recordings resampled).
    public var pooledGaps: GapIntervals
    /// The gates and their outcomes, in protocol order.
    public var gates: [GateOutcome]
    /// Events a gate on a rate needed to decide (the protocol's `minimum_events`).
    public var minimumEvents: Int = 10
    /// Pooled figures with bootstrap intervals over recordings (``RecordingBootstrap``).
    public var recordingIntervals: [FigureInterval] = []
    /// Whether the recordings' gaps differ (Kruskal–Wallis on per-instance medians).
    public var runsDiffer: RunsDifferTest
    /// The depth-fusion variant comparison (`/fusion`), when the protocol asked for one.
    public var fusion: FusionResults? = nil
    /// The report of the run these results belong to (the protocol's `run_report`), nil for none.
    public var runReport: String? = nil

    /// Creates the value from each of its stored properties.
    public init(protocolName: String, protocolSHA256: String, toolVersion: String, bootstrap: BootstrapSettings, recordings: [RecordingResults], pooledGaps: GapIntervals, gates: [GateOutcome], minimumEvents: Int = 10, recordingIntervals: [FigureInterval] = [], runsDiffer: RunsDifferTest, fusion: FusionResults? = nil, runReport: String? = nil) {
        self.protocolName = protocolName
        self.protocolSHA256 = protocolSHA256
        self.toolVersion = toolVersion
        self.bootstrap = bootstrap
        self.recordings = recordings
        self.pooledGaps = pooledGaps
        self.gates = gates
        self.minimumEvents = minimumEvents
        self.recordingIntervals = recordingIntervals
        self.runsDiffer = runsDiffer
        self.fusion = fusion
        self.runReport = runReport
    }

    /// True when no gate failed (a gate without enough events to decide does not fail the run).
    public var passed: Bool { !gates.contains(where: \.failed) }
    /// True when the protocol has gates and every one is not measurable (spec.md#not-measurable).
    public var nothingMeasured: Bool { !gates.isEmpty && gates.allSatisfy { $0.verdict == .notMeasurable } }
}

/// A point estimate with its bootstrap interval.
public struct IntervalEstimate: Sendable, Equatable {
    /// The statistic on all data.
    public var estimate: Double
    /// Lower bound (NaN when the bootstrap was degenerate).
    public var lower: Double
    /// Upper bound.
    public var upper: Double

    /// Creates an estimate.
    public init(estimate: Double, lower: Double, upper: Double) {
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
    }
}

/// The median and p90 of a set of re-anchor gaps with their intervals.
public struct GapIntervals: Sendable, Equatable {
    /// Median, metres.
    public var median: IntervalEstimate
    /// 90th percentile, metres.
    public var p90: IntervalEstimate

    /// Creates the pair.
    public init(median: IntervalEstimate, p90: IntervalEstimate) {
        self.median = median
        self.p90 = p90
    }
}

/// One row of a tracking table (a detect-every-N value, or the app's recorded ids).
public struct TrackingRow: Sendable, Equatable {
    /// Detect-every-N (0 for the recorded ids).
    public var n: Int64
    /// MOTA.
    public var mota: Double
    /// IDF1.
    public var idf1: Double
    /// HOTA.
    public var hota: Double
    /// Identity switches.
    public var identitySwitches: Int64
    /// Ground-truth boxes scored.
    public var groundTruthCount: Int64
    /// Distinct track ids.
    public var trackCount: Int64
    /// The app's proxy: new ids per minute.
    public var newIDsPerMinute: Double
    /// The app's proxy: new ids per detection.
    public var newIDsPerDetection: Double
    /// The app's proxy: mean track lifetime, seconds.
    public var meanTrackLifetime: Double

    /// Creates the value from each of its stored properties.
    public init(n: Int64, mota: Double, idf1: Double, hota: Double, identitySwitches: Int64, groundTruthCount: Int64, trackCount: Int64, newIDsPerMinute: Double, newIDsPerDetection: Double, meanTrackLifetime: Double) {
        self.n = n
        self.mota = mota
        self.idf1 = idf1
        self.hota = hota
        self.identitySwitches = identitySwitches
        self.groundTruthCount = groundTruthCount
        self.trackCount = trackCount
        self.newIDsPerMinute = newIDsPerMinute
        self.newIDsPerDetection = newIDsPerDetection
        self.meanTrackLifetime = meanTrackLifetime
    }
}

/// One row of the 3-D tracking table: centre-distance matching at one gate.
public struct Tracking3DRow: Sendable, Equatable {
    /// The gate, metres.
    public var gate: Double
    /// Matches.
    public var truePositives: Int64
    /// Instances with no object.
    public var falsePositives: Int64
    /// Objects with no instance.
    public var falseNegatives: Int64
    /// Identity switches.
    public var identitySwitches: Int64
    /// Ground-truth object-frames.
    public var truthCount: Int64
    /// Sum of matched centre distances, metres.
    public var distanceSum: Double

    /// Creates the value from each of its stored properties.
    public init(gate: Double, truePositives: Int64, falsePositives: Int64, falseNegatives: Int64, identitySwitches: Int64, truthCount: Int64, distanceSum: Double) {
        self.gate = gate
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
        self.identitySwitches = identitySwitches
        self.truthCount = truthCount
        self.distanceSum = distanceSum
    }

    /// MOTA-3D and MOTP-3D as ``CentreDistanceCounts`` computes them (py-motmetrics' `mota`
    /// and `motp`, spec.md#metric-centre-distance).
    public var counts: CentreDistanceCounts {
        CentreDistanceCounts(
            gate: gate, truthCount: Int(truthCount), truePositives: Int(truePositives), falsePositives: Int(falsePositives),
            falseNegatives: Int(falseNegatives), identitySwitches: Int(identitySwitches), distanceSum: distanceSum)
    }
    /// MOTA-3D = 1 − (FN + FP + IDSW) / GT (NaN for 0/0, −∞ for a positive count over no ground truth).
    public var mota: Double { counts.mota }
    /// Mean matched centre distance, metres (NaN without matches).
    public var motp: Double { counts.motp }
}

/// One anchor instance: what fed it and how pure it is.
public struct InstanceRow: Sendable, Equatable {
    /// The instance id.
    public var instance: Int64
    /// The associated object (−1 when none).
    public var object: Int64
    /// Detections that fed the instance.
    public var feedCount: Int64
    /// Distinct objects among them.
    public var objectsFeeding: Int64
    /// Fraction of feeds that saw the associated object.
    public var purity: Double

    /// Creates the value from each of its stored properties.
    public init(instance: Int64, object: Int64, feedCount: Int64, objectsFeeding: Int64, purity: Double) {
        self.instance = instance
        self.object = object
        self.feedCount = feedCount
        self.objectsFeeding = objectsFeeding
        self.purity = purity
    }
}

/// The raw rows and summaries of one recording.
public struct RecordingResults: Sendable, Equatable {
    /// The recording's name (file name without extension).
    public var name: String
    /// Its path as the protocol gives it (relative to the protocol file).
    public var path: String
    /// SHA-256 of the recording file.
    public var sha256: String
    /// Where the data came from, as the recording's `meta` table states it.
    public var data = RecordingData(meta: [:])
    /// Observations fed to the anchor registry.
    public var observationCount: Int64
    /// Re-anchor gaps, metres, with the instance each belongs to (same order).
    public var gaps: [Double]
    /// Instance of each gap.
    public var gapInstances: [Int64]
    /// Per-update anchor errors, metres, with their instance.
    public var errors: [Double]
    /// Instance of each error.
    public var errorInstances: [Int64]
    /// One row per instance.
    public var instances: [InstanceRow]
    /// The detect-every-N table, N ascending.
    public var detectEveryN: [TrackingRow]
    /// The app's recorded track ids scored on detector frames (empty when absent).
    public var recordedIDs: [TrackingRow]
    /// 3-D tracking per gate, ascending.
    public var tracking3D: [Tracking3DRow]
    /// Objects split into several instances.
    public var duplicatedObjects: [Int64]
    /// Objects never anchored.
    public var neverAnchored: [Int64]
    /// Extra instances beyond one per anchored object.
    public var duplication: Int64
    /// Intervals of this recording's gap median and p90.
    public var gapIntervals: GapIntervals
    /// The absence sweep's flags to missing, judged, in time order.
    public var absenceFlags: [AbsenceFlagRow]
    /// Removals of anchored objects, found or missed, in time order.
    public var removals: [RemovalRow]
    /// Flags back from missing.
    public var unflags: Int64
    /// One row per guidance request.
    public var lockOn: [LockOnRow]
    /// Both anchoring policies' anchors on this recording (spec.md#policy-comparison).
    public var policyInstances: [PolicyInstanceRow] = []
    /// Both anchoring policies' per-update anchor errors.
    public var policyErrors: [PolicyErrorRow] = []

    /// Creates the value from each of its stored properties.
    public init(name: String, path: String, sha256: String, data: RecordingData = RecordingData(meta: [:]), observationCount: Int64, gaps: [Double], gapInstances: [Int64], errors: [Double], errorInstances: [Int64], instances: [InstanceRow], detectEveryN: [TrackingRow], recordedIDs: [TrackingRow], tracking3D: [Tracking3DRow], duplicatedObjects: [Int64], neverAnchored: [Int64], duplication: Int64, gapIntervals: GapIntervals, absenceFlags: [AbsenceFlagRow], removals: [RemovalRow], unflags: Int64, lockOn: [LockOnRow], policyInstances: [PolicyInstanceRow] = [], policyErrors: [PolicyErrorRow] = []) {
        self.name = name
        self.path = path
        self.sha256 = sha256
        self.data = data
        self.observationCount = observationCount
        self.gaps = gaps
        self.gapInstances = gapInstances
        self.errors = errors
        self.errorInstances = errorInstances
        self.instances = instances
        self.detectEveryN = detectEveryN
        self.recordedIDs = recordedIDs
        self.tracking3D = tracking3D
        self.duplicatedObjects = duplicatedObjects
        self.neverAnchored = neverAnchored
        self.duplication = duplication
        self.gapIntervals = gapIntervals
        self.absenceFlags = absenceFlags
        self.removals = removals
        self.unflags = unflags
        self.lockOn = lockOn
        self.policyInstances = policyInstances
        self.policyErrors = policyErrors
    }

    /// Instances fed by two or more objects.
    public var blendedInstances: [Int64] { instances.filter { $0.objectsFeeding > 1 }.map(\.instance) }
    /// Mean purity over instances (NaN when there are none).
    public var meanPurity: Double {
        instances.isEmpty ? .nan : instances.map(\.purity).reduce(0, +) / Double(instances.count)
    }

}
