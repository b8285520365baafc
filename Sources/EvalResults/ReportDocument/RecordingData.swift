import Evaluation
import Simulation

/// Where one recording's data came from, as its `meta` table states it: simulated (the
/// simulator's revision, scenario and seed) or recorded (its source and device); and where its
/// ground truth came from (spec.md#ground-truth-route).
public struct RecordingData: Sendable, Equatable {
    /// The `meta` keys kept, in the order they are stored.
    public static let metaKeys = ["source", "simulator", "scenario", "seed", "device"]
    /// The key the ground-truth route is stored under beside the `meta` keys.
    public static let groundTruthKey = "ground_truth"
    /// The route's text for a recording without ground truth (`GroundTruthRoute.none`).
    public static let noGroundTruth = "none"

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
    /// The ground-truth route as reports state it (`labelled boxes`, `marks ±0.05 m`, `none`);
    /// empty in results written before routes were stored.
    public var groundTruth: String

    /// The data as `meta` states it (missing keys are empty); `groundTruth` is the route's
    /// text, taken from `meta["ground_truth"]` when not given (as stored results hold it).
    public init(meta: [String: String], groundTruth: String? = nil) {
        source = meta["source"] ?? ""
        simulator = meta["simulator"] ?? ""
        scenario = meta["scenario"] ?? ""
        seed = meta["seed"] ?? ""
        device = meta["device"] ?? ""
        self.groundTruth = groundTruth ?? meta[Self.groundTruthKey] ?? ""
    }

    /// The kept keys with a value, as (key, value) pairs in ``metaKeys`` order, then the
    /// ground-truth route under ``groundTruthKey``.
    public var meta: [(key: String, value: String)] {
        zip(Self.metaKeys + [Self.groundTruthKey], [source, simulator, scenario, seed, device, groundTruth])
            .filter { !$0.1.isEmpty }.map { ($0.0, $0.1) }
    }

    /// False only when the recording is known to have no ground truth: no labelled boxes and
    /// no marks (results written before routes were stored count as having it).
    public var hasGroundTruth: Bool { groundTruth != Self.noGroundTruth }

    /// The stored route, nil when none is stored (or its text is not a route's).
    public var route: GroundTruthRoute? { GroundTruthRoute(text: groundTruth) }

    /// True when a simulator made the recording (`meta.source` is `simulator`, or it names one).
    public var isSimulated: Bool { source == "simulator" || !simulator.isEmpty }

    /// The simulator's short tag (e.g. `sim-3`), nil when none is named.
    public var simulatorTag: String? { SimulatorInfo.tag(ofMetaSimulator: simulator) }
}
