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

    /// Creates the value from each of its stored properties.
    public init(instance: Int64, object: Int64, frame: Int64, time: Double, verdict: MissingFlagJudgement.Verdict) {
        self.instance = instance
        self.object = object
        self.frame = frame
        self.time = time
        self.verdict = verdict
    }
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

    /// Creates the value from each of its stored properties.
    public init(object: Int64, time: Double, moved: Int64, latency: Double) {
        self.object = object
        self.time = time
        self.moved = moved
        self.latency = latency
    }
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
    /// Green arrivals (found, confirmed by a live re-detection) with the object there.
    public var arrivalsAtObject: Int64
    /// Green arrivals with no object there.
    public var arrivalsWithoutObject: Int64
    /// The object the start instance stands for (−1 when not in memory or none): a start
    /// chosen from the memory need not be the object asked for (spec.md#lockon-start-instance).
    public var startObject: Int64 = -1
    /// Seconds from the start of guidance to the first lock; NaN without a lock.
    public var timeToFirstLock: Double = .nan
    /// Seconds from the object's first live detection during the request to the first lock
    /// on one of its instances (the app reports about 1 s); NaN when either never happened.
    public var lockAfterRedetection: Double = .nan
    /// Amber arrivals (proximity alone) with the object there.
    public var amberAtObject: Int64 = 0
    /// Amber arrivals with no object there.
    public var amberWithoutObject: Int64 = 0
    /// Suggestion cards offered, and those whose object was really where the card said.
    public var suggestions: Int64 = 0, realSuggestions: Int64 = 0

    /// Creates the value from each of its stored properties.
    public init(request: Int64, object: Int64, instance: Int64, verdict: LockOnOutcome.Verdict, locks: Int64, arrivalsAtObject: Int64, arrivalsWithoutObject: Int64, startObject: Int64 = -1, timeToFirstLock: Double = .nan, lockAfterRedetection: Double = .nan, amberAtObject: Int64 = 0, amberWithoutObject: Int64 = 0, suggestions: Int64 = 0, realSuggestions: Int64 = 0) {
        self.request = request
        self.object = object
        self.instance = instance
        self.verdict = verdict
        self.locks = locks
        self.arrivalsAtObject = arrivalsAtObject
        self.arrivalsWithoutObject = arrivalsWithoutObject
        self.startObject = startObject
        self.timeToFirstLock = timeToFirstLock
        self.lockAfterRedetection = lockAfterRedetection
        self.amberAtObject = amberAtObject
        self.amberWithoutObject = amberWithoutObject
        self.suggestions = suggestions
    }
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
    /// Green arrivals, and those with no object there.
    public var arrivals = 0, emptyArrivals = 0
    /// Amber arrivals, and those with no object there.
    public var amberArrivals = 0, amberWithoutObject = 0
    /// Suggestion cards offered, and those whose object was really there.
    public var suggestions = 0, realSuggestions = 0
    /// Seconds to the first lock, per request that locked.
    public var timesToFirstLock: [Double] = []

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
                amberArrivals += Int(request.amberAtObject + request.amberWithoutObject)
                amberWithoutObject += Int(request.amberWithoutObject)
                suggestions += Int(request.suggestions)
                realSuggestions += Int(request.realSuggestions)
                if !request.timeToFirstLock.isNaN { timesToFirstLock.append(request.timeToFirstLock) }
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
