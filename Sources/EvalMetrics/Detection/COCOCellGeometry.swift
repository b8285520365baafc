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
    let masks: COCOMaskMaker

    init(groundTruth: COCOGroundTruth, detections: [COCOPreparedDetection], resultsSource: String, iouType: COCOIoUType) {
        self.groundTruth = groundTruth.annotations
        self.detections = detections
        self.groundTruthSource = groundTruth.source
        self.resultsSource = resultsSource
        self.iouType = iouType
        masks = COCOMaskMaker(groundTruth: groundTruth)
    }

    /// `table[d · G + g]` for detections `detections` (score order) and annotations `groundTruth`
    /// (file order), written over `table` (empty when either list is).
    func ious(detections d: ArraySlice<Int>, groundTruth g: ArraySlice<Int>, into table: inout [Double]) throws {
        table.removeAll(keepingCapacity: true)
        if d.isEmpty || g.isEmpty { return }
        table.append(contentsOf: repeatElement(0, count: d.count * g.count))
        switch iouType {
        case .bbox:
            for (i, detection) in d.enumerated() {
                let box = detections[detection].bbox
                for (j, index) in g.enumerated() {
                    guard let gtBox = groundTruth[index].bbox else {
                        throw InputError(file: groundTruthSource, line: groundTruth[index].line, message: "annotation \(groundTruth[index].id) has no bbox")
                    }
                    table[i * g.count + j] = BoxIoU.iou(box, gtBox, crowd: groundTruth[index].isCrowd)
                }
            }
        case .segm:
            let gtMasks = try g.map { try masks.mask(of: groundTruth[$0]) }
            let gtBoxes = gtMasks.map(\.cocoBoundingBox)
            let gtIndices = Array(g)
            for (i, detection) in d.enumerated() {
                let mask = try masks.mask(of: detections[detection], file: resultsSource)
                let box = mask.cocoBoundingBox
                for (j, gtMask) in gtMasks.enumerated() {
                    guard gtMask.height == mask.height && gtMask.width == mask.width else {
                        throw InputError(
                            file: resultsSource, line: detections[detection].line,
                            message: "the detection's mask is \(mask.height)×\(mask.width) but annotation \(groundTruth[gtIndices[j]].id) (line \(groundTruth[gtIndices[j]].line) of \(groundTruthSource)) is \(gtMask.height)×\(gtMask.width); masks of one image must have one size")
                    }
                    // Masks whose boxes do not overlap cannot overlap (pycocotools skips them the same way).
                    guard BoxIoU.iou(box, gtBoxes[j], crowd: false) > 0 else { continue }
                    table[i * g.count + j] = RunLengthMask.iou(mask, gtMask, crowd: groundTruth[gtIndices[j]].isCrowd)
                }
            }
        }
    }
}
