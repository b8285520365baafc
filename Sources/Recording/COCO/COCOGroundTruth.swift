import Foundation

/// A COCO "instances" ground-truth file: images, categories and annotations
/// (`spec.md#coco-files`). Reading checks what COCOeval silently gets wrong: ids must be
/// unique, annotation ids start at 1 (COCOeval uses 0 for "unmatched"), `area` and
/// `iscrowd` are required, numbers are finite and areas non-negative. A box of negative width
/// or height is kept, as COCOeval keeps it (it matches nothing), unless the reader refuses it.
public struct COCOGroundTruth: Sendable {
    /// One image of the set.
    public struct Image: Equatable, Sendable {
        /// Image id.
        public var id: Int
        /// Width in pixels, when given (needed to rasterise polygons).
        public var width: Int?
        /// Height in pixels, when given.
        public var height: Int?

        /// Creates an image entry.
        public init(id: Int, width: Int? = nil, height: Int? = nil) {
            self.id = id
            self.width = width
            self.height = height
        }
    }

    /// One category.
    public struct Category: Equatable, Sendable {
        /// Category id (COCO's are not contiguous).
        public var id: Int
        /// Its name.
        public var name: String

        /// Creates a category.
        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// One ground-truth object or crowd region.
    public struct Annotation: Equatable, Sendable {
        /// Annotation id, ≥ 1.
        public var id: Int
        /// The image it is on.
        public var imageId: Int
        /// Its category.
        public var categoryId: Int
        /// Its box, when given.
        public var bbox: COCOBox?
        /// The `area` field, which decides the area range (not the box).
        public var area: Double
        /// Whether it is a crowd region.
        public var isCrowd: Bool
        /// Its segment, when given.
        public var segmentation: COCOSegmentation?
        /// Where it starts in the file (0 when made in memory).
        public var line: Int

        /// Creates an annotation.
        public init(id: Int, imageId: Int, categoryId: Int, bbox: COCOBox?, area: Double, isCrowd: Bool = false,
                    segmentation: COCOSegmentation? = nil, line: Int = 0) {
            self.id = id
            self.imageId = imageId
            self.categoryId = categoryId
            self.bbox = bbox
            self.area = area
            self.isCrowd = isCrowd
            self.segmentation = segmentation
            self.line = line
        }
    }

    /// Images, in file order.
    public var images: [Image]
    /// Categories, in file order.
    public var categories: [Category]
    /// Annotations, in file order.
    public var annotations: [Annotation]
    /// The file it came from (for error messages).
    public var source: String
    /// Lines of the annotations whose box has a negative width or height, in file order.
    public var negativeSizeBoxes: [Int] { annotations.filter { $0.bbox?.hasNegativeSize == true }.map(\.line) }

    /// Checks ids and wraps the lists; `source` names the origin in errors.
    public init(images: [Image], categories: [Category], annotations: [Annotation], source: String) throws {
        try Self.checkUnique(images.map(\.id), "image", source)
        try Self.checkUnique(categories.map(\.id), "category", source)
        var seen = Set<Int>()
        for annotation in annotations {
            guard annotation.id >= 1 else {
                throw InputError(file: source, line: annotation.line, message: "annotation id \(annotation.id): ids start at 1 (COCOeval treats 0 as unmatched)")
            }
            guard seen.insert(annotation.id).inserted else {
                throw InputError(file: source, line: annotation.line, message: "annotation id \(annotation.id) appears twice")
            }
        }
        self.images = images
        self.categories = categories
        self.annotations = annotations
        self.source = source
    }

    private static func checkUnique(_ ids: [Int], _ what: String, _ source: String) throws {
        var seen = Set<Int>()
        for id in ids where !seen.insert(id).inserted {
            throw InputError(file: source, message: "\(what) id \(id) appears twice")
        }
    }

    /// Reads a ground-truth file.
    public static func read(from path: String, negativeBoxSizes: NegativeBoxSizes = .keep) throws -> COCOGroundTruth {
        try JSONPullParser.parse(contentsOf: path) { parser in try decode(&parser, negativeBoxSizes) }
    }

    /// Decodes a ground-truth document held in memory.
    public static func decode(_ data: Data, file: String, negativeBoxSizes: NegativeBoxSizes = .keep) throws -> COCOGroundTruth {
        try JSONPullParser.parse(data, file: file) { parser in try decode(&parser, negativeBoxSizes) }
    }

