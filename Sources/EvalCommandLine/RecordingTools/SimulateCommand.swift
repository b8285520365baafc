import Evaluation
import Foundation
import Recording
import Simulation
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval simulate`: writes a simulated capture with labelled ground truth.
struct SimulateCommand: Command {
    let name = "simulate"
    let summary = "Simulate a capture (camera, detector, LiDAR, depth network) with ground truth into a recording."
    let discussion = """
        Deterministic: the same scenario, seed, duration and configuration give a \
        byte-identical file. --duration stretches the scenario's camera path and events \
        (defaults: walkaway-reapproach and low-light 60 s, twins-moved and absence 40 s). \
        --config reads a JSON SimulationConfiguration (see --print-config for every \
        parameter and Docs/spec.md#simulator for the figure behind each default). \
        --with-decisions also writes the replicas' own decisions as the app decision log \
        (schema v2), for trying 'spatial-eval parity' (Docs/app-decision-logs.md). \
        --as-recorded writes the session as an app with the recorder would: source app, no \
        labelled boxes, no true depth, no simulator keys in meta, ground truth only as marks \
        (true-frame: every placement exact in the simulator's frame; phone: each placement \
        marked at the object's first clear view, in the drifting recorded frame, displaced \
        within --mark-error metres; Docs/spec.md#as-recorded-sessions). \
        Exit status: 0 written, 1 bad configuration or write failure, 64 usage error.
        """
    static let scenario = OptionKey<Scenario?>("scenario", "NAME", "Scenario to simulate.")
    static let seed = OptionKey<UInt64?>("seed", "N", "Random seed (unsigned 64-bit integer).")
    static let out = OptionKey<String?>("out", "FILE", "Recording (SQLite) to write.")
    static let duration = OptionKey<Double?>(
        "duration", "SECONDS", "Capture length; the scenario's path is stretched to it.",
        bounds: .within(1...SimulationConfiguration.maximumDuration))
    static let config = OptionKey<String?>("config", "FILE.json", "JSON configuration replacing the defaults.")
    static let printConfig = OptionKey<Bool>(flag: "print-config", "Print the default configuration as JSON and exit.")
    static let withDecisions = OptionKey<Bool>(
        flag: "with-decisions", "Also log the replicas' decisions (shipped constants) as app decisions.")
    static let asRecorded = OptionKey<MarkFrame?>("as-recorded", "MARKS", "Write the session as recorded, ground truth from marks only.")
    static let markError = OptionKey<Double>(
        "mark-error", "METRES", "The marks' error bound with --as-recorded.", default: 0.05, bounds: .within(0...1))
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [
        Self.scenario, Self.seed, Self.out, Self.duration, Self.config, Self.printConfig, Self.withDecisions, Self.asRecorded, Self.markError,
    ]
    let usageForms = [
        UsageForm([Self.scenario, Self.seed, Self.out], optional: [Self.duration, Self.config, Self.withDecisions, Self.asRecorded, Self.markError]),
        UsageForm([Self.printConfig]),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        if arguments[Self.printConfig] {
            output.out(try Self.json(SimulationConfiguration()) + "\n")
            return .success
        }
        guard let scenario = arguments[Self.scenario] else {
            throw UsageError("give --scenario (\(Scenario.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let seed = arguments[Self.seed] else { throw UsageError("give --seed N, an unsigned 64-bit integer") }
        guard let path = arguments[Self.out] else { throw UsageError("give --out FILE") }
        let duration = arguments[Self.duration]
        let configuration = try arguments[Self.config].map(Self.configuration(at:)) ?? SimulationConfiguration()
        let capture = CaptureSimulator(configuration: configuration).simulate(scenario, seed: seed, duration: duration)
        var written = capture
        if let marks = arguments[Self.asRecorded] {
            written.recording = AsRecordedSession.recording(of: capture, marks: marks, errorBound: arguments[Self.markError], seed: seed)
        }
        let recording = arguments[Self.withDecisions] ? ReplicaDecisionLog.attach(to: written.recording) : written.recording
        try RecordingStore.write(recording, to: path)
        output.out("\(path): \(scenario.rawValue) seed \(seed), \(recording.frames.count) frames, "
            + "\(recording.detections.count) detections, \(recording.depthGrids.count) depth grids, "
            + "\(recording.groundTruthObjects.count) objects, \(recording.groundTruthBoxes.count) gt boxes"
            + (recording.decisions.isEmpty ? "" : ", \(recording.decisions.count) app decisions")
            + (recording.marks.isEmpty ? "" : ", \(recording.marks.count) marks") + "\n")
        return .success
    }

    /// Reads a configuration file; an input error (exit 1) names the file, and the key
    /// when a value is out of range (spec.md#limits-simulator).
    static func configuration(at path: String) throws -> SimulationConfiguration {
        let data = try TextFile.read(path, kind: "a simulation configuration")
        let configuration: SimulationConfiguration
        do {
            configuration = try JSONDecoder().decode(SimulationConfiguration.self, from: data)
        } catch let error as DecodingError {
            throw InputError(file: path, message: "not a simulation configuration: \(Self.describe(error))")
        } catch {
            throw InputError(file: path, message: "not a simulation configuration: is not valid JSON")
        }
        if let problem = configuration.problem() { throw InputError(file: path, message: "key '\(problem.prefix { $0 != ":" })'\(problem.drop { $0 != ":" })") }
        return configuration
    }

    /// A decoding error as "key 'a.b': what", or "is not valid JSON" when no key is at fault.
    static func describe(_ error: DecodingError) -> String {
        func key(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "is not valid JSON" : "key '\(key(context.codingPath))': \(context.debugDescription)"
        case .keyNotFound(let missing, let context): return "key '\(key(context.codingPath + [missing]))': missing"
        case .typeMismatch(let type, let context): return "key '\(key(context.codingPath))': expected \(type)"
        case .valueNotFound(let type, let context): return "key '\(key(context.codingPath))': expected \(type), found null"
        @unknown default: return "\(error)"
        }
    }

    /// `value` as pretty, key-sorted JSON.
    static func json(_ value: SimulationConfiguration) throws -> String {
        try JSONText.string(value)
    }
}

extension Scenario: OptionValue {}

extension MarkFrame: OptionValue {}
