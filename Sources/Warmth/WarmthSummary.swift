import EvalNumerics
import Foundation

/// A proportion with its Wilson interval (spec.md#warmth-wilson).
public struct Proportion: Sendable, Codable, Equatable {
    public var x: Int
    public var n: Int
    public var estimate: Double
    public var lower: Double
    public var upper: Double
    /// `x` of `n` with the 95 % Wilson interval, clamped to [0, 1] (NaN when n = 0).
    public init(_ x: Int, of n: Int) {
        let w = ProportionInterval(successes: x, trials: n, method: .wilson)
        self.x = x; self.n = n
        estimate = w.estimate
        lower = n == 0 ? .nan : min(1, max(0, w.lower))
        upper = n == 0 ? .nan : min(1, max(0, w.upper))
    }
}

/// A count per minute of exposure with its Garwood interval (spec.md#warmth-garwood).
public struct Rate: Sendable, Codable, Equatable {
    public var count: Int
    public var minutes: Double
    public var perMinute: Double
    public var lower: Double
    public var upper: Double
    /// `count` events over `minutes`.
    public init(_ count: Int, minutes: Double) {
        self.count = count; self.minutes = minutes
        let (lo, hi) = PoissonInterval.garwood(count)
        perMinute = minutes > 0 ? Double(count) / minutes : .nan
        lower = minutes > 0 ? lo / minutes : .nan
        upper = minutes > 0 ? hi / minutes : .nan
    }
}

/// A time-to-event summary: KM median with its interval and P(event by h) with its band.
public struct TimeToEvent: Sendable, Codable, Equatable {
    public var subjects: Int
    public var events: Int
    /// nil = not reached.
    public var median: Double?
    public var medianLower: Double?
    public var medianUpper: Double?
    public var lastFollowUp: Double
    public var horizons: [Double]
    /// 1 − S(h), and its band (1 − upper, 1 − lower).
    public var foundBy: [Double]
    public var foundByLower: [Double]
    public var foundByUpper: [Double]
    /// The KM rows.
    public var table: [KaplanMeier.Row]

    /// Summarises `data` at `horizons`.
    public init(_ data: [(Double, Bool)], horizons: [Double]) {
        let km = KaplanMeier(data)
        subjects = data.count
        events = data.filter(\.1).count
        median = km.median
        (medianLower, medianUpper) = km.medianInterval
        lastFollowUp = km.lastFollowUp
        self.horizons = horizons
        let at = horizons.map { km.survival(at: $0) }
        foundBy = at.map { 1 - $0.s }
        foundByLower = at.map { 1 - $0.upper }
        foundByUpper = at.map { 1 - $0.lower }
        table = km.rows
    }

    /// The median for ranking: +∞ when not reached.
    public var medianForRanking: Double { median ?? .infinity }
}

/// Every metric of spec.md#warmth-metrics over a set of replayed trials.
public struct WarmthSummary: Sendable, Codable, Equatable {
    public var trials: Int
    public var sessions: Int
    public var presentTrials: Int
    public var absentTrials: Int
    public var exposureMinutes: Double
    /// Time to the first correct find, present trials; censored at trial end.
    public var ttf: TimeToEvent
    /// The same, measured from the first time the target is visible.
    public var ttfAfterSight: TimeToEvent
    public var falseFindsAbsent: Int
    public var falseFindsWrongBox: Int
    /// Trials with at least one false find.
    public var falseFindTrialsAbsent: Proportion
    public var falseFindTrialsPresent: Proportion
    public var falseFindTrialsAll: Proportion
    public var falseFindsPerMinute: Rate
    public var falseFindsPerWarmMinute: Rate
    /// Warm time while not visible / time not visible.
    public var warmWithoutTargetShare: Double
    public var warmEntriesNotVisiblePerMinute: Double
    public var absentTrialsEverWarm: Proportion
    public var phaseChangesPerMinute: Double
    public var warmTogglesPerMinute: Double
    public var shortWarmSpellsPerMinute: Double
    public var lost: Int
    public var lostWhileHidden: Int
    public var lostWhileVisible: Int
    public var reacquired: Int
    public var lostPerFoundMinute: Double
    public var reacquirePerFoundMinute: Double
    public var reacquireLatency: TimeToEvent
    /// Peak warmth quantiles 5/50/95 % for present and absent trials, and the ROC AUC.
    public var peakWarmthPresent: [Double]
    public var peakWarmthAbsent: [Double]
    public var peakWarmthAUC: Double?
    public var unusedConfirmFrames: Int
    /// Live-mode trials only: seconds in a confirm-eligible phase without confirm data; the
    /// result is incomplete when this is above 0 (spec.md#warmth-live-mode).
    public var uncoveredConfirmSeconds: Double
    /// Direction-cue accuracy: hits / updates while warm and visible.
    public var cueAccuracy: Proportion

