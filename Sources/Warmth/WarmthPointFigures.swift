import EvalNumerics

/// The per-trial quantities a warmth sweep records at every grid point: enough to compute
/// every figure the constrained choice, the neighbourhood and the paired comparison use
/// (``WarmthPointFigures``), without keeping the traces (Docs/warmth.md#sweep).
public enum WarmthTrialComponent: Int, CaseIterable, Sendable {
    /// 1 when the target is present, 0 when absent, NaN when the trial does not say.
    case targetPresent
    /// Seconds from the query to the first correct find; NaN when there was none.
    case firstCorrectFind
    /// Trial end − query start, seconds.
    case exposure
    /// False finds counted against the trial: false finds of an absent trial, wrong-box
    /// finds of a present one, 0 when presence is unknown.
    case falseFinds
    /// 1 when the trial had a false find of either kind, else 0.
    case hadFalseFind
    /// Seconds with the target not visible, over all phases.
    case notVisibleSeconds
    /// Warm seconds with the target not visible.
    case warmNotVisibleSeconds
    /// searching ↔ warm changes.
    case warmToggles

    /// The component names, in index order (the `component_names` of a results file).
    public static var names: [String] { allCases.map { "\($0)" } }
}

extension FinderTrace {
    /// The trace's ``WarmthTrialComponent`` values, in index order.
    public var components: [Double] {
        var c = [Double](repeating: 0, count: WarmthTrialComponent.allCases.count)
        c[WarmthTrialComponent.targetPresent.rawValue] = targetPresent.map { $0 ? 1 : 0 } ?? .nan
        c[WarmthTrialComponent.firstCorrectFind.rawValue] = firstCorrectFind ?? .nan
        c[WarmthTrialComponent.exposure.rawValue] = exposure
        let counted: Find.Kind? = targetPresent.map { $0 ? .falseWrongBox : .falseAbsent }
        c[WarmthTrialComponent.falseFinds.rawValue] = Double(finds.filter { $0.kind == counted }.count)
        c[WarmthTrialComponent.hadFalseFind.rawValue] = finds.contains { $0.kind == .falseAbsent || $0.kind == .falseWrongBox } ? 1 : 0
        c[WarmthTrialComponent.notVisibleSeconds.rawValue] = FinderPhase.allCases.reduce(0.0) { $0 + (seconds[$1]?[0] ?? 0) }
        c[WarmthTrialComponent.warmNotVisibleSeconds.rawValue] = seconds[.warm]?[0] ?? 0
        c[WarmthTrialComponent.warmToggles.rawValue] = Double(changes.filter { Set([$0.from, $0.to]) == [.searching, .warm] }.count)
        return c
    }
}

/// The figures of a set of trials that the warmth sweep's constrained choice compares
/// (spec.md#warmth-selection), computed from ``WarmthTrialComponent`` values alone; a
/// ``WarmthSummary`` of the same traces holds the same values.
public struct WarmthPointFigures: Sendable, Equatable {
    /// Time to the first correct find over present trials, censored at trial end.
    public var ttf: TimeToEvent
    /// Absent trials with a false find, with the Wilson interval.
    public var falseFindTrialsAbsent: Proportion
    /// Present trials with a false find, with the Wilson interval.
    public var falseFindTrialsPresent: Proportion
    /// False finds per minute of exposure of trials whose presence is known (Garwood).
    public var falseFindsPerMinute: Rate
    /// Warm time while not visible / time not visible.
    public var warmWithoutTargetShare: Double
    /// searching ↔ warm changes per minute of exposure.
    public var warmTogglesPerMinute: Double

    /// Creates the figures from their values.
    public init(ttf: TimeToEvent, falseFindTrialsAbsent: Proportion, falseFindTrialsPresent: Proportion, falseFindsPerMinute: Rate,
                warmWithoutTargetShare: Double, warmTogglesPerMinute: Double) {
        self.ttf = ttf
        self.falseFindTrialsAbsent = falseFindTrialsAbsent
        self.falseFindTrialsPresent = falseFindTrialsPresent
        self.falseFindsPerMinute = falseFindsPerMinute
        self.warmWithoutTargetShare = warmWithoutTargetShare
        self.warmTogglesPerMinute = warmTogglesPerMinute
    }

    /// The figures of trials whose components are `trials` (one ``WarmthTrialComponent``
    /// vector each, in corpus order); `horizons` for P(found by h).
    public init(_ trials: [[Double]], horizons: [Double]) {
        typealias C = WarmthTrialComponent
        let present = trials.filter { $0[C.targetPresent.rawValue] == 1 }
        let absent = trials.filter { $0[C.targetPresent.rawValue] == 0 }
        let known = trials.filter { !$0[C.targetPresent.rawValue].isNaN }
        ttf = TimeToEvent(present.map { t in
            let find = t[C.firstCorrectFind.rawValue]
            return find.isNaN ? (t[C.exposure.rawValue], false) : (find, true)
        }, horizons: horizons)
        func hadFalse(_ t: [Double]) -> Bool { t[C.hadFalseFind.rawValue] == 1 }
        falseFindTrialsAbsent = Proportion(absent.filter(hadFalse).count, of: absent.count)
        falseFindTrialsPresent = Proportion(present.filter(hadFalse).count, of: present.count)
        func total(_ set: [[Double]], _ c: C) -> Double { set.reduce(0.0) { $0 + $1[c.rawValue] } }
        falseFindsPerMinute = Rate(Int(total(known, .falseFinds)), minutes: total(known, .exposure) / 60)
        let notVisible = total(trials, .notVisibleSeconds)
        warmWithoutTargetShare = notVisible > 0 ? total(trials, .warmNotVisibleSeconds) / notVisible : .nan
        warmTogglesPerMinute = total(trials, .warmToggles) / (total(trials, .exposure) / 60)
    }
}
