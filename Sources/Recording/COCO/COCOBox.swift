/// An axis-aligned box `[x, y, w, h]` in pixels, top-left corner `(x, y)`, y downwards, as
/// COCO files write it (`spec.md#coco-geometry`).
public struct COCOBox: Equatable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (≥ 0).
    public var width: Double
    /// Height (≥ 0).
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
}
