import Recording

/// The mask COCOeval scores for an annotation or a detection (`spec.md#coco-polygon-raster`):
/// an RLE as given, polygons rasterised at the image's size, and a box result without a
/// segment as the polygon of its box.
public struct COCOMaskMaker: Sendable {
    private let imageSizes: [Int: (height: Int, width: Int)]
    private let groundTruthSource: String

    /// Takes the image sizes from `groundTruth`.
    public init(groundTruth: COCOGroundTruth) {
        var sizes: [Int: (height: Int, width: Int)] = [:]
        for image in groundTruth.images {
            if let height = image.height, let width = image.width { sizes[image.id] = (height, width) }
        }
        imageSizes = sizes
        groundTruthSource = groundTruth.source
    }

    /// The mask of a ground-truth annotation.
    public func mask(of annotation: COCOGroundTruth.Annotation) throws -> RunLengthMask {
        switch annotation.segmentation {
        case .mask(let mask)?: return mask
        case .polygons(let polygons)?:
            return try rasterise(polygons, imageId: annotation.imageId, file: groundTruthSource, line: annotation.line)
        case nil:
            throw InputError(file: groundTruthSource, line: annotation.line,
                             message: "annotation \(annotation.id) has no segmentation (needed for mask scoring)")
        }
    }

    /// The mask of a detection from `file`.
    public func mask(of detection: COCOPreparedDetection, file: String) throws -> RunLengthMask {
        switch detection.segmentation {
        case .mask(let mask)?: return mask
        case .polygons(let polygons)?:
            return try rasterise(polygons, imageId: detection.imageId, file: file, line: detection.line)
        case nil:
            let b = detection.bbox
            let x2 = b.x + b.width, y2 = b.y + b.height
            return try rasterise([[b.x, b.y, b.x, y2, x2, y2, x2, b.y]], imageId: detection.imageId, file: file, line: detection.line)
        }
    }

    private func rasterise(_ polygons: [[Double]], imageId: Int, file: String, line: Int) throws -> RunLengthMask {
        guard let size = imageSizes[imageId] else {
            throw InputError(file: file, line: line,
                             message: "image \(imageId) has no width and height in \(groundTruthSource), needed to rasterise polygons")
        }
        do {
            return try PolygonRasterizer.mask(polygons: polygons, height: size.height, width: size.width)
        } catch {
            throw InputError(file: file, line: line, message: "segmentation: \(error)")
        }
    }
}
