import Foundation

/// A COCO results file: one JSON array of detections `{image_id, category_id, bbox | segmentation,
/// score}` (`spec.md#coco-files`). An empty array is a valid result: no detections.
public struct COCOResults: Sendable {
    /// One detection.
    public struct Detection: Equatable, Sendable {
        /// The image it is on.
        public var imageId: Int
        /// Its category.
        public var categoryId: Int
        /// Its confidence.
        public var score: Double
        /// Its box, when given (`[]` counts as not given).
        public var bbox: COCOBox?
        /// Its mask or polygons, when given.
        public var segmentation: COCOSegmentation?
        /// Where it starts in the file (0 when made in memory).
        public var line: Int

        /// Creates a detection.
        public init(imageId: Int, categoryId: Int, score: Double, bbox: COCOBox?, segmentation: COCOSegmentation? = nil, line: Int = 0) {
            self.imageId = imageId
            self.categoryId = categoryId
            self.score = score
            self.bbox = bbox
            self.segmentation = segmentation
            self.line = line
        }
    }

    /// Detections, in file order (the order breaks score ties).
    public var detections: [Detection]
    /// The file it came from.
    public var source: String
    /// Lines of the detections whose box has a negative width or height, in file order.
    public var negativeSizeBoxes: [Int] { detections.filter { $0.bbox?.hasNegativeSize == true }.map(\.line) }

    /// Wraps detections.
    public init(detections: [Detection], source: String) {
        self.detections = detections
        self.source = source
    }

    /// Reads a results file.
    public static func read(from path: String, negativeBoxSizes: NegativeBoxSizes = .keep) throws -> COCOResults {
        try JSONPullParser.parse(contentsOf: path) { parser in try decode(&parser, negativeBoxSizes) }
    }

    /// Decodes a results document held in memory.
    public static func decode(_ data: Data, file: String, negativeBoxSizes: NegativeBoxSizes = .keep) throws -> COCOResults {
        try JSONPullParser.parse(data, file: file) { parser in try decode(&parser, negativeBoxSizes) }
    }

    private static func decode(_ parser: inout JSONPullParser, _ negativeBoxSizes: NegativeBoxSizes) throws -> COCOResults {
        try parser.beginArray("a COCO results file")
        let detections = try parser.elements { element in try detection(&element, negativeBoxSizes) }
        return COCOResults(detections: detections, source: parser.file)
    }

    private static func detection(_ parser: inout JSONPullParser, _ negativeBoxSizes: NegativeBoxSizes) throws -> Detection {
        let line = parser.line
        var imageId: Int?
        var categoryId: Int?
        var score: Double?
        var bbox: COCOBox?
        var segmentation: COCOSegmentation?
        try parser.beginObject("a detection")
        while let key = try parser.nextKey() {
            switch key {
            case "image_id": imageId = try parser.integer("image_id")
            case "category_id": categoryId = try parser.integer("category_id")
            case "score": score = try parser.number("score")
            case "bbox": bbox = try parser.box("bbox", allowingNegativeSize: negativeBoxSizes == .keep)
            case "segmentation": segmentation = try parser.segmentation()
            default: try parser.skipValue()
            }
        }
        func missing(_ field: String) -> InputError { parser.error("a detection without \"\(field)\"", line: line) }
        guard let imageId else { throw missing("image_id") }
        guard let categoryId else { throw missing("category_id") }
        guard let score else { throw missing("score") }
        return Detection(imageId: imageId, categoryId: categoryId, score: score, bbox: bbox, segmentation: segmentation, line: line)
    }
}
