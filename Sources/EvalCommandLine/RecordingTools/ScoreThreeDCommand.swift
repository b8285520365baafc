import EvalMetrics
import Evaluation
import Recording

/// `spatial-eval score-3d`: the 3-D tracking of the memory scored on point frames from a file
/// (what `evaluate-recording --dump-3d` writes, or any other source).
struct ScoreThreeDCommand: Command {
    let name = "score-3d"
    let summary = "Score 3-D tracking (MOTA-3D, MOTP-3D) on point frames from a CSV file, with every per-frame event in JSON."
    let discussion = """
        Reads per frame the truth points and the hypothesis points (columns frame, kind, id, \
        x, y, z; the format evaluate-recording --dump-3d writes) and scores them as \
        evaluate-recording scores the memory: py-motmetrics 1.4.0's accumulator on the 3-D \
        centre distance, pairs at or beyond the gate unable to match, an object's last match \
        continued after frames without one. Without --gate, the gates 0.35, 1 and 2 m. The \
        table prints MOTA-3D, MOTP-3D and the counts per gate; JSON adds every event of \
        every frame (MATCH, SWITCH, MISS, FP, TRANSFER, ASCEND, MIGRATE, as motmetrics' \
        mot_events lists them). Definitions: Docs/recording-metrics.md. Exit status: 0 \
        success, 1 bad input, 64 usage error.
        """
    static let file = Positional<String>("POINTS.csv", "Point frames (frame, kind, id, x, y, z).")
    static let gate = OptionKey<Double?>("gate", "M", "One gate in metres (default: 0.35, 1 and 2).", bounds: .above(0))
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = [Self.file]
    let options: [any CommandOption] = [Self.gate, Self.format]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.file]
        let frames = try PointFramesCSV.read(path)
        let gates = arguments[Self.gate].map { [$0] } ?? RecordingSpatialJob.defaultGates
        guard arguments[Self.format] == .json else {
            let counts = gates.map { CentreDistanceTracking.evaluate(frames, gate: $0) }
            let points = frames.reduce(0) { $0 + $1.truth.count + $1.hypotheses.count }
            output.out((["\(path): \(frames.count) frames, \(points) points", ""]
                + RecordingEvaluationFormatting.tracking3DTable(counts)).joined(separator: "\n") + "\n")
            return .success
        }
        var w = JSONWriter()
        w.beginObject()
        w.string("points", path)
        w.integer("frames", frames.count)
        w.beginArray("gates")
        for gate in gates {
            var events: [MotmetricsEvent]? = []
            let counts = CentreDistanceTracking.evaluate(frames, gate: gate, events: &events)
            w.beginObject()
            RecordingEvaluationFormatting.tracking3DFields(&w, counts)
            w.beginArray("events")
            for event in events ?? [] { w.raw(nil, Self.json(event)) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        output.out(w.text + "\n")
        return .success
    }

    /// One event on one line: `{"frame": F, "type": "MATCH", "object": O, "hypothesis": H, "distance_m": D}`,
    /// `null` for the missing side and distance.
    static func json(_ event: MotmetricsEvent) -> String {
        let object = event.object.map(String.init) ?? "null", hypothesis = event.hypothesis.map(String.init) ?? "null"
        let distance = event.distance.isNaN ? "null" : "\(event.distance)"
        return "{\"frame\": \(event.frame), \"type\": \"\(event.kind.rawValue)\", \"object\": \(object), "
            + "\"hypothesis\": \(hypothesis), \"distance_m\": \(distance)}"
    }
}
