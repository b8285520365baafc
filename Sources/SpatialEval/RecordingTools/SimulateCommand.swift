import Foundation
import Recording
import Simulation

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
        Exit status: 0 written, 1 write failure, 64 usage error.
        """
    static let scenario = OptionKey<Scenario?>("scenario", "NAME", "Scenario to simulate.")
    static let seed = OptionKey<UInt64?>("seed", "N", "Random seed (unsigned 64-bit integer).")
    static let out = OptionKey<String?>("out", "FILE", "Recording (SQLite) to write.")
    static let duration = OptionKey<Double?>(
        "duration", "SECONDS", "Capture length; the scenario's path is stretched to it.", bounds: .atLeast(1))
    static let config = OptionKey<String?>("config", "FILE.json", "JSON configuration replacing the defaults.")
    static let printConfig = OptionKey<Bool>(flag: "print-config", "Print the default configuration as JSON and exit.")
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.scenario, Self.seed, Self.out, Self.duration, Self.config, Self.printConfig]
    let usageForms = [
        UsageForm([Self.scenario, Self.seed, Self.out], optional: [Self.duration, Self.config]),
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
        try RecordingStore.write(capture.recording, to: path)
        let recording = capture.recording
        output.out("\(path): \(scenario.rawValue) seed \(seed), \(recording.frames.count) frames, "
            + "\(recording.detections.count) detections, \(recording.depthGrids.count) depth grids, "
            + "\(recording.groundTruthObjects.count) objects, \(recording.groundTruthBoxes.count) gt boxes\n")
        return .success
    }

    /// Reads a configuration file; a usage error names the file when it cannot be used.
    static func configuration(at path: String) throws -> SimulationConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read configuration file \(path)")
        }
        do {
            return try JSONDecoder().decode(SimulationConfiguration.self, from: data)
        } catch {
            throw UsageError("\(path): not a simulation configuration: \(error)")
        }
    }

    /// `value` as pretty, key-sorted JSON.
    static func json(_ value: SimulationConfiguration) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension Scenario: OptionValue {}
