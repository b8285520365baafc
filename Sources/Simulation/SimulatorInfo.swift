/// Facts about the simulator as a whole (named apart from the module, whose name would shadow it).
public enum SimulatorInfo {
    /// The simulator's version: bumped whenever the same scenario, seed and configuration
    /// would give different bytes. Recordings carry it in `meta.simulator`; corpus hashes and
    /// sweep reports state it (spec.md#sim-corpus).
    public static let version = 4

    /// The name written into `meta.simulator`.
    public static var name: String { namePrefix + "\(version)" }

    /// The short tag reports quote, "sim-4".
    public static var tag: String { "sim-\(version)" }

    private static let namePrefix = "SpatialEval Simulation "

    /// The short tag a recording's `meta.simulator` value stands for: "SpatialEval Simulation 2"
    /// gives "sim-4"; any other text is returned unchanged (nil when empty).
    public static func tag(ofMetaSimulator text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard text.hasPrefix(namePrefix), let revision = Int(text.dropFirst(namePrefix.count)) else { return text }
        return "sim-\(revision)"
    }
}