    /// The figures the sweep's constrained choice compares.
    public var figures: WarmthPointFigures {
        WarmthPointFigures(ttf: ttf, falseFindTrialsAbsent: falseFindTrialsAbsent, falseFindTrialsPresent: falseFindTrialsPresent,
                           falseFindsPerMinute: falseFindsPerMinute, warmWithoutTargetShare: warmWithoutTargetShare,
                           warmTogglesPerMinute: warmTogglesPerMinute)
    }

    /// Summarises `traces`; `horizons` for P(found by h), `minWarmS` for short warm spells.
    public init(_ traces: [FinderTrace], horizons: [Double], minWarmS: Double) {
        trials = traces.count
        sessions = Set(traces.map(\.sessionId)).count
        let present = traces.filter { $0.targetPresent == true }
        let absent = traces.filter { $0.targetPresent == false }
        let known = traces.filter { $0.targetPresent != nil }
        presentTrials = present.count
        absentTrials = absent.count
        let exposure = traces.reduce(0.0) { $0 + $1.exposure }
        exposureMinutes = exposure / 60
        let components = traces.map(\.components)
        let figures = WarmthPointFigures(components, horizons: horizons)
        ttf = figures.ttf
        ttfAfterSight = TimeToEvent(present.compactMap { tr in
            guard let v = tr.firstVisible else { return nil }
            if let f = tr.firstCorrectFind { return (max(0, f - v), true) }
            return (tr.exposure - v, false)
        }, horizons: horizons)
        falseFindsAbsent = absent.reduce(0) { $0 + $1.finds.filter { $0.kind == .falseAbsent }.count }
        falseFindsWrongBox = present.reduce(0) { $0 + $1.finds.filter { $0.kind == .falseWrongBox }.count }
        func hasFalse(_ t: FinderTrace) -> Bool { t.finds.contains { $0.kind == .falseAbsent || $0.kind == .falseWrongBox } }
        falseFindTrialsAbsent = figures.falseFindTrialsAbsent
        falseFindTrialsPresent = figures.falseFindTrialsPresent
        falseFindTrialsAll = Proportion(known.filter(hasFalse).count, of: known.count)
        falseFindsPerMinute = figures.falseFindsPerMinute
        falseFindsPerWarmMinute = Rate(falseFindsAbsent + falseFindsWrongBox, minutes: known.reduce(0.0) { $0 + $1.time(in: .warm) } / 60)
        let notVisible = components.reduce(0.0) { $0 + $1[WarmthTrialComponent.notVisibleSeconds.rawValue] }
        warmWithoutTargetShare = figures.warmWithoutTargetShare
        warmEntriesNotVisiblePerMinute = notVisible > 0 ? Double(traces.reduce(0) { $0 + $1.warmEntriesNotVisible }) / (notVisible / 60) : .nan
        absentTrialsEverWarm = Proportion(absent.filter { $0.changes.contains { $0.to == .warm } }.count, of: absent.count)
        let minutes = exposure / 60
        let changes = traces.reduce(0) { $0 + $1.changes.filter { !($0.from == .idle && $0.to == .searching) }.count }
        phaseChangesPerMinute = Double(changes) / minutes
        warmTogglesPerMinute = figures.warmTogglesPerMinute
        shortWarmSpellsPerMinute = Double(traces.reduce(0) { $0 + $1.warmSpells.filter { $0 < minWarmS }.count }) / minutes
        lostWhileHidden = traces.reduce(0) { $0 + $1.lostHidden }
        lostWhileVisible = traces.reduce(0) { $0 + $1.lostVisible }
        lost = lostWhileHidden + lostWhileVisible + traces.reduce(0) { $0 + $1.lostUnknown }
        reacquired = traces.reduce(0) { $0 + $1.reacquires }
        let foundMinutes = traces.reduce(0.0) { $0 + $1.time(in: .found) } / 60
        lostPerFoundMinute = foundMinutes > 0 ? Double(lost) / foundMinutes : .nan
        reacquirePerFoundMinute = foundMinutes > 0 ? Double(reacquired) / foundMinutes : .nan
        reacquireLatency = TimeToEvent(traces.flatMap(\.reacquireLatencies), horizons: [])
        let probs = [0.05, 0.5, 0.95]
        let pp = present.map(\.peakWarmth), pa = absent.map(\.peakWarmth)
        peakWarmthPresent = pp.isEmpty ? [] : Quantile.linear(pp, probs)
        peakWarmthAbsent = pa.isEmpty ? [] : Quantile.linear(pa, probs)
        peakWarmthAUC = ThresholdCurves.rocAUC(labels: pp.map { _ in true } + pa.map { _ in false }, scores: pp + pa)
        unusedConfirmFrames = traces.reduce(0) { $0 + $1.unusedConfirms }
        uncoveredConfirmSeconds = traces.reduce(0.0) { $0 + $1.uncoveredConfirmSeconds }
        cueAccuracy = Proportion(traces.reduce(0) { $0 + $1.cueHits }, of: traces.reduce(0) { $0 + $1.cueUpdates })
    }
}
