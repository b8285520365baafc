import Foundation

/// A file of instance masks for mask parity (`spec.md#mask-parity`): one JSON array of
/// `{image_id, category_id, bbox, score, mask}` where `mask` is either raw network logits
/// `{"size": [h, w], "logits": [h·w numbers, row by row]}` (`NaN`, `Infinity` allowed, as
/// Python writes them) or an already binarised COCO RLE `{"size": [h, w], "counts": …}`.
public struct InstanceMaskFile: Sendable {
    /// A mask as the file gives it.
    public enum Mask: Equatable, Sendable {
        /// Raw logits, row-major.
        case logits(height: Int, width: Int, values: [Double])
        /// A binary mask.
        case binary(RunLengthMask)
    }

    /// One instance.
    public struct Instance: Sendable {
        /// Its detection (box and score).
        public var detection: COCOResults.Detection
        /// Its mask on the model's native grid (before any compositing).
        public var mask: Mask

        /// Creates an instance.
        public init(detection: COCOResults.Detection, mask: Mask) {
            self.detection = detection
            self.mask = mask
        }
    }

    /// Instances in file order.
    public var instances: [Instance]
    /// The file.
    public var source: String

    /// Wraps instances.
    public init(instances: [Instance], source: String) {
        self.instances = instances
        self.source = source
    }

    /// Reads a mask file.
    public static func read(from path: String) throws -> InstanceMaskFile {
        try JSONPullParser.parse(contentsOf: path) { parser in try decode(&parser) }
    }

    /// Decodes a mask document held in memory.
    public static func decode(_ data: Data, file: String) throws -> InstanceMaskFile {
        try JSONPullParser.parse(data, file: file) { parser in try decode(&parser) }
    }

    private static func decode(_ parser: inout JSONPullParser) throws -> InstanceMaskFile {
        var instances: [Instance] = []
        try parser.beginArray("a mask file")
        while try parser.nextElement() {
            let line = parser.line
            var imageId: Int?, categoryId: Int?, score: Double?, bbox: COCOBox?, mask: Mask?
            try parser.beginObject("an instance")
            while let key = try parser.nextKey() {
                switch key {
                case "image_id": imageId = try parser.integer("image_id")
                case "category_id": categoryId = try parser.integer("category_id")
                case "score": score = try parser.number("score")
                case "bbox": bbox = try parser.box("bbox")
                case "mask": mask = try self.mask(&parser)
                default: try parser.skipValue()
                }
            }
            guard let imageId, let categoryId, let score, let mask else {
                throw parser.error("an instance needs image_id, category_id, score and mask", line: line)
            }
            instances.append(Instance(detection: COCOResults.Detection(imageId: imageId, categoryId: categoryId, score: score, bbox: bbox, line: line),
                                      mask: mask))
        }
        return InstanceMaskFile(instances: instances, source: parser.file)
    }

    private static func mask(_ parser: inout JSONPullParser) throws -> Mask {
        let line = parser.line
        var fields = RLEFields()
        var logits: [Double]?
        try parser.beginObject("mask")
        while let key = try parser.nextKey() {
            if try fields.read(key, from: &parser) { continue }
            guard key == "logits" else {
                try parser.skipValue()
                continue
            }
            guard let size = fields.size, size.count == 2 else { throw parser.error("mask size [height, width] must come before logits") }
            do {
                try RunLengthMask.checkSize(height: size[0], width: size[1])
            } catch {
                throw parser.error("mask: \(error)")
            }
            let expected = size[0] * size[1]
            var values: [Double] = []
            values.reserveCapacity(expected)
            try parser.beginArray("logits")
            while try parser.nextElement() {
                guard values.count < expected else { throw parser.error("more than \(expected) logits for a \(size[0])×\(size[1]) mask") }
                values.append(try parser.anyNumber("a logit"))
            }
            guard values.count == expected else { throw parser.error("\(values.count) logits for a \(size[0])×\(size[1]) mask") }
            logits = values
        }
        let binary = try fields.mask(parser, line: line, what: "mask")
        if let logits, let size = fields.size { return .logits(height: size[0], width: size[1], values: logits) }
        guard let binary else { throw parser.error("mask needs logits or counts", line: line) }
        return .binary(binary)
    }
}
