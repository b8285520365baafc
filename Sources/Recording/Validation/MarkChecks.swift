extension CaptureMarks {
    /// Marks that contradict each other or the recording, as `gt_marks` problems (row = mark
    /// id): a mark of an unknown object; a `placed` mark without a finite, bounded position
    /// or with a negative error bound; an object marked `placed` again after `removed`
    /// without a `moved` between; `removed` or `moved` of an object that is not placed; a
    /// `twin` of itself, of an unknown object or of another class; a step that stops without
    /// having started, stops before it starts, starts while already started or never stops;
    /// marks out of time order; a `guide` step without an object or frames.
    public static func contradictions(in recording: Recording) -> [RecordingProblem] {
        let labels = Dictionary(recording.groundTruthObjects.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
        let frames = Set(recording.frames.map(\.index))
        var problems: [RecordingProblem] = []
        func report(_ mark: CaptureMark, _ message: String) {
            problems.append(RecordingProblem(table: "gt_marks", row: mark.id, message: message))
        }
        /// Per object: placed (open), removed (mark id), moved since the removal.
        enum Whereabouts { case unplaced, placed, moved, removed(Int64) }
        var whereabouts: [Int64: Whereabouts] = [:]
        var openSteps: [String: CaptureMark] = [:]
        var previous: CaptureMark?
        for mark in recording.marks.sorted(by: { $0.id < $1.id }) {
            if let previous, mark.time < previous.time {
                report(mark, "t \(mark.time) is before the t \(previous.time) of mark \(previous.id)")
            }
            previous = mark
            if !mark.time.isFinite { report(mark, "t is not finite") }
            if let frame = mark.frame, !frames.contains(frame) { report(mark, "refers to frame \(frame), which does not exist") }
            if let object = mark.object, labels[object] == nil {
                report(mark, "\(mark.kind.rawValue): refers to ground-truth object \(object), which does not exist")
            }
            switch mark.kind {
            case .placed, .removed, .moved:
                guard let object = mark.object else {
                    report(mark, "\(mark.kind.rawValue): names no object")
                    continue
                }
                let state = whereabouts[object] ?? .unplaced
                if mark.kind == .placed {
                    if mark.position.map(RecordingValidator.isBounded) != true {
                        report(mark, "placed: position missing, not finite or beyond \(RecordingValidator.maximumCoordinate) m")
                    }
                    if let bound = mark.errorBound, !(bound >= 0 && bound.isFinite) {
                        report(mark, "placed: error bound \(bound) is not a finite number ≥ 0")
                    }
                    if case .removed(let removal) = state {
                        report(mark, "placed: object \(object) was removed by mark \(removal) and marked again without a 'moved' mark")
                    }
                    whereabouts[object] = .placed
                } else if mark.kind == .moved {
                    if case .unplaced = state { report(mark, "moved: object \(object) was never placed") }
                    whereabouts[object] = .moved
                } else {
                    switch state {
                    case .placed: break
                    case .unplaced: report(mark, "removed: object \(object) was never placed")
                    case .moved: report(mark, "removed: object \(object) is being moved (no 'placed' mark since)")
                    case .removed(let removal): report(mark, "removed: object \(object) was already removed by mark \(removal)")
                    }
                    whereabouts[object] = .removed(mark.id)
                }
            case .twin:
                guard let object = mark.object, let other = mark.twinOf else {
                    report(mark, "twin: needs an object and twin_of")
                    continue
                }
                if other == object {
                    report(mark, "twin: object \(object) cannot be a twin of itself")
                } else if labels[other] == nil {
                    report(mark, "twin: twin_of refers to ground-truth object \(other), which does not exist")
                } else if let label = labels[object], label != labels[other] {
                    report(mark, "twin: object \(object) (\(label)) and object \(other) (\(labels[other]!)) are of different classes")
                }
            case .stepStart, .stepStop:
                guard let step = mark.step, !step.isEmpty else {
                    report(mark, "\(mark.kind.rawValue): names no step")
                    continue
                }
                if mark.kind == .stepStart {
                    if let open = openSteps[step] { report(mark, "step_start: step '\(step)' already started by mark \(open.id)") }
                    openSteps[step] = mark
                    if step == guideStep, mark.object == nil || mark.frame == nil {
                        report(mark, "step_start: a 'guide' step needs the object guided to and a frame")
                    }
                } else if let start = openSteps.removeValue(forKey: step) {
                    if mark.time < start.time {
                        report(mark, "step_stop: step '\(step)' stops at t \(mark.time), before it started (mark \(start.id), t \(start.time))")
                    }
                    if step == guideStep, mark.frame == nil { report(mark, "step_stop: a 'guide' step needs a frame") }
                } else {
                    report(mark, "step_stop: step '\(step)' was not started")
                }
            }
        }
        for (step, start) in openSteps.sorted(by: { $0.value.id < $1.value.id }) {
            report(start, "step_start: step '\(step)' is never stopped")
        }
        return problems
    }
}
