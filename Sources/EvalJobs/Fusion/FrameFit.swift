import EvalMetrics
import Replay
import EvalResults

/// One variant fitted to one frame's pairs, with the depth metrics of its fused depth
/// against the pairs' metric depth (`spatial-eval fit-depth`).
public struct FrameFit: Sendable {
    /// The variant's outcome.
    public var result: VariantFusionResult
    /// The metrics of ẑ against the metric depth over every filtered pair (nil on a fallback
    /// or when no fused depth is finite and positive).
    public var metrics: DepthMetrics?

    /// Fits `variant` to `pairs`.
    public static func fit(
        _ pairs: DepthPairs, variant: DepthFusionVariant, configuration: DepthFusionConfiguration = .init(),
        settings: FusionVariantSettings = .init(), fuser: inout VariantFuser
    ) -> FrameFit {
        let result = fuser.fuse(pairs, variant: variant, configuration: configuration, settings: settings)
        guard let model = result.model else { return FrameFit(result: result, metrics: nil) }
        let samples = fuser.samples
        var z: [Double] = [], g: [Double] = []
        for k in 0..<samples.count {
            let fused = model.depth(d: samples.d[k], lidar: samples.lidar[k])
            guard fused.isFinite && fused > 0 else { continue }
            z.append(fused)
            g.append(samples.lidar[k])
        }
        return FrameFit(result: result, metrics: z.isEmpty ? nil : DepthMetrics(prediction: z, truth: g))
    }
}
