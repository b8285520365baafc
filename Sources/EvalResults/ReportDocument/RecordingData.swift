import Simulation

/// Where one recording's data came from, as its `meta` table states it: simulated (the
/// simulator's revision, scenario and seed) or recorded (its source and device).
public struct RecordingData: Sendable, Equatable {
    /// The `meta` keys kept, in the order they are stored.
    public static let metaKeys = ["source", "simulator", "scenario", "seed", "device"]

    /// `meta.source` (e.g. `simulator`, `import`); empty when the recording does not say.
    public var source: String
    /// `meta.simulator`, e.g. `SpatialEval Simulation 2`; empty for recorded data.
    public var simulator: String
    /// `meta.scenario`; empty when absent.
    public var scenario: String
    /// `meta.seed`; empty when absent.
    public var seed: String
    /// `meta.device`; empty when absent.
    public var device: String

    /// The data as `meta` states it (missing keys are empty).
    public init(meta: [String: String]) {
        source = meta["source"] ?? ""
        simulator = meta["simulator"] ?? ""
        scenario = meta["scenario"] ?? ""
        seed = meta["seed"] ?? ""
        device = meta["device"] ?? ""
    }

    /// The kept keys with a value, as (key, value) pairs in ``metaKeys`` order.
    public var meta: [(key: String, value: String)] {
        zip(Self.metaKeys, [source, simulator, scenario, seed, device]).filter { !$0.1.isEmpty }.map { ($0.0, $0.1) }
    }

    /// True when a simulator made the recording (`meta.source` is `simulator`, or it names one).
    public var isSimulated: Bool { source == "simulator" || !simulator.isEmpty }

    /// The simulator's short tag (e.g. `sim-3`), nil when none is named.
    public var simulatorTag: String? { SimulatorInfo.tag(ofMetaSimulator: simulator) }
}
