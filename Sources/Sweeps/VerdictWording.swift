/// The words of every verdict (spec.md#sweep-verdict): the one place that turns a
/// ``Verdict``'s typed reasons into the sentences `sweep.h5` stores as `verdict_reason`, the
/// reports print, the capture plan repeats and the Python package reads.
public enum VerdictWording {
    /// The full reason: the conditions that decided the verdict, or those that failed.
    public static func reason(_ v: Verdict) -> String {
        switch v.kind {
        case .decided:
            return v.reasons.map(text).joined(separator: ", ")
        case .notIdentifiable, .consistentWithShipped:
            guard case .intervalExcludes? = v.reasons.first, v.reasons.count > 1 else { return v.reasons.map(text).joined(separator: "; ") }
            return text(v.reasons[0]) + ", but " + v.reasons.dropFirst().map(text).joined(separator: "; ")
        default:
            return v.reasons.map(text).joined(separator: "; ")
        }
    }

    /// The reason in a few words, for a headline table.
    public static func brief(_ v: Verdict) -> String {
        switch v.kind {
        case .dependsOn:
            let names = v.reasons.compactMap { reason -> String? in
                if case .overturnedBy(let name, _) = reason { return name }
                return nil
            }
            return names.joined(separator: ", ") + (names.count == 1 ? " overturns it" : " overturn it")
        case .decided:
            return v.reasons.last.map(short) ?? "decided"
        case .notIdentifiable, .consistentWithShipped:
            let failing = v.reasons.first.map { if case .intervalExcludes = $0 { return true } else { return false } } == true
                ? Array(v.reasons.dropFirst()) : v.reasons
            return failing.map(short).joined(separator: "; ")
        default:
            return v.reasons.map(short).joined(separator: "; ")
        }
    }

    /// One reason as a clause of the full reason.
    public static func text(_ reason: VerdictReason) -> String {
        let f = Verdict.number
        switch reason {
        case .noPointMeetsRule:
            return "no point meets the rule"
        case .noValueMeetsCap(let h):
            return "no value of the swept constants meets \(h.cap) on this data: at the shipped constants it is "
                + "\(f(h.shipped.estimate)) [\(f(h.shipped.lower)), \(f(h.shipped.upper))]; the least violating point (\(h.leastPoint)) "
                + "reaches \(f(h.least)), still over the cap: the rule, or the system, must change"
        case .onOpenEdge(let recommended, let low, let high, let widenings, let next):
            return "the recommendation \(f(recommended)) is on the open edge of the grid \(f(low))–\(f(high)) after "
                + "\(widenings) widening\(widenings == 1 ? "" : "s")" + (next.map { "; sweep \(f($0.lowerBound))–\(f($0.upperBound)) next" } ?? "")
        case .overturnedBy(let variant, let shift):
            guard let shift else { return "no point meets the rule in \(variant)" }
            return "\(variant) moves it by \(f(shift.value)) [\(f(shift.lower)), \(f(shift.upper))] on the same scenes"
        case .measuredAssumption(let p):
            let measured = "measured \(p.measure) \(f(p.measured.estimate)) [\(f(p.measured.lower)), \(f(p.measured.upper))] from \(p.sessions) "
                + "session\(p.sessions == 1 ? "" : "s")"
            guard let onAxis = p.onAxis else { return measured + ": it cannot be placed on the pivot's axis (outside the steps' measured range)" }
            let placed = onAxis.lowerBound == onAxis.upperBound ? "" : ", on the pivot's axis \(Verdict.range(onAxis.lowerBound, onAxis.upperBound))"
            let crossing = p.crossing.map { "the crossing between \(f($0.below)) and \($0.above == $0.below ? "" : f($0.above))" } ?? "every crossing"
            switch p.side {
            case .keeps?: return measured + placed + ", lies wholly on one side of \(crossing), where every pivot step keeps \(f(p.shipped))"
            case .changes?: return measured + placed + ", lies wholly on one side of \(crossing), where every pivot step changes \(f(p.shipped)) (the rule picks \(p.pick))"
            case nil: return measured + placed + ", reaches into \(crossing) or the steps beside it disagree: it does not settle the verdict"
            }
        case .intervalHoldsShipped(let shipped):
            return "the interval holds the shipped value \(f(shipped))"
        case .intervalWide:
            return "the interval spans half the swept range or more"
        case .intervalExcludes(let shipped):
            return "the interval excludes \(f(shipped))"
        case .intervalAtOpenEdge:
            return "the interval reaches an open edge of the grid"
        case .noVariantsRun:
            return "no simulator-assumption variant was run"
        case .variantsTooWeak(let names):
            return "variants too weak to rule out the shipped value (\(names.joined(separator: ", ")))"
        case .unstable(let floor):
            return "stability below \(f(floor * 100)) %"
        case .gainBelowPractical(let gain, let practical):
            return "the gain \(gain.map(f) ?? "n/a") is below the practical threshold \(f(practical))"
        case .noPracticalThreshold:
            return "no practical threshold is declared"
        case .tooFewSessions(let have, let need):
            return "only \(have) recorded session\(have == 1 ? "" : "s") (the verdict's minimum is \(need))"
        case .tooFewEvents(let have, let need):
            return "only \(have) events behind the rule's metric (the verdict's minimum is \(need))"
        case .decided(let gain, let practical, let source, let events):
            let agreed: String
            switch source {
            case .simulated: agreed = "every variant agrees"
            case .recorded(let sessions, let clusters):
                agreed = "\(sessions) recorded sessions (\(clusters) resampled clusters) and \(events) events reach the verdict's minimums"
            }
            return agreed + ", the gain " + (gain.map { $0.isFinite ? f($0) : "is that the shipped value breaks the rule" } ?? "n/a")
                + (gain?.isFinite == true ? " reaches the practical threshold \(f(practical ?? 0))" : "")
        }
    }

