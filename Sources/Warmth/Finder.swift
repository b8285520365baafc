import Foundation

/// The finder's arithmetic (spec.md#warmth-softmax).
public enum FinderMath {
    /// The target's softmax probability over `[cT] + cN` at temperature `tau`, in the
    /// log-sum-exp form.
    public static func targetProbability(cT: Double, cN: [Double], tau: Double) -> Double {
        let z0 = cT / tau
        var m = z0
        for c in cN { m = max(m, c / tau) }
        var sum = exp(z0 - m)
        let numerator = sum
        for c in cN { sum += exp(c / tau - m) }
        return numerator / sum
    }

    /// The instantaneous warmth x of a full 10-crop snapshot (spec.md#warmth-softmax).
    public static func snapshotWarmth(_ cache: [CropCosines], tau: Double, floor: Double, mode: FloorMode) -> Double {
        switch mode {
        case .targetCosine:
            return cache.reduce(0.0) { max($0, $1.cT < floor ? 0 : targetProbability(cT: $1.cT, cN: $1.cN, tau: tau)) }
        case .snapshotMax:
            guard let top = cache.map(\.cT).max(), top >= floor else { return 0 }
            return cache.reduce(0.0) { max($0, targetProbability(cT: $1.cT, cN: $1.cN, tau: tau)) }
        }
    }
}

/// A trial with its guide and re-rank stages computed for one (τ, floor, floorMode, detConf):
/// the inputs the rest of the finder needs, shared by every parameter set that agrees on
/// those (spec.md#warmth-sweep-grid).
public struct PreparedTrial: Sendable {
    /// What one record contributes after the first stages.
    public enum Step: Sendable {
        /// A guide record: x when the snapshot is complete, nil while the cache fills.
        case guide(x: Double?, bestCell: Int?)
        /// A confirm record: the best candidate's score and box, nil when none survived detConf.
        case confirm(best: (score: Double, box: NormalizedBox)?)
        /// Ground truth from now on.
        case gt(visible: Bool?, box: NormalizedBox?)
        /// The app's own phase change.
        case appPhase(from: FinderPhase, to: FinderPhase)
        /// queryStart.
        case start
        /// trialEnd: the trial is over; no rule fires on it.
        case end
        /// Any other event.
        case other
    }
    /// Per record: time, line and step.
    public var steps: [(t: Double, line: Int, step: Step)]
    /// The trial.
    public var trialId: String
    public var sessionId: String
    public var targetPresent: Bool?
    public var exposure: Double
    /// For a live-mode trial, the confirm interval whose gaps count as missing confirm data.
    public var liveConfirmEveryS: Double?

    /// Runs the guide and re-rank stages of `trial` with `p`'s τ, floor, floorMode and detConf.
    public init(_ trial: Trial, _ p: FinderParameters) {
        trialId = trial.trialId
        sessionId = trial.sessionId
        targetPresent = trial.targetPresent
        exposure = trial.exposure
        liveConfirmEveryS = trial.confirmMode == "live" ? (trial.confirmEveryS ?? 0.5) : nil
        var cache = [CropCosines?](repeating: nil, count: 10)
        var filled = 0
        steps = trial.records.map { r in
            let step: Step
            switch r.record {
            case .event(let name, _):
                if name == "queryStart" {
                    cache = [CropCosines?](repeating: nil, count: 10)
                    filled = 0
                    step = .start
                } else if name == "trialEnd" { step = .end } else { step = .other }
            case .appPhase(let from, let to): step = .appPhase(from: from, to: to)
            case .gt(let visible, let box): step = .gt(visible: visible, box: box)
            case .guide(_, let crops):
                for c in crops {
                    if cache[c.i] == nil { filled += 1 }
                    cache[c.i] = c
                }
                if filled == 10 {
                    let full = cache.map { $0! }
                    let x = FinderMath.snapshotWarmth(full, tau: p.tau, floor: p.floor, mode: p.floorMode)
                    var bestCell = 1, bestP = -1.0
                    for c in full where c.i > 0 {
                        let q = FinderMath.targetProbability(cT: c.cT, cN: c.cN, tau: p.tau)
                        if q > bestP { (bestP, bestCell) = (q, c.i) }
                    }
                    step = .guide(x: x, bestCell: bestCell)
                } else { step = .guide(x: nil, bestCell: nil) }
            case .confirm(_, let boxes):
                var best: (score: Double, box: NormalizedBox)?
                for b in boxes where b.det >= p.detConf {
                    let score: Double
                    if let cT = b.cT, let cN = b.cN { score = FinderMath.targetProbability(cT: cT, cN: cN, tau: p.tau) } else { score = b.p ?? 0 }
                    if best == nil || score > best!.score { best = (score, b.box) }
                }
                step = .confirm(best: best)
            }
            return (r.t, r.line, step)
        }
    }
}

/// A find the replay declared.
public struct Find: Sendable, Codable, Equatable {
    /// What kind of find (spec.md#warmth-find-correctness).
    public enum Kind: String, Sendable, Codable { case correct, falseAbsent, falseWrongBox, unknownTruth }
    public var t: Double
    public var kind: Kind
    /// Creates a find.
    public init(t: Double, kind: Kind) { self.t = t; self.kind = kind }
}

