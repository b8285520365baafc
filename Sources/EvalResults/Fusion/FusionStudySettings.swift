import Replay

/// The protocol's optional `"fusion"` section: which depth-fusion variants `run` compares on
/// the protocol's recordings, against which baseline, with which constants
/// (Docs/depth-fusion-variants.md).
public struct FusionStudySettings: Codable, Sendable, Equatable {
    /// Variants compared, in report order (default: all of them).
    public var variants: [DepthFusionVariant]
    /// The variant every other is compared with (default the app's).
    public var baseline: DepthFusionVariant
    /// Constants of the variants beyond the shared depth-fusion configuration.
    public var settings: FusionVariantSettings
    /// Ascending edges of the true-depth bins of the residual analysis, metres.
    public var depthBinEdges: [Double]

    /// Creates settings; defaults compare all variants with the app's on bins 0,1,2,3,4,8 m.
    public init(
        variants: [DepthFusionVariant] = DepthFusionVariant.allCases, baseline: DepthFusionVariant = .app,
        settings: FusionVariantSettings = .init(), depthBinEdges: [Double] = [0, 1, 2, 3, 4, 8]
    ) {
        self.variants = variants
        self.baseline = baseline
        self.settings = settings
        self.depthBinEdges = depthBinEdges
    }

    /// The keys the file format allows (unknown keys are refused naming them).
    public enum CodingKeys: String, CodingKey, CaseIterable { case variants, baseline, settings, depthBinEdges }

    /// Decodes with defaults for missing keys; rejects unknown keys, an empty variant list,
    /// a baseline outside it and bin edges that do not ascend.
    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FusionStudySettings()
        variants = try c.decodeIfPresent([DepthFusionVariant].self, forKey: .variants) ?? defaults.variants
        baseline = try c.decodeIfPresent(DepthFusionVariant.self, forKey: .baseline) ?? defaults.baseline
        if c.contains(.settings) { try StrictKeys.check(c.superDecoder(forKey: .settings), allowed: FusionVariantSettings.keyNames) }
        settings = try c.decodeIfPresent(FusionVariantSettings.self, forKey: .settings) ?? defaults.settings
        depthBinEdges = try c.decodeIfPresent([Double].self, forKey: .depthBinEdges) ?? defaults.depthBinEdges
        guard !variants.isEmpty, Set(variants).count == variants.count else {
            throw DecodingError.dataCorruptedError(forKey: .variants, in: c, debugDescription: "must list distinct variants")
        }
        guard variants.contains(baseline) else {
            throw DecodingError.dataCorruptedError(forKey: .baseline, in: c, debugDescription: "must be one of the variants")
        }
        guard depthBinEdges.count >= 2, zip(depthBinEdges, depthBinEdges.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw DecodingError.dataCorruptedError(forKey: .depthBinEdges, in: c, debugDescription: "must be two or more ascending edges")
        }
    }
}
