extension AppDecision {
    /// One defect of a decision record on its own: the field (JSON name) and what is wrong.
    public struct FieldProblem: Equatable, Sendable, CustomStringConvertible {
        /// The field at fault (`gap`, `evidence[1].frame`, …); empty for the record as a whole.
        public var field: String
        /// What is wrong.
        public var message: String

        /// Creates a problem.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }

        public var description: String { field.isEmpty ? message : "\(field): \(message)" }
    }

    /// The kind-specific fields this record has (JSON names), in the order of the format.
    public var presentFields: [String] {
        let present: [(String, Bool)] = [
            ("detection", detection != nil), ("label", label != nil), ("rule", mergeRule != nil || lockOnBranch != nil),
            ("position", position != nil), ("gap", gap != nil), ("clamped", clamped != nil), ("snapped", snapped != nil),
            ("followed", followed != nil), ("look", look != nil), ("reason", noEvidenceReason != nil),
            ("samples", absentSamples != nil), ("missing", missing != nil), ("evidence", !evidence.isEmpty),
            ("state", arrivalState != nil),
        ]
        return present.filter(\.1).map(\.0)
    }

    /// Everything wrong with this record on its own (references to frames and detections are
    /// the validator's job): kind-specific fields missing or not applying to its kind, and
    /// values out of range. Empty when the record is sound.
    public func fieldProblems() -> [FieldProblem] {
        var problems: [FieldProblem] = []
        func fail(_ field: String, _ message: String) { problems.append(FieldProblem(field: field, message: message)) }
        if !time.isFinite { fail("t", "\(time) is not finite") }
        if instance.isEmpty { fail("instance", "is empty") }
        let present = Set(presentFields)
        var required = kind.requiredFields
        var allowed = Set(required + kind.optionalFields)
        if kind == .instance {
            if mergeRule == .new { required.append("position") } else { allowed.remove("position") }
        }
        for field in required where !present.contains(field) { fail(field, "missing (required for kind \(kind.rawValue))") }
        for field in presentFields where !allowed.contains(field) {
            let detail = kind == .instance && field == "position" ? " other than rule new" : ""
            fail(field, "does not apply to kind \(kind.rawValue)\(detail)")
        }
        if kind == .instance, let branch = lockOnBranch { fail("rule", "'\(branch.rawValue)' is a lock-on branch, not a merge rule") }
        if kind == .lockOn, let rule = mergeRule { fail("rule", "'\(rule.rawValue)' is a merge rule, not a lock-on branch") }
        if let position, !(position.x.isFinite && position.y.isFinite && position.z.isFinite) {
            fail("position", "has non-finite coordinates")
        }
        if let gap, !(gap.isFinite && gap >= 0) { fail("gap", "\(gap) is not a finite distance ≥ 0") }
        if [clamped, snapped, followed].count(where: { $0 == true }) > 1 {
            fail("", "at most one of clamped, snapped and followed can be true")
        }
        if noEvidenceReason != nil, let look, look != .noEvidence { fail("reason", "applies to look no_evidence only") }
        if let absentSamples, absentSamples < 0 { fail("samples", "\(absentSamples) is negative") }
        problems += evidenceProblems()
        return problems
    }

    private func evidenceProblems() -> [FieldProblem] {
        guard kind == .missingFlip, let missing else { return [] }
        var problems: [FieldProblem] = []
        var previous: Int64?
        for (index, sample) in evidence.enumerated() {
            let field = "evidence[\(index)]"
            if sample.frame > frame { problems.append(FieldProblem(field: field + ".frame", message: "\(sample.frame) is after the flip's frame \(frame)")) }
            if let previous, sample.frame < previous {
                problems.append(FieldProblem(field: field + ".frame", message: "\(sample.frame) is before the previous sample's \(previous)"))
            }
            if !sample.time.isFinite { problems.append(FieldProblem(field: field + ".t", message: "\(sample.time) is not finite")) }
            let fits = missing ? sample.look == .absent : sample.look != .absent
            if !fits {
                let expected = missing ? "absent (a flip to missing rests on absent samples)" : "covered or reanchor (a flip back rests on a sighting)"
                problems.append(FieldProblem(field: field + ".look", message: "'\(sample.look.rawValue)' should be \(expected)"))
            }
            previous = sample.frame
        }
        return problems
    }
}
