/// An axis-aligned box `[x, y, w, h]` in pixels, top-left corner `(x, y)`, y downwards, as
/// COCO files write it (`spec.md#coco-geometry`).
public struct COCOBox: Equatable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (negative only where a reader allowed it, `hasNegativeSize`).
    public var width: Double
    /// Height (negative only where a reader allowed it).
    public var height: Double

    /// Creates a box.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `width · height`, the area COCO gives a box result.
    public var area: Double { width * height }

    /// Whether the width or the height is negative. COCOeval scores such a box: it overlaps
    /// nothing, and its area `width · height` puts it in the area ranges its sign allows.
    public var hasNegativeSize: Bool { width < 0 || height < 0 }
}

/// What a COCO reader does with a box of negative width or height.
public enum NegativeBoxSizes: Sendable {
    /// Keeps it, as COCOeval does, and lists its line (`negativeSizeBoxes`).
    case keep
    /// Refuses the file, naming the line.
    case reject
}
