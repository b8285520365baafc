import EvalNumerics
import Recording

/// Mask parity (`spec.md#mask-parity`) on binarised instance masks (logit > 0).
///
/// When only the renderer changed, instances correspond one to one in file order and every
/// instance must keep exactly its pixel count and its bits. When the model changed,
/// instances are paired by their boxes with the pair analysis and each pair gets a mask
/// IoU (undefined, and counted apart, when both masks are empty) and a relative pixel-count
/// difference `(n_var − n_ref) / max(n_ref, 1)`.
public enum MaskParity {
    /// One instance of a renderer change.
    public struct RendererInstance: Equatable, Sendable {
        /// Foreground pixels before and after.
        public var referencePixels: Int
        /// Foreground pixels of the variant.
        public var variantPixels: Int
        /// Identical bit for bit (same size, same pixels).
        public var identical: Bool
    }

    /// The result of a renderer change: passes when every instance is identical.
    public struct RendererResult: Sendable {
        /// Per instance, file order.
        public var instances: [RendererInstance]
        /// Instances in the reference and the variant (they must be equal).
        public var counts: (reference: Int, variant: Int)
        /// Whether every count and every bit is the same.
        public var passed: Bool { counts.reference == counts.variant && instances.allSatisfy(\.identical) }
    }

    /// One matched pair of a model change.
    public struct ModelPair: Equatable, Sendable {
        /// Indices in the two files.
        public var reference: Int
        /// Index in the variant file.
        public var variant: Int
        /// Mask IoU; nil when both masks are empty.
        public var iou: Double?
        /// `(n_var − n_ref) / max(n_ref, 1)`.
        public var relativeCountDifference: Double
        /// The variant's logits were resampled to the reference's grid.
        public var resampled: Bool
    }

    /// The result of a model change.
    public struct ModelResult: Sendable {
        /// The box pairing.
        public var pairs: PairAnalysis
        /// The mask of every reported pair.
        public var masks: [ModelPair]
        /// `min_mask_iou`, when given.
        public var minimumIoU: Double?

        /// Pairs whose IoU is defined.
        public var definedIoUs: [Double] { masks.compactMap(\.iou) }
        /// Pairs with both masks empty.
        public var bothEmpty: Int { masks.filter { $0.iou == nil }.count }
        /// Pairs below `min_mask_iou`.
        public var belowMinimum: Int { minimumIoU.map { limit in definedIoUs.filter { $0 < limit }.count } ?? 0 }
        /// Passes when no pair is below `min_mask_iou` (always, when it is not given).
        public var passed: Bool { belowMinimum == 0 }
    }

    /// The binary mask of an instance on its native grid.
    public static func binary(_ mask: InstanceMaskFile.Mask) throws(RunLengthMask.Problem) -> RunLengthMask {
        switch mask {
        case .binary(let binary): return binary
        case .logits(let height, let width, let values): return try InstanceMask.binarise(height: height, width: width, rowMajorLogits: values)
        }
    }

    /// Renderer changed: compares instance i with instance i.
    public static func renderer(reference: InstanceMaskFile, variant: InstanceMaskFile) throws -> RendererResult {
        var instances: [RendererInstance] = []
        for (r, v) in zip(reference.instances, variant.instances) {
            let a = try mask(r, reference.source), b = try mask(v, variant.source)
            instances.append(RendererInstance(referencePixels: a.area, variantPixels: b.area, identical: a == b))
        }
        return RendererResult(instances: instances, counts: (reference.instances.count, variant.instances.count))
    }

    /// Model changed: pairs by box, then compares masks (a variant grid of another size is
    /// resampled to the reference's from its logits).
    public static func model(reference: InstanceMaskFile, variant: InstanceMaskFile, settings: PairAnalysis.Settings,
                             minimumIoU: Double?) throws -> ModelResult {
        let pairs = PairAnalysis(reference: reference.instances.map(\.detection), variant: variant.instances.map(\.detection), settings: settings)
        var masks: [ModelPair] = []
        for pair in pairs.pairs {
            let r = reference.instances[pair.reference], v = variant.instances[pair.variant]
            let a = try mask(r, reference.source)
            var resampled = false
            var b = try mask(v, variant.source)
            if b.height != a.height || b.width != a.width {
                guard case .logits(let height, let width, let values) = v.mask else {
                    throw InputError(file: variant.source, line: v.detection.line,
                                     message: "a binary mask of \(b.height)×\(b.width) cannot be compared with \(a.height)×\(a.width); give logits to resample")
                }
                let grid = InstanceMask.resample(values, height: height, width: width, toHeight: a.height, width: a.width)
                b = try binarised(a.height, a.width, grid, variant.source, v.detection.line)
                resampled = true
            }
            let (intersection, union) = RunLengthMask.overlap(a, b)
            let nRef = a.area, nVar = b.area
            masks.append(ModelPair(
                reference: pair.reference, variant: pair.variant, iou: union == 0 ? nil : Double(intersection) / Double(union),
                relativeCountDifference: Double(nVar - nRef) / Double(max(nRef, 1)), resampled: resampled))
        }
        return ModelResult(pairs: pairs, masks: masks, minimumIoU: minimumIoU)
    }

    private static func mask(_ instance: InstanceMaskFile.Instance, _ file: String) throws -> RunLengthMask {
        do {
            return try binary(instance.mask)
        } catch {
            throw InputError(file: file, line: instance.detection.line, message: "mask: \(error)")
        }
    }

    private static func binarised(_ height: Int, _ width: Int, _ values: [Double], _ file: String, _ line: Int) throws -> RunLengthMask {
        do {
            return try InstanceMask.binarise(height: height, width: width, rowMajorLogits: values)
        } catch {
            throw InputError(file: file, line: line, message: "mask: \(error)")
        }
    }
}