/// A phase change of the replay or of the app, attributed to the record that caused it.
public struct PhaseChange: Sendable, Codable, Equatable {
    /// The 1-based line of the causing record.
    public var line: Int
    public var t: Double
    public var from: FinderPhase
    public var to: FinderPhase
}

/// Everything one replay of one trial yields: the phase changes, the finds, and the time
/// accounting the metrics need (spec.md#warmth-time-accounting).
public struct FinderTrace: Sendable {
    public var trialId: String
    public var sessionId: String
    public var targetPresent: Bool?
    /// Trial end − query start.
    public var exposure: Double
    public var changes: [PhaseChange] = []
    /// The app's own changes, attributed the same way.
    public var appChanges: [PhaseChange] = []
    public var finds: [Find] = []
    /// Time of the first correct find.
    public var firstCorrectFind: Double?
    /// First time the ground truth says visible.
    public var firstVisible: Double?
    /// Seconds per phase and visibility: [phase][0 not visible, 1 visible, 2 unknown].
    public var seconds: [FinderPhase: [Double]] = [:]
    /// Durations of finished or censored warm spells.
    public var warmSpells: [Double] = []
    /// searching → warm changes while the target was not visible.
    public var warmEntriesNotVisible = 0
    /// found → lost changes while hidden / visible / unknown.
    public var lostHidden = 0, lostVisible = 0, lostUnknown = 0
    /// lost → found changes.
    public var reacquires = 0
    /// Re-acquire latencies: (duration, whether re-acquired rather than censored at trial end).
    public var reacquireLatencies: [(Double, Bool)] = []
    /// The largest warmth (before the first find in present trials).
    public var peakWarmth = 0.0
    /// Confirm frames in phases that ignore them.
    public var unusedConfirms = 0
    /// Live-mode trials: seconds in warm, found or lost with no confirm record within the
    /// confirm interval before them (spec.md#warmth-live-mode).
    public var uncoveredConfirmSeconds = 0.0
    /// Guide updates while warm and visible, and those whose warmest cell holds the box centre.
    public var cueUpdates = 0, cueHits = 0

    /// Seconds spent in `phase` (all visibilities).
    public func time(in phase: FinderPhase) -> Double { (seconds[phase] ?? [0, 0, 0]).reduce(0, +) }
}