    private static func decode(_ parser: inout JSONPullParser, _ negativeBoxSizes: NegativeBoxSizes) throws -> COCOGroundTruth {
        var images: [Image]?
        var categories: [Category]?
        var annotations: [Annotation] = []
        try parser.beginObject("a COCO ground-truth file")
        while let key = try parser.nextKey() {
            switch key {
            case "images":
                var list: [Image] = []
                try parser.beginArray("images")
                while try parser.nextElement() { list.append(try image(&parser)) }
                images = list
            case "categories":
                var list: [Category] = []
                try parser.beginArray("categories")
                while try parser.nextElement() { list.append(try category(&parser)) }
                categories = list
            case "annotations":
                annotations = []
                try parser.beginArray("annotations")
                while try parser.nextElement() { annotations.append(try annotation(&parser, negativeBoxSizes)) }
            default:
                try parser.skipValue()
            }
        }
        guard let images else { throw parser.error("the ground truth has no \"images\" list", line: 1) }
        guard let categories else { throw parser.error("the ground truth has no \"categories\" list", line: 1) }
        return try COCOGroundTruth(images: images, categories: categories, annotations: annotations, source: parser.file)
    }

    private static func image(_ parser: inout JSONPullParser) throws -> Image {
        let line = parser.line
        var id: Int?
        var width: Int?
        var height: Int?
        try parser.beginObject("an image")
        while let key = try parser.nextKey() {
            switch key {
            case "id": id = try parser.integer("image id")
            case "width": width = try parser.integer("image width")
            case "height": height = try parser.integer("image height")
            default: try parser.skipValue()
            }
        }
        guard let id else { throw parser.error("an image without \"id\"", line: line) }
        if let width, let height {
            do {
                try RunLengthMask.checkSize(height: height, width: width)
            } catch {
                throw parser.error("image \(id): \(error)", line: line)
            }
        }
        return Image(id: id, width: width, height: height)
    }

    private static func category(_ parser: inout JSONPullParser) throws -> Category {
        let line = parser.line
        var id: Int?
        var name = ""
        try parser.beginObject("a category")
        while let key = try parser.nextKey() {
            switch key {
            case "id": id = try parser.integer("category id")
            case "name": name = try parser.string()
            default: try parser.skipValue()
            }
        }
        guard let id else { throw parser.error("a category without \"id\"", line: line) }
        return Category(id: id, name: name)
    }

    private static func annotation(_ parser: inout JSONPullParser, _ negativeBoxSizes: NegativeBoxSizes) throws -> Annotation {
        let line = parser.line
        var id: Int?
        var imageId: Int?
        var categoryId: Int?
        var bbox: COCOBox?
        var area: Double?
        var isCrowd: Bool?
        var segmentation: COCOSegmentation?
        try parser.beginObject("an annotation")
        while let key = try parser.nextKey() {
            switch key {
            case "id": id = try parser.integer("annotation id")
            case "image_id": imageId = try parser.integer("image_id")
            case "category_id": categoryId = try parser.integer("category_id")
            case "bbox": bbox = try parser.box("bbox", allowingNegativeSize: negativeBoxSizes == .keep)
            case "area": area = try parser.number("area")
            case "iscrowd":
                if try parser.peek() == .bool {
                    isCrowd = try parser.bool("iscrowd")
                } else {
                    let value = try parser.integer("iscrowd")
                    guard value == 0 || value == 1 else { throw parser.error("iscrowd must be 0 or 1, found \(value)") }
                    isCrowd = value == 1
                }
            case "segmentation": segmentation = try parser.segmentation()
            default: try parser.skipValue()
            }
        }
        func missing(_ field: String) -> InputError { parser.error("an annotation without \"\(field)\" (COCOeval needs it)", line: line) }
        guard let id else { throw missing("id") }
        guard let imageId else { throw missing("image_id") }
        guard let categoryId else { throw missing("category_id") }
        guard let area else { throw missing("area") }
        guard let isCrowd else { throw missing("iscrowd") }
        guard area >= 0 else { throw parser.error("annotation \(id): negative area \(area)", line: line) }
        return Annotation(id: id, imageId: imageId, categoryId: categoryId, bbox: bbox, area: area, isCrowd: isCrowd,
                          segmentation: segmentation, line: line)
    }
}
