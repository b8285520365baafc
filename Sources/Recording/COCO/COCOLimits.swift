/// Bounds on what a COCO file may ask of the reader, so absurd input fails with a clear
/// message instead of exhausting memory or time (`spec.md#coco-input-limits`).
public enum COCOLimits {
    /// Largest image or mask side, in pixels.
    public static let maximumSide = 1 << 17
    /// Largest number of pixels of one mask (`h · w`).
    public static let maximumPixels = 1 << 28
    /// Largest absolute box coordinate or size, in pixels.
    public static let maximumBoxCoordinate = 1.0e9
    /// Largest absolute polygon coordinate, in pixels.
    public static let maximumPolygonCoordinate = 1.0e7
    /// Most boundary points one polygon may produce when rasterised (×5 upsampled outline).
    public static let maximumPolygonOutline = 1 << 26
}
