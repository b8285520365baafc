/// Facts about the simulator as a whole (named apart from the module, whose name would shadow it).
public enum SimulatorInfo {
    /// The simulator's version: bumped whenever the same scenario, seed and configuration
    /// would give different bytes. Recordings carry it in `meta.simulator`; corpus hashes and
    /// sweep reports state it (spec.md#sim-corpus).
    public static let version = 2

    /// The name written into `meta.simulator`.
    public static var name: String { "SpatialEval Simulation \(version)" }
}
