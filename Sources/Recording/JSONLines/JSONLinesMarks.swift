/// Converts `mark` records of JSON Lines to `CaptureMark`, checking the fields each kind of
/// mark needs: `placed` a position (and an error bound ≥ 0 when given), `twin` a `twin_of`,
/// `step_start` and `step_stop` a `step`; `removed`, `moved` and `twin` an `object`.
enum JSONLinesMarks {
    /// The mark of `record`, its id assigned from `ids`.
    static func mark(_ record: JSONLinesRecord.Mark, ids: inout IdentifierTable, line: Int) throws(JSONLinesFieldError) -> CaptureMark {
        guard let kind = CaptureMark.Kind(rawValue: record.mark) else {
            let names = CaptureMark.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw JSONLinesFieldError(field: "mark", message: "unknown value '\(record.mark)' (expected one of \(names))")
        }
        func required(_ present: Bool, _ field: String) throws(JSONLinesFieldError) {
            if !present { throw JSONLinesFieldError(field: field, message: "missing (required for mark \(kind.rawValue))") }
        }
        var mark = CaptureMark(
            id: try ids.assign(record.id, field: "id", line: line), time: try JSONLinesDecoding.finite(record.t, "t"),
            frame: record.frame, object: record.object, kind: kind, twinOf: record.twinOf, step: record.step, note: record.note)
        switch kind {
        case .placed:
            try required(record.object != nil, "object")
            try required(record.position != nil, "position")
            let xyz = try JSONLinesDecoding.numbers(record.position!, count: 3, "position")
            mark.position = SIMD3(xyz[0], xyz[1], xyz[2])
            if let bound = record.errorBound {
                guard bound.isFinite, bound >= 0 else {
                    throw JSONLinesFieldError(field: "error_bound", message: "must be a finite number ≥ 0, found \(bound)")
                }
                mark.errorBound = bound
            }
        case .removed, .moved:
            try required(record.object != nil, "object")
        case .twin:
            try required(record.object != nil, "object")
            try required(record.twinOf != nil, "twin_of")
        case .stepStart, .stepStop:
            try required(record.step.map { !$0.isEmpty } ?? false, "step")
        }
        return mark
    }
}
