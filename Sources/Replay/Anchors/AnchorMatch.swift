/// Which rule filed an observation under an existing instance (spec.md#anchor-track-routing,
/// spec.md#merge-graduated); a creation has none.
public enum AnchorMatch: String, Codable, Sendable, Equatable, CaseIterable {
    /// The observation's tracker id already fed the instance: routed without a merge test.
    case sameTrack
    /// Within the near radius (0.35 m) with cosine ≥ the near cosine (0.80).
    case nearCosine
    /// Within the near radius with no embedding on one side (only the near band is open).
    case nearNoEmbedding
    /// Beyond the near radius, within the veto (1 m), with cosine ≥ the far cosine (0.92).
    case farCosine
}
