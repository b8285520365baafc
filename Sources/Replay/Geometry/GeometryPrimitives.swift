import Recording

// Small geometric primitives the replicas share: image boxes and world vectors.

extension PixelBox {
    /// The box centre (u, v), in pixels.
    public var centre: SIMD2<Double> { SIMD2(x + width / 2, y + height / 2) }

    /// Intersection over union with `other`; 0 when either box is empty.
    public func intersectionOverUnion(_ other: PixelBox) -> Double {
        let iw = min(x + width, other.x + other.width) - max(x, other.x)
        let ih = min(y + height, other.y + other.height) - max(y, other.y)
        guard iw > 0, ih > 0 else { return 0 }
        let inter = iw * ih
        let union = width * height + other.width * other.height - inter
        return union > 0 ? inter / union : 0
    }

    /// True when the pixel point (u, v) lies inside the box (edges included).
    public func contains(_ point: SIMD2<Double>) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}

extension SIMD3 where Scalar == Double {
    /// Euclidean length.
    var length: Double { (self * self).sum().squareRoot() }

    /// Euclidean distance to `other`.
    func distance(to other: SIMD3<Double>) -> Double { (self - other).length }
}
