import Recording

/// Box overlap as COCO computes it (`spec.md#coco-geometry`): no "+1" pixel convention,
/// boxes that only touch overlap 0, and against a crowd region the union is the
/// detection's own area. The operations run in pycocotools' order, so every IoU is the
/// same double.
public enum BoxIoU {
    /// IoU of a detection box with a ground-truth box (or crowd region).
    @inline(__always)
    public static func iou(_ d: COCOBox, _ g: COCOBox, crowd: Bool) -> Double {
        let w = min(d.width + d.x, g.width + g.x) - max(d.x, g.x)
        if w <= 0 { return 0 }
        let h = min(d.height + d.y, g.height + g.y) - max(d.y, g.y)
        if h <= 0 { return 0 }
        let intersection = w * h
        let detectionArea = d.width * d.height
        let union = crowd ? detectionArea : detectionArea + g.width * g.height - intersection
        return intersection / union
    }
}
