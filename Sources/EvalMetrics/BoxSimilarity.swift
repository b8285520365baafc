/// Axis-aligned boxes stored by their corners, and their intersection over union
/// computed exactly as each reference tool computes it.
public struct BoxCorners: Sendable, Equatable {
    /// Left edge.
    public var x0: Double
    /// Top edge.
    public var y0: Double
    /// Right edge (`left + width`, rounded once, as the reference tools compute it).
    public var x1: Double
    /// Bottom edge (`top + height`).
    public var y1: Double

    /// Creates a box from its corners.
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The box of a MOTChallenge row as `convention` reads it: motmetrics first moves
    /// the top-left corner by (−1, −1), which can change the last bit of an IoU.
    public init(left: Double, top: Double, width: Double, height: Double, convention: ScoringConvention) {
        let x = convention == .motmetrics ? left - 1 : left
        let y = convention == .motmetrics ? top - 1 : top
        self.init(x0: x, y0: y, x1: x + width, y1: y + height)
    }
}

/// Intersection over union with each reference tool's handling of degenerate boxes.
public enum BoxSimilarity {
    /// Machine epsilon of `Double`, the tolerance TrackEval uses throughout.
    public static let epsilon = Double.ulpOfOne

    /// TrackEval's `_calculate_box_ious` (xywh): boxes or unions with area ≤ ε score 0.
    @inline(__always)
    public static func trackEvalIoU(_ a: BoxCorners, _ b: BoxCorners) -> Double {
        let intersection = max(min(a.x1, b.x1) - max(a.x0, b.x0), 0) * max(min(a.y1, b.y1) - max(a.y0, b.y0), 0)
        let areaA = (a.x1 - a.x0) * (a.y1 - a.y0)
        let areaB = (b.x1 - b.x0) * (b.y1 - b.y0)
        let union = areaA + areaB - intersection
        if areaA <= epsilon || areaB <= epsilon || union <= epsilon {
            return 0 / (union <= epsilon ? 1 : union)
        }
        return intersection / union
    }

    /// py-motmetrics' `boxiou`: 0 when the intersection is empty, else I / U.
    @inline(__always)
    public static func motmetricsIoU(_ a: BoxCorners, _ b: BoxCorners) -> Double {
        let intersection = max(min(a.x1, b.x1) - max(a.x0, b.x0), 0) * max(min(a.y1, b.y1) - max(a.y0, b.y0), 0)
        if intersection == 0 { return 0 }
        let areaA = max(a.x1 - a.x0, 0) * max(a.y1 - a.y0, 0)
        let areaB = max(b.x1 - b.x0, 0) * max(b.y1 - b.y0, 0)
        return intersection / (areaA + areaB - intersection)
    }

    /// The IoU of `convention`.
    @inline(__always)
    public static func iou(_ a: BoxCorners, _ b: BoxCorners, convention: ScoringConvention) -> Double {
        convention == .trackeval ? trackEvalIoU(a, b) : motmetricsIoU(a, b)
    }
}
