import Recording

/// The IoU table of one (image, category) cell, boxes or masks, with the input checks
/// COCOeval leaves to crash or to silently wrong numbers (`spec.md#coco-mask-iou`): a
/// ground-truth box or segment that is needed must exist, polygons need the image size,
/// and masks compared with each other must have the same size.
struct COCOCellGeometry: Sendable {
    let groundTruth: [COCOGroundTruth.Annotation]
    let detections: [COCOPreparedDetection]
    let groundTruthSource: String
    let resultsSource: String
    let iouType: COCOIoUType
    let imageSizes: [Int: (height: Int, width: Int)]

    init(groundTruth: COCOGroundTruth, detections: [COCOPreparedDetection], resultsSource: String, iouType: COCOIoUType) {
        self.groundTruth = groundTruth.annotations
        self.detections = detections
        self.groundTruthSource = groundTruth.source
        self.resultsSource = resultsSource
        self.iouType = iouType
        var sizes: [Int: (height: Int, width: Int)] = [:]
        for image in groundTruth.images {
            if let height = image.height, let width = image.width { sizes[image.id] = (height, width) }
        }
        imageSizes = sizes
    }

    /// `ious[d · G + g]` for detections `detections` (score order) and annotations `groundTruth` (file order).
    func ious(detections d: [Int], groundTruth g: [Int]) throws -> [Double] {
        if d.isEmpty || g.isEmpty { return [] }
        var table = [Double](repeating: 0, count: d.count * g.count)
        switch iouType {
        case .bbox:
            let boxes = try g.map { index -> COCOBox in
                guard let box = groundTruth[index].bbox else {
                    throw InputError(file: groundTruthSource, line: groundTruth[index].line, message: "annotation \(groundTruth[index].id) has no bbox")
                }
                return box
            }
            for (i, detection) in d.enumerated() {
                let box = detections[detection].bbox
                for (j, gtBox) in boxes.enumerated() {
                    table[i * g.count + j] = BoxIoU.iou(box, gtBox, crowd: groundTruth[g[j]].isCrowd)
                }
            }
        case .segm:
            let gtMasks = try g.map(groundTruthMask)
            let gtBoxes = gtMasks.map(\.cocoBoundingBox)
            for (i, detection) in d.enumerated() {
                let mask = try detectionMask(detection)
                let box = mask.cocoBoundingBox
                for (j, gtMask) in gtMasks.enumerated() {
                    guard gtMask.height == mask.height && gtMask.width == mask.width else {
                        throw InputError(
                            file: resultsSource, line: detections[detection].line,
                            message: "the detection's mask is \(mask.height)×\(mask.width) but annotation \(groundTruth[g[j]].id) (line \(groundTruth[g[j]].line) of \(groundTruthSource)) is \(gtMask.height)×\(gtMask.width); masks of one image must have one size")
                    }
                    // Masks whose boxes do not overlap cannot overlap (pycocotools skips them the same way).
                    guard BoxIoU.iou(box, gtBoxes[j], crowd: false) > 0 else { continue }
                    table[i * g.count + j] = RunLengthMask.iou(mask, gtMask, crowd: groundTruth[g[j]].isCrowd)
                }
            }
        }
        return table
    }

    private func groundTruthMask(_ index: Int) throws -> RunLengthMask {
        let annotation = groundTruth[index]
        switch annotation.segmentation {
        case .mask(let mask)?: return mask
        case .polygons(let polygons)?:
            return try rasterise(polygons, imageId: annotation.imageId, file: groundTruthSource, line: annotation.line)
        case nil:
            throw InputError(file: groundTruthSource, line: annotation.line, message: "annotation \(annotation.id) has no segmentation (needed for mask scoring)")
        }
    }

    private func detectionMask(_ index: Int) throws -> RunLengthMask {
        let detection = detections[index]
        switch detection.segmentation {
        case .mask(let mask)?: return mask
        case .polygons(let polygons)?:
            return try rasterise(polygons, imageId: detection.imageId, file: resultsSource, line: detection.line)
        case nil:
            // A box result is scored as the polygon of its box, as pycocotools' loader makes it.
            let b = detection.bbox
            let x2 = b.x + b.width, y2 = b.y + b.height
            return try rasterise([[b.x, b.y, b.x, y2, x2, y2, x2, b.y]], imageId: detection.imageId, file: resultsSource, line: detection.line)
        }
    }

    private func rasterise(_ polygons: [[Double]], imageId: Int, file: String, line: Int) throws -> RunLengthMask {
        guard let size = imageSizes[imageId] else {
            throw InputError(file: groundTruthSource, message: "image \(imageId) needs width and height to rasterise polygons (file \(file), line \(line))")
        }
        do {
            return try PolygonRasterizer.mask(polygons: polygons, height: size.height, width: size.width)
        } catch {
            throw InputError(file: file, line: line, message: "segmentation: \(error)")
        }
    }
}