/// LookFor's finder replayed as a pure function of a prepared trial and the parameters
/// (spec.md#warmth-phases, spec.md#warmth-vote, spec.md#warmth-lost, spec.md#warmth-find-correctness).
public enum Finder {
    /// Replays `trial` (prepared with `p`'s guide-stage parameters) with `p`.
    public static func replay(_ trial: PreparedTrial, _ p: FinderParameters) -> FinderTrace {
        var trace = FinderTrace(trialId: trial.trialId, sessionId: trial.sessionId, targetPresent: trial.targetPresent, exposure: trial.exposure)
        var phase = FinderPhase.idle
        var w = 0.0, updates = 0
        var votes: [Bool] = [], lastPassBox: NormalizedBox?
        var reVotes: [Bool] = []
        var lastSeen = 0.0, foundBox: NormalizedBox?
        var visible: Bool?, gtBox: NormalizedBox?
        var warmSince: Double?, lostSince: Double?
        var anyFind = false
        var causeLine = 0
        var lastConfirm = -Double.infinity
        func change(_ to: FinderPhase, _ t: Double, _ line: Int) {
            trace.changes.append(PhaseChange(line: line, t: t, from: phase, to: to))
            if to == .warm { warmSince = t; if phase == .searching && visible == false { trace.warmEntriesNotVisible += 1 } }
            if phase == .warm, let s = warmSince { trace.warmSpells.append(t - s); warmSince = nil }
            if to == .lost {
                lostSince = t
                reVotes = []
                switch visible { case true?: trace.lostVisible += 1; case false?: trace.lostHidden += 1; case nil: trace.lostUnknown += 1 }
            }
            if phase == .lost, to == .found, let s = lostSince { trace.reacquires += 1; trace.reacquireLatencies.append((t - s, true)); lostSince = nil }
            phase = to
        }
        let steps = trial.steps
        for (j, s) in steps.enumerated() {
            let t = s.t, line = s.line
            var isAppLog = false
            if case .end = s.step { isAppLog = true }
            if case .appPhase(let from, let to) = s.step {
                trace.appChanges.append(PhaseChange(line: causeLine, t: t, from: from, to: to))
                isAppLog = true
            } else { causeLine = line }
            // 1. the lost deadline, before anything else (the app's own log is not finder input)
            if !isAppLog, phase == .found, t - lastSeen > p.lostAfter { change(.lost, t, line) }
            switch s.step {
            case .start:
                if phase == .idle { change(.searching, t, line) }
            case .gt(let v, let b):
                visible = v; gtBox = b
                if v == true, trace.firstVisible == nil { trace.firstVisible = t }
            case .guide(let x?, let bestCell):
                updates += 1
                w = (updates == 1 && p.emaInit == .firstValue) ? x : p.alpha * x + (1 - p.alpha) * w
                if !(trial.targetPresent == true && anyFind) { trace.peakWarmth = max(trace.peakWarmth, w) }
                if phase == .searching, w >= p.warmOn {
                    change(.warm, t, line)
                } else if phase == .warm, w < p.warmOff {
                    change(.searching, t, line)
                    if p.resetVotesOnCool { votes = []; lastPassBox = nil }
                }
                if phase == .warm, visible == true, let b = gtBox, let cell = bestCell {
                    trace.cueUpdates += 1
                    let row = Double((cell - 1) / 3), col = Double((cell - 1) % 3)
                    let cellBox = NormalizedBox(x: col / 3, y: row / 3, w: 1.0 / 3, h: 1.0 / 3)
                    if cellBox.contains(x: b.x + b.w / 2, y: b.y + b.h / 2) { trace.cueHits += 1 }
                }
            case .guide(nil, _), .appPhase, .other, .end:
                break
            case .confirm(let best):
                lastConfirm = t
                let passes = best.map { $0.score >= p.foundScore } ?? false
                switch phase {
                case .warm:
                    let pass = passes
                    if pass, p.sameBoxIoU > 0, let last = lastPassBox, best!.box.iou(last) < p.sameBoxIoU {
                        votes = []  // a different box starts a new vote
                    }
                    if pass { lastPassBox = best!.box }
                    votes.append(pass)
                    if votes.count > p.n { votes.removeFirst(votes.count - p.n) }
                    if votes.filter({ $0 }).count >= p.k, let b = best {
                        votes = []; lastPassBox = nil
                        anyFind = true
                        let kind: Find.Kind
                        switch trial.targetPresent {
                        case nil: kind = .unknownTruth
                        case false?: kind = .falseAbsent
                        case true?:
                            if visible == true, let g = gtBox, b.box.iou(g) >= p.findIoU { kind = .correct } else { kind = .falseWrongBox }
                        }
                        trace.finds.append(Find(t: t, kind: kind))
                        if kind == .correct {
                            if trace.firstCorrectFind == nil { trace.firstCorrectFind = t }
                            change(.found, t, line)
                            lastSeen = t; foundBox = b.box
                        } else {
                            change(.searching, t, line)
                        }
                    }
                case .found:
                    if passes, let b = best, p.sameBoxIoU == 0 || foundBox.map({ b.box.iou($0) >= p.sameBoxIoU }) ?? true {
                        lastSeen = t; foundBox = b.box
                    }
                case .lost:
                    let ok = passes && (p.sameBoxIoU == 0 || foundBox.map({ best!.box.iou($0) >= p.sameBoxIoU }) ?? true)
                    reVotes.append(ok)
                    if reVotes.count > p.reacquireN { reVotes.removeFirst(reVotes.count - p.reacquireN) }
                    if reVotes.filter({ $0 }).count >= p.reacquireK, let b = best {
                        reVotes = []
                        change(.found, t, line)
                        lastSeen = t; foundBox = b.box
                    }
                case .idle, .searching:
                    trace.unusedConfirms += 1
                }
            }
            // time accounting: [t_j, t_{j+1}) carries the phase and visibility after record j
            if j + 1 < steps.count {
                let dt = steps[j + 1].t - t
                if dt > 0, let every = trial.liveConfirmEveryS, [.warm, .found, .lost].contains(phase) {
                    trace.uncoveredConfirmSeconds += max(0, steps[j + 1].t - max(t, lastConfirm + every))
                }
                if dt > 0 {
                    var row = trace.seconds[phase] ?? [0, 0, 0]
                    row[visible == false ? 0 : visible == true ? 1 : 2] += dt
                    trace.seconds[phase] = row
                }
            }
        }
        if let s = warmSince { trace.warmSpells.append(trial.exposure - s) }
        if let s = lostSince { trace.reacquireLatencies.append((trial.exposure - s, false)) }
        return trace
    }

    /// The first place where the replayed phase changes differ from the app's, or nil when
    /// they agree change for change (spec.md#warmth-fidelity).
    public static func firstDivergence(_ trace: FinderTrace, file: String) -> String? {
        for (i, pair) in zip(trace.changes, trace.appChanges).enumerated() where pair.0 != pair.1 {
            let (r, a) = pair
            return "\(file): change \(i + 1): the replay went \(r.from.rawValue) → \(r.to.rawValue) at line \(r.line) (t \(r.t)), the app logged \(a.from.rawValue) → \(a.to.rawValue) after line \(a.line) (t \(a.t))"
        }
        if trace.changes.count != trace.appChanges.count {
            let i = min(trace.changes.count, trace.appChanges.count)
            if i < trace.changes.count {
                let r = trace.changes[i]
                return "\(file): the replay made a change the app did not log: \(r.from.rawValue) → \(r.to.rawValue) at line \(r.line) (t \(r.t))"
            }
            let a = trace.appChanges[i]
            return "\(file): the app logged a change the replay did not make: \(a.from.rawValue) → \(a.to.rawValue) after line \(a.line) (t \(a.t))"
        }
        return nil
    }
}
