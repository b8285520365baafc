import Foundation
import EvalMetrics
import Recording
import Replay

/// `spatial-eval fit-depth`: fits one frame's (metric depth, relative inverse depth) pairs
/// with a depth-fusion variant and prints the scale, shift, diagnostics and depth metrics.
struct FitDepthCommand: Command {
    let name = "fit-depth"
    let summary = "Fit one frame's depth pairs (CSV) with a fusion variant; print scale, shift and depth metrics."
    let usage = ["fit-depth --pairs FILE.csv [--variant NAME|all] [--huber-delta D] [--ransac-seed N] [--format table|json]"]
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
    let options = [
        OptionSpec("pairs", "FILE", "CSV of one frame's pairs."),
        OptionSpec("variant", "NAME", "Fusion variant (default affine-inverse-2sigma).",
                   choices: DepthFusionVariant.allCases.map(\.rawValue) + ["all"]),
        OptionSpec("huber-delta", "D", "Huber's δ in inverse depth, 1/m (default 0.01)."),
        OptionSpec("ransac-seed", "N", "Seed of RANSAC's sample stream (default 0)."),
        OptionSpec("format", "FORMAT", "Output format.", choices: ["table", "json"]),
    ]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        guard let path = arguments.value("pairs") else { throw UsageError("give --pairs FILE.csv") }
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument '\(arguments.positionals[0])'") }
        let variantName = arguments.value("variant") ?? DepthFusionVariant.app.rawValue
        let variants = variantName == "all" ? DepthFusionVariant.allCases : [DepthFusionVariant(rawValue: variantName)].compactMap { $0 }
        guard !variants.isEmpty else { throw UsageError("unknown variant '\(variantName)'") }
        var settings = FusionVariantSettings()
        if let text = arguments.value("huber-delta") {
            guard let delta = Double(text), delta > 0, delta.isFinite else { throw UsageError("--huber-delta expects a positive number, got '\(text)'") }
            settings.huberDelta = delta
        }
        if let text = arguments.value("ransac-seed") {
            guard let seed = UInt64(text) else { throw UsageError("--ransac-seed expects a non-negative integer, got '\(text)'") }
            settings.ransacSeed = seed
        }
        let pairs = try DepthPairsCSV.read(path)
        var fuser = VariantFuser()
        let fits = variants.map { FrameFit.fit(pairs, variant: $0, settings: settings, fuser: &fuser) }
        output.out(arguments.value("format") == "json"
            ? FrameFitFormatting.json(fits, file: path, rows: pairs.depth.count)
            : FrameFitFormatting.table(fits, file: path, rows: pairs.depth.count))
        return .success
    }
}
