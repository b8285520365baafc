import EvalMetrics
import EvalNumerics

/// One flag to missing of the absence sweep, judged (`/recordings/<name>/absence_flags`).
public struct AbsenceFlagRow: Sendable, Equatable {
    /// The instance flagged.
    public var instance: Int64
    /// Its associated object (−1 when none).
    public var object: Int64
    /// Frame and time of the flag.
    public var frame: Int64
    /// Time of the flag, seconds.
    public var time: Double
    /// `correct`, `false_missing` or `unassociated`.
    public var verdict: MissingFlagJudgement.Verdict
}

/// One removal (or move away) of an anchored object (`/recordings/<name>/removals`).
public struct RemovalRow: Sendable, Equatable {
    /// The object.
    public var object: Int64
    /// When it left its spot, seconds.
    public var time: Double
    /// 1 when it moved elsewhere, 0 when it left the scene.
    public var moved: Int64
    /// Seconds to the first correct flag; NaN when missed.
    public var latency: Double
}

/// One guidance request's outcome (`/recordings/<name>/lock_on`).
public struct LockOnRow: Sendable, Equatable {
    /// The request's id in the recording.
    public var request: Int64
    /// The object asked for.
    public var object: Int64
    /// The instance guidance started from (−1 when not in memory).
    public var instance: Int64
    /// The verdict on its locks.
    public var verdict: LockOnOutcome.Verdict
    /// Locks taken.
    public var locks: Int64
    /// Found arrivals with the object there.
    public var arrivalsAtObject: Int64
    /// Found arrivals with no object there.
    public var arrivalsWithoutObject: Int64
}

/// Absence and lock-on counts of one recording or of a whole run, from the rows alone.
public struct OutcomeCounts: Sendable, Equatable {
    /// Flags to missing by verdict.
    public var correctFlags = 0, falseMissing = 0, unassociatedFlags = 0
    /// Removals of anchored objects, and how many no flag found.
    public var removals = 0, missedRemovals = 0
    /// Latencies of the removals found, seconds.
    public var latencies: [Double] = []
    /// Guidance requests by verdict.
    public var correctLocks = 0, wrongTarget = 0, noLock = 0, notInMemory = 0
    /// Found arrivals, and those with no object there.
    public var arrivals = 0, emptyArrivals = 0

    /// Counts the rows of `recordings`.
    public init(_ recordings: [RecordingResults]) {
        for recording in recordings {
            for flag in recording.absenceFlags {
                switch flag.verdict {
                case .correct: correctFlags += 1
                case .falseMissing: falseMissing += 1
                case .unassociated: unassociatedFlags += 1
                }
            }
            removals += recording.removals.count
            missedRemovals += recording.removals.filter { $0.latency.isNaN }.count
            latencies += recording.removals.map(\.latency).filter { !$0.isNaN }
            for request in recording.lockOn {
                switch request.verdict {
                case .correct: correctLocks += 1
                case .wrongTarget: wrongTarget += 1
                case .none: noLock += 1
                case .notInMemory: notInMemory += 1
                }
                arrivals += Int(request.arrivalsAtObject + request.arrivalsWithoutObject)
                emptyArrivals += Int(request.arrivalsWithoutObject)
            }
        }
    }

    /// False missing / judged flags (Wilson).
    public func falseMissingRate(_ level: Double) -> ProportionInterval {
        ProportionInterval(successes: falseMissing, trials: correctFlags + falseMissing, confidenceLevel: level)
    }
    /// Missed removals / removals (Wilson).
    public func missedRemovalRate(_ level: Double) -> ProportionInterval {
        ProportionInterval(successes: missedRemovals, trials: removals, confidenceLevel: level)
    }
    /// Wrong-target requests / requests that locked (Wilson).
    public func wrongTargetRate(_ level: Double) -> ProportionInterval {
        ProportionInterval(successes: wrongTarget, trials: wrongTarget + correctLocks, confidenceLevel: level)
    }
    /// Green arrivals with no object there / green arrivals (Wilson).
    public func emptyArrivalRate(_ level: Double) -> ProportionInterval {
        ProportionInterval(successes: emptyArrivals, trials: arrivals, confidenceLevel: level)
    }
}

/// Whether the recordings of a run differ in their re-anchor gaps: Kruskal–Wallis on the
/// per-instance median gap (one value per instance, so correlated gaps of one instance
/// count once), recordings as groups.
public struct RunsDifferTest: Sendable, Equatable {
    /// The H statistic (NaN with fewer than two recordings holding gaps).
    public var statistic: Double
    /// Its p-value, χ² with groups − 1 degrees of freedom.
    public var pValue: Double
    /// Recordings with at least one gap.
    public var groups: Int
    /// Instances with at least one gap.
    public var instances: Int

    /// A result read back from a file.
    public init(statistic: Double, pValue: Double, groups: Int, instances: Int) {
        self.statistic = statistic
        self.pValue = pValue
        self.groups = groups
        self.instances = instances
    }

    /// The test on `recordings`' gap rows.
    public init(_ recordings: [RecordingResults]) {
        let samples = recordings.map { PooledFigures.gapUnits(of: $0).map { Quantile.median($0) } }
        let test = KruskalWallis(samples)
        statistic = test.statistic
        pValue = test.pValue
        groups = test.groups
        instances = test.count
    }
}
