import Foundation
import EvalMetrics
import Recording
import Replay
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval fit-depth`: fits one frame's (metric depth, relative inverse depth) pairs
/// with a depth-fusion variant and prints the scale, shift, diagnostics and depth metrics.
struct FitDepthCommand: Command {
    let name = "fit-depth"
    let summary = "Fit one frame's depth pairs (CSV) with a fusion variant; print scale, shift and depth metrics."
    let discussion = """
        FILE.csv has a header naming the columns depth (metric, metres), inverse_depth (the \
        network's relative inverse depth) and optionally confidence (0–2, default 2) and mask \
        (0/1, default 1). Pairs pass the app's filters (mask, confidence ≥ 2 except for \
        confidence-weighted, 0.1–8 m, finite inverse depth) and are fitted as the variant \
        prescribes (Docs/depth-fusion-variants.md); the default variant is the app's \
        (affine-inverse-2sigma). Metrics compare ẑ with the depth column over every filtered \
        pair: AbsRel, SqRel, RMSE, RMSE log, log10, δ1–3 (strict <, fractions), SILog in the \
        Depth Anything V2 and the KITTI convention. Exit status: 0 success, 1 bad input, 64 usage.
        """
    static let pairs = OptionKey<String>("pairs", "FILE.csv", "CSV of one frame's pairs.")
    static let variant = OptionKey<VariantChoice>("variant", "NAME", "Fusion variant, or all of them.", default: .one(.app))
    static let huberDelta = OptionKey<Double>(
        "huber-delta", "D", "Huber's δ in inverse depth, 1/m.", default: FusionVariantSettings().huberDelta, bounds: .above(0))
    static let ransacSeed = OptionKey<UInt64>(
        "ransac-seed", "N", "Seed of RANSAC's sample stream.", default: FusionVariantSettings().ransacSeed)
    static let format = OptionKey<OutputFormat>("format", "FORMAT", "Output format.", default: .table)
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.pairs, Self.variant, Self.huberDelta, Self.ransacSeed, Self.format]

    /// One fusion variant, or `all` of them.
    enum VariantChoice: OptionValue {
        case one(DepthFusionVariant)
        case all

        init?(optionText text: String) {
            guard text != "all" else { self = .all; return }
            guard let variant = DepthFusionVariant(rawValue: text) else { return nil }
            self = .one(variant)
        }
        static var choices: [String]? { DepthFusionVariant.allCases.map(\.rawValue) + ["all"] }
        var optionText: String? { variants.count == 1 ? variants[0].rawValue : "all" }
        /// The variants chosen.
        var variants: [DepthFusionVariant] {
            switch self {
            case .one(let variant): [variant]
            case .all: DepthFusionVariant.allCases
            }
        }
    }

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let path = arguments[Self.pairs]
        let variants = arguments[Self.variant].variants
        var settings = FusionVariantSettings()
        settings.huberDelta = arguments[Self.huberDelta]
        settings.ransacSeed = arguments[Self.ransacSeed]
        let pairs = try DepthPairsCSV.read(path)
        var fuser = VariantFuser()
        let fits = variants.map { FrameFit.fit(pairs, variant: $0, settings: settings, fuser: &fuser) }
        output.out(arguments[Self.format] == .json
            ? FrameFitFormatting.json(fits, file: path, rows: pairs.depth.count)
            : FrameFitFormatting.table(fits, file: path, rows: pairs.depth.count))
        return .success
    }
}
