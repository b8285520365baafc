/// The capture simulator's version, as reports quote it.
extension CaptureSimulator {
    /// Short version tag of this simulator ("sim-2"), the figure after `sim-` counting the
    /// simulator's revisions (a recording's `meta.simulator` names the revision that made it).
    public static let version = "sim-2"

    /// The short tag a recording's `meta.simulator` value stands for: "SpatialEval Simulation 2"
    /// gives "sim-2"; any other text is returned unchanged (nil when empty).
    public static func versionTag(ofMetaSimulator text: String) -> String? {
        let prefix = "SpatialEval Simulation "
        guard !text.isEmpty else { return nil }
        guard text.hasPrefix(prefix), let revision = Int(text.dropFirst(prefix.count)) else { return text }
        return "sim-\(revision)"
    }
}
