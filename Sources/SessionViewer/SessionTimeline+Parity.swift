import Evaluation
import Recording
import Replay

extension SessionTimeline {
    /// Both sides of `spatial-eval parity` on `recording` (nil without an app decision log),
    /// and the timeline event of the first divergence.
    static func paritySides(
        _ recording: Recording, configuration: ReplayConfiguration, at: (Int64) -> Int
    ) -> (sides: ParitySides, divergence: TimelineEvent?)? {
        guard !recording.decisions.isEmpty else { return nil }
        let replica = ParityReplay.replicaDecisions(recording, configuration: configuration)
        let comparison = DecisionComparison.compare(app: recording.decisions, replica: replica)
        let order = { (a: AppDecision, b: AppDecision) in (a.frame, a.kind.rank, a.id) < (b.frame, b.kind.rank, b.id) }
        let line = { (d: AppDecision) in DecisionLine(frame: at(d.frame), kind: d.kind.rawValue, instance: d.instance, summary: summary(d)) }
        var divergence: TimelineEvent?
        if let first = comparison.firstDivergence {
            let fields = first.app == nil ? "only replicas" : first.replica == nil ? "only app"
                : first.differences.map { "\($0.field): app \($0.app), replicas \($0.replica)" }.joined(separator: "; ")
            divergence = TimelineEvent(lane: .parity, frame: at(first.frame), time: first.time, instance: nil,
                                       detail: .divergence(kind: first.kind.rawValue, fields: fields))
        }
        let sides = ParitySides(
            app: recording.decisions.sorted(by: order).map(line), replica: replica.sorted(by: order).map(line),
            agreement: comparison.kinds.map { KindAgreement(kind: $0.kind.rawValue, value: $0.agreement) },
            firstDivergence: comparison.firstDivergence.map { at($0.frame) })
        return (sides, divergence)
    }

    /// A decision's kind-specific fields in a few words.
    static func summary(_ d: AppDecision) -> String {
        var parts: [String] = []
        if let detection = d.detection { parts.append("det \(detection)") }
        if let rule = d.mergeRule { parts.append(rule.rawValue) }
        if let gap = d.gap { parts.append("gap " + fixed(gap, 3)) }
        if d.clamped == true { parts.append("clamped") }
        if d.snapped == true { parts.append("snapped") }
        if d.followed == true { parts.append("followed") }
        if let look = d.look { parts.append(look.rawValue) }
        if let reason = d.noEvidenceReason { parts.append(reason.rawValue) }
        if let samples = d.absentSamples { parts.append("n \(samples)") }
        if let missing = d.missing { parts.append(missing ? "to missing" : "back") }
        if let branch = d.lockOnBranch { parts.append(branch.rawValue) }
        if let state = d.arrivalState { parts.append(state.rawValue) }
        if let p = d.position { parts.append("at (\(fixed(p.x, 2)), \(fixed(p.z, 2)))") }
        return parts.joined(separator: " ")
    }
}

/// `value` with `digits` decimals (no locale).
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value > 0 ? "inf" : "-inf" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == 0 { return digits == 0 ? "0" : "0." + String(repeating: "0", count: digits) }
    let negative = rounded < 0
    let units = Int64((abs(rounded) * scale).rounded())
    let whole = units / Int64(scale), fraction = units % Int64(scale)
    var text = String(whole)
    if digits > 0 {
        let f = String(fraction)
        text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return negative ? "-" + text : text
}
