/// The parameters of COCO detection scoring, built exactly as pycocotools builds them
/// (`spec.md#coco-parameters`).
public struct COCOParameters: Equatable, Sendable {
    /// An area range, both ends inclusive.
    public struct AreaRange: Equatable, Sendable {
        /// Its label: all, small, medium, large.
        public var label: String
        /// Smallest area in range.
        public var lower: Double
        /// Largest area in range.
        public var upper: Double

        /// Whether `area` lies outside the range (the ends belong to it).
        @inline(__always)
        public func excludes(_ area: Double) -> Bool { area < lower || area > upper }
    }

    /// IoU thresholds: `linspace(0.5, 0.95, 10)`.
    public var iouThresholds: [Double]
    /// Recall thresholds: `linspace(0, 1, 101)`.
    public var recallThresholds: [Double]
    /// Detections per image and category: 1, 10, 100.
    public var maxDetections: [Int]
    /// all [0, 1e10], small [0, 32²], medium [32², 96²], large [96², 1e10].
    public var areaRanges: [AreaRange]

    /// COCOeval's defaults for boxes and masks.
    public static let standard = COCOParameters(
        iouThresholds: linspace(0.5, 0.95, count: 10),
        recallThresholds: linspace(0, 1, count: 101),
        maxDetections: [1, 10, 100],
        areaRanges: [
            AreaRange(label: "all", lower: 0, upper: 1e10),
            AreaRange(label: "small", lower: 0, upper: 1024),
            AreaRange(label: "medium", lower: 1024, upper: 9216),
            AreaRange(label: "large", lower: 9216, upper: 1e10),
        ])

    /// NumPy's `linspace(start, stop, count)`: `i · step + start` with `step = (stop − start)/(count − 1)`,
    /// the last value set to `stop` exactly. (So the ninth IoU threshold is the double just below 0.9.)
    public static func linspace(_ start: Double, _ stop: Double, count: Int) -> [Double] {
        let step = (stop - start) / Double(count - 1)
        var values = (0..<count).map { Double($0) * step + start }
        values[count - 1] = stop
        return values
    }

    /// The index of the threshold exactly equal to `value`, as `numpy.where(value == iouThrs)` finds it.
    public func iouIndex(of value: Double) -> Int? { iouThresholds.firstIndex(of: value) }
}
