/// The `segmentation` of a COCO annotation or result: polygons (flat `[x1, y1, x2, y2, …]`
/// lists, rasterised later against the image size) or a run-length mask (compressed or not).
public enum COCOSegmentation: Equatable, Sendable {
    /// One or more polygons, each a flat list of coordinates.
    case polygons([[Double]])
    /// A decoded run-length mask.
    case mask(RunLengthMask)
}

extension JSONPullParser {
    /// Reads a `segmentation` value: an array of polygons or an RLE object `{size, counts}`.
    mutating func segmentation() throws -> COCOSegmentation {
        let line = self.line
        if try peek() == .array {
            var polygons: [[Double]] = []
            try beginArray("segmentation")
            while try nextElement() {
                var polygon: [Double] = []
                try beginArray("a segmentation polygon")
                while try nextElement() {
                    let value = try number("a polygon coordinate")
                    guard abs(value) <= COCOLimits.maximumPolygonCoordinate else {
                        throw error("polygon coordinate \(value) is beyond ±\(COCOLimits.maximumPolygonCoordinate)")
                    }
                    polygon.append(value)
                }
                polygons.append(polygon)
            }
            return .polygons(polygons)
        }
        var fields = RLEFields()
        try beginObject("segmentation")
        while let key = try nextKey() {
            if try !fields.read(key, from: &self) { try skipValue() }
        }
        guard let mask = try fields.mask(self, line: line, what: "segmentation") else { throw error("segmentation needs counts", line: line) }
        return .mask(mask)
    }

    /// Reads a `bbox` value `[x, y, w, h]`; nil for `[]`, which COCO treats as "no box". A negative
    /// width or height is an error unless `allowingNegativeSize`.
    mutating func box(_ what: String, allowingNegativeSize: Bool = false) throws -> COCOBox? {
        var values: (Double, Double, Double, Double) = (0, 0, 0, 0)  // no array: one box per detection
        var count = 0
        try beginArray(what)
        while try nextElement() {
            guard count < 4 else { throw error("\(what) must be [x, y, width, height]") }
            let value = try number("a \(what) value")
            guard abs(value) <= COCOLimits.maximumBoxCoordinate else { throw error("\(what) value \(value) is beyond ±\(COCOLimits.maximumBoxCoordinate)") }
            switch count {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: values.3 = value
            }
            count += 1
        }
        if count == 0 { return nil }
        guard count == 4 else { throw error("\(what) must be [x, y, width, height]") }
        let box = COCOBox(x: values.0, y: values.1, width: values.2, height: values.3)
        guard allowingNegativeSize || !box.hasNegativeSize else { throw error("\(what) has a negative width or height") }
        return box
    }
}

/// The members of a COCO RLE object, `size` and `counts` (a compressed string or a list of
/// runs), collected in any order and turned into a checked mask.
struct RLEFields {
    /// `[height, width]` when read.
    private(set) var size: [Int]?
    private var runs: [UInt32]?
    private var compressed: String?

    /// Reads the value of `key` when it is `size` or `counts`; false for any other key (not read).
    mutating func read(_ key: String, from parser: inout JSONPullParser) throws -> Bool {
        switch key {
        case "size":
            var values: [Int] = []
            try parser.beginArray("size")
            while try parser.nextElement() {
                guard values.count < 2 else { throw parser.error("size must be [height, width]") }
                values.append(try parser.integer("a size"))
            }
            size = values
        case "counts":
            if try parser.peek() == .string {
                compressed = try parser.string()
                runs = nil
            } else {
                var values: [UInt32] = []
                try parser.beginArray("counts")
                while try parser.nextElement() {
                    let value = try parser.integer("a run length")
                    guard value >= 0, value <= COCOLimits.maximumPixels else {
                        throw parser.error("run length \(value) is outside 0…\(COCOLimits.maximumPixels)")
                    }
                    guard values.count <= COCOLimits.maximumPixels else { throw parser.error("too many runs") }
                    values.append(UInt32(value))
                }
                runs = values
                compressed = nil
            }
        default:
            return false
        }
        return true
    }

    /// The checked mask; nil when no counts were given; an error without a size of two.
    func mask(_ parser: JSONPullParser, line: Int, what: String) throws -> RunLengthMask? {
        guard let size, size.count == 2 else { throw parser.error("\(what) needs size [height, width]", line: line) }
        do {
            if let compressed { return try RunLengthMask(height: size[0], width: size[1], compressed: compressed) }
            if let runs { return try RunLengthMask(height: size[0], width: size[1], counts: runs) }
        } catch {
            throw parser.error("\(what): \(error)", line: line)
        }
        return nil
    }
}
