/// Converts `decision` records of JSON Lines to and from `AppDecision`, checking what JSON
/// types cannot: known kinds and values, the fields each kind needs (``AppDecision/fieldProblems()``).
///
/// `t` may be left out (of the record and of its evidence samples): it is then the frame's
/// `t`, filled in by the reader once every frame is known; until then it is NaN.
enum JSONLinesDecisions {
    /// The decision of `record`, its id assigned from `ids`.
    static func decision(_ record: JSONLinesRecord.Decision, ids: inout IdentifierTable, line: Int) throws(JSONLinesFieldError) -> AppDecision {
        let kind = try choice(record.kind, "kind", AppDecision.Kind.self)
        var decision = AppDecision(
            id: try ids.assign(record.id, field: "id", line: line), frame: record.frame,
            time: try record.t.map { (t) throws(JSONLinesFieldError) in try JSONLinesDecoding.finite(t, "t") } ?? .nan,
            kind: kind, instance: record.instance, detection: record.detection, label: record.label,
            gap: try record.gap.map { (gap) throws(JSONLinesFieldError) in try JSONLinesDecoding.finite(gap, "gap") },
            clamped: record.clamped, snapped: record.snapped, followed: record.followed,
            look: try record.look.map { (text) throws(JSONLinesFieldError) in try choice(text, "look", AppDecision.Look.self) },
            noEvidenceReason: try record.reason.map { (text) throws(JSONLinesFieldError) in
                try choice(text, "reason", AppDecision.NoEvidenceReason.self)
            },
            absentSamples: record.samples, missing: record.missing,
            arrivalState: try record.state.map { (text) throws(JSONLinesFieldError) in try choice(text, "state", AppDecision.ArrivalState.self) })
        if let position = record.position {
            let xyz = try JSONLinesDecoding.numbers(position, count: 3, "position")
            decision.position = SIMD3(xyz[0], xyz[1], xyz[2])
        }
        if let rule = record.rule {
            switch kind {
            case .lockOn: decision.lockOnBranch = try choice(rule, "rule", AppDecision.LockOnBranch.self)
            case .instance: decision.mergeRule = try choice(rule, "rule", AppDecision.MergeRule.self)
            default: throw JSONLinesFieldError(field: "rule", message: "does not apply to kind \(kind.rawValue)")
            }
        }
        for (index, sample) in (record.evidence ?? []).enumerated() {
            decision.evidence.append(AppDecision.EvidenceSample(
                frame: sample.frame,
                time: try sample.t.map { (t) throws(JSONLinesFieldError) in try JSONLinesDecoding.finite(t, "evidence[\(index)].t") } ?? .nan,
                look: try choice(sample.look, "evidence[\(index)].look", AppDecision.EvidenceLook.self)))
        }
        var checked = decision
        if checked.time.isNaN { checked.time = 0 }
        for index in checked.evidence.indices where checked.evidence[index].time.isNaN { checked.evidence[index].time = 0 }
        if let problem = checked.fieldProblems().first {
            throw JSONLinesFieldError(field: problem.field, message: problem.message)
        }
        return decision
    }

    /// The record of `decision`, every field it has written.
    static func record(_ decision: AppDecision) -> JSONLinesRecord.Decision {
        JSONLinesRecord.Decision(
            id: decision.id, frame: decision.frame, t: decision.time, kind: decision.kind.rawValue, instance: decision.instance,
            detection: decision.detection, label: decision.label, rule: decision.mergeRule?.rawValue ?? decision.lockOnBranch?.rawValue,
            position: decision.position.map { [$0.x, $0.y, $0.z] }, gap: decision.gap, clamped: decision.clamped,
            snapped: decision.snapped, followed: decision.followed, look: decision.look?.rawValue,
            reason: decision.noEvidenceReason?.rawValue, samples: decision.absentSamples, missing: decision.missing,
            evidence: decision.evidence.isEmpty ? nil : decision.evidence.map {
                JSONLinesRecord.EvidenceSample(frame: $0.frame, t: $0.time, look: $0.look.rawValue)
            },
            state: decision.arrivalState?.rawValue)
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ text: String, _ field: String, _: Choice.Type
    ) throws(JSONLinesFieldError) -> Choice where Choice.RawValue == String {
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw JSONLinesFieldError(field: field, message: "unknown value '\(text)' (expected one of \(names))")
        }
        return value
    }
}
