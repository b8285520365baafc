extension RecordingValidator {
    /// How far a decision's `t` may be from its frame's `t`, seconds (both are copies of one clock).
    static let decisionTimeTolerance = 1e-6

    /// The problems of the app decisions (tables `app_decisions` and `app_decision_evidence`,
    /// row = the decision's id): each record's own field problems, frames that do not exist,
    /// times that are not their frame's, detections that do not exist or lie on another frame.
    func decisionProblems(_ recording: Recording, frames: [Int64: Frame]) -> [RecordingProblem] {
        let detectionFrames = Dictionary(recording.detections.map { ($0.id, $0.frame) }, uniquingKeysWith: { first, _ in first })
        func timeProblem(frame: Int64, time: Double) -> String? {
            guard let frameTime = frames[frame]?.time else { return "refers to frame \(frame), which does not exist" }
            guard time.isFinite, abs(time - frameTime) <= Self.decisionTimeTolerance else {
                return "t \(time) is not the t \(frameTime) of frame \(frame)"
            }
            return nil
        }
        var found: [RecordingProblem] = []
        for decision in recording.decisions {
            var messages = decision.fieldProblems().map(\.description)
            messages += [timeProblem(frame: decision.frame, time: decision.time)].compactMap { $0 }
            if let detection = decision.detection {
                if let frame = detectionFrames[detection] {
                    if frame != decision.frame { messages.append("detection \(detection) is on frame \(frame), not on frame \(decision.frame)") }
                } else {
                    messages.append("refers to detection \(detection), which does not exist")
                }
            }
            found += messages.map { RecordingProblem(table: "app_decisions", row: decision.id, message: "\(decision.kind.rawValue): \($0)") }
            for (index, sample) in decision.evidence.enumerated() {
                if let problem = timeProblem(frame: sample.frame, time: sample.time) {
                    found.append(RecordingProblem(table: "app_decision_evidence", row: decision.id, message: "sample \(index): \(problem)"))
                }
            }
        }
        return found
    }
}
