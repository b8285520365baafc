// How app decisions map to the rows of `app_decisions` and `app_decision_evidence` (schema
// version 2; see `RecordingSchema.decisionStatements` and `Docs/recording-format.md`).

extension AppDecision: TableRecord {
    static let table = "app_decisions"
    static let columns = [
        "id", "frame", "t", "kind", "instance", "detection", "label", "rule", "x", "y", "z", "gap", "clamped", "snapped",
        "followed", "look", "reason", "samples", "missing", "state",
    ]
    var sqlValues: [SQLiteValue] {
        func flag(_ value: Bool?) -> SQLiteValue { .integer(value.map { $0 ? 1 : 0 }) }
        return [
            .integer(id), .integer(frame), .real(time), .text(kind.rawValue), .text(instance), .integer(detection), .text(label),
            .text(mergeRule?.rawValue ?? lockOnBranch?.rawValue),
        ] + SQLiteValue.vector(position) + [
            .real(gap), flag(clamped), flag(snapped), flag(followed), .text(look?.rawValue), .text(noEvidenceReason?.rawValue),
            .integer(absentSamples.map(Int64.init)), flag(missing), .text(arrivalState?.rawValue),
        ]
    }

    /// Decodes a row without its evidence samples (`RecordingStore` attaches them).
    init(row: RowReader) throws(RowDecodingError) {
        let kindText = try row.text("kind")
        guard let kind = Kind(rawValue: kindText) else {
            throw row.failure("kind", "unknown decision kind '\(kindText)' (expected one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let ruleText = try row.optionalText("rule")
        var mergeRule: MergeRule?
        var branch: LockOnBranch?
        if let ruleText {
            switch kind {
            case .instance: mergeRule = try row.choice("rule", ruleText, MergeRule.self)
            case .lockOn: branch = try row.choice("rule", ruleText, LockOnBranch.self)
            default: throw row.failure("rule", "does not apply to kind \(kind.rawValue)")
            }
        }
        let coordinates = [try row.optionalReal("x"), try row.optionalReal("y"), try row.optionalReal("z")]
        var position: SIMD3<Double>?
        if let x = coordinates[0], let y = coordinates[1], let z = coordinates[2] {
            position = SIMD3(x, y, z)
        } else if coordinates.contains(where: { $0 != nil }) {
            throw row.failure("x/y/z", "partly NULL")
        }
        self.init(
            id: try row.integer("id"), frame: try row.integer("frame"), time: try row.real("t"), kind: kind,
            instance: try row.text("instance"), detection: try row.optionalInteger("detection"), label: try row.optionalText("label"),
            mergeRule: mergeRule, position: position, gap: try row.optionalReal("gap"), clamped: try row.optionalFlag("clamped"),
            snapped: try row.optionalFlag("snapped"), followed: try row.optionalFlag("followed"),
            look: try row.optionalText("look").map { (text) throws(RowDecodingError) in try row.choice("look", text, Look.self) },
            noEvidenceReason: try row.optionalText("reason").map { (text) throws(RowDecodingError) in
                try row.choice("reason", text, NoEvidenceReason.self)
            },
            absentSamples: try row.optionalInteger("samples").map { Int($0) }, missing: try row.optionalFlag("missing"),
            lockOnBranch: branch,
            arrivalState: try row.optionalText("state").map { (text) throws(RowDecodingError) in
                try row.choice("state", text, ArrivalState.self)
            })
    }
}

/// One row of `app_decision_evidence`: sample `sample` (from 0) behind missing flip `decision`.
struct DecisionEvidenceRow: TableRecord, Equatable {
    var decision: Int64
    var sample: Int64
    var evidence: AppDecision.EvidenceSample

    static let table = "app_decision_evidence"
    static let columns = ["decision", "sample", "frame", "t", "look"]
    var sqlValues: [SQLiteValue] {
        [.integer(decision), .integer(sample), .integer(evidence.frame), .real(evidence.time), .text(evidence.look.rawValue)]
    }
    init(decision: Int64, sample: Int64, evidence: AppDecision.EvidenceSample) {
        self.decision = decision
        self.sample = sample
        self.evidence = evidence
    }
    init(row: RowReader) throws(RowDecodingError) {
        self.init(
            decision: try row.integer("decision"), sample: try row.integer("sample"),
            evidence: AppDecision.EvidenceSample(
                frame: try row.integer("frame"), time: try row.real("t"),
                look: try row.choice("look", try row.text("look"), AppDecision.EvidenceLook.self)))
    }

    /// The evidence rows of `decisions`, in id order, samples numbered from 0.
    static func rows(of decisions: [AppDecision]) -> [DecisionEvidenceRow] {
        decisions.flatMap { decision in
            decision.evidence.enumerated().map { DecisionEvidenceRow(decision: decision.id, sample: Int64($0.offset), evidence: $0.element) }
        }
    }

    /// `decisions` with the samples of `rows` attached in sample order.
    /// - Throws: `RowDecodingError` for a row whose decision does not exist.
    static func attach(_ rows: [DecisionEvidenceRow], to decisions: [AppDecision]) throws(RowDecodingError) -> [AppDecision] {
        var result = decisions
        var index: [Int64: Int] = [:]
        for (i, decision) in decisions.enumerated() { index[decision.id] = i }
        for row in rows.sorted(by: { ($0.decision, $0.sample) < ($1.decision, $1.sample) }) {
            guard let i = index[row.decision] else {
                throw RowDecodingError(
                    table: table, key: String(row.decision), column: "decision",
                    message: "refers to decision \(row.decision), which does not exist")
            }
            result[i].evidence.append(row.evidence)
        }
        return result
    }
}

extension RowReader {
    /// An INTEGER 0/1 column as a flag; nil when NULL.
    func optionalFlag(_ column: String) throws(RowDecodingError) -> Bool? {
        guard let value = try optionalInteger(column) else { return nil }
        guard value == 0 || value == 1 else { throw failure(column, "expected 0 or 1, found \(value)") }
        return value == 1
    }

    /// `text` as a value of the closed set `Choice`, or a failure listing the allowed values.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ column: String, _ text: String, _: Choice.Type
    ) throws(RowDecodingError) -> Choice where Choice.RawValue == String {
        guard let value = Choice(rawValue: text) else {
            throw failure(column, "unknown value '\(text)' (expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }
}