    /// One reason in a few words.
    public static func short(_ reason: VerdictReason) -> String {
        let f = Verdict.number
        switch reason {
        case .noPointMeetsRule: return "no point meets the rule"
        case .noValueMeetsCap(let h): return "shipped \(f(h.shipped.estimate)), least harmful \(f(h.least)) against \(h.cap)"
        case .onOpenEdge(_, _, _, _, let next):
            return next.map { "sweep \(f($0.lowerBound))–\(f($0.upperBound)) next" } ?? "on the grid's open edge"
        case .overturnedBy(let variant, _): return variant
        case .measuredAssumption(let p):
            switch p.side {
            case .keeps?: return "measured \(f(p.measured.estimate)): keep \(f(p.shipped))"
            case .changes?: return "measured \(f(p.measured.estimate)): the rule picks \(p.pick)"
            case nil: return "measured \(f(p.measured.estimate)) does not settle it"
            }
        case .intervalHoldsShipped(let shipped): return "interval holds \(f(shipped))"
        case .intervalWide: return "interval spans half the range"
        case .intervalExcludes(let shipped): return "interval excludes \(f(shipped))"
        case .intervalAtOpenEdge: return "interval at an open edge"
        case .noVariantsRun: return "no variants run"
        case .variantsTooWeak(let names): return "\(names.count) variant\(names.count == 1 ? "" : "s") too weak"
        case .unstable: return "unstable"
        case .gainBelowPractical(let gain, let practical): return "gain \(gain.map(f) ?? "n/a") < practical \(f(practical))"
        case .noPracticalThreshold: return "no practical threshold"
        case .tooFewSessions(let have, let need): return "\(have) < \(need) sessions"
        case .tooFewEvents(let have, let need): return "\(have) < \(need) events"
        case .decided(let gain, let practical, _, _):
            return gain.map { $0.isFinite ? "gain \(f($0)) ≥ practical \(f(practical ?? 0))" : "shipped breaks the rule" } ?? "decided"
        }
    }
}
