import Recording

/// The IoU table of one (image, category) cell, boxes or masks, with the input checks
/// COCOeval leaves to crash or to silently wrong numbers (`spec.md#coco-mask-iou`): a
/// ground-truth box or segment that is needed must exist, polygons need the image size,
/// and masks compared with each other must have the same size.
///
/// Detections and annotations are addressed by their position in the grouping's cell order
/// (``COCOCellGrouping/detectionIndices``, ``COCOCellGrouping/groundTruthIndices``); what
/// matching reads of them is copied into arrays in that order, so cell after cell reads
/// memory in order.
struct COCOCellGeometry: Sendable {
    let groundTruth: [COCOGroundTruth.Annotation]
    let detections: [COCOPreparedDetection]
    let groundTruthSource: String
    let resultsSource: String
    let iouType: COCOIoUType
    let masks: COCOMaskMaker
    /// Per position: the index into `detections`, and its score, area and box.
    let detectionIndices: [Int]
    let detectionScores: [Double]
    let detectionAreas: [Double]
    let detectionBoxes: [COCOBox]
    /// Per position: the index into `groundTruth`, and its area, crowd flag and box.
    let groundTruthIndices: [Int]
    let groundTruthAreas: [Double]
    let groundTruthCrowd: [Bool]
    let groundTruthBoxes: [COCOBox?]

    init(groundTruth: COCOGroundTruth, detections: [COCOPreparedDetection], grouping: COCOCellGrouping,
         resultsSource: String, iouType: COCOIoUType) {
        self.groundTruth = groundTruth.annotations
        self.detections = detections
        self.groundTruthSource = groundTruth.source
        self.resultsSource = resultsSource
        self.iouType = iouType
        masks = COCOMaskMaker(groundTruth: groundTruth)
        detectionIndices = grouping.detectionIndices
        detectionScores = detectionIndices.map { detections[$0].score }
        detectionAreas = detectionIndices.map { detections[$0].area }
        detectionBoxes = detectionIndices.map { detections[$0].bbox }
        groundTruthIndices = grouping.groundTruthIndices
        groundTruthAreas = groundTruthIndices.map { groundTruth.annotations[$0].area }
        groundTruthCrowd = groundTruthIndices.map { groundTruth.annotations[$0].isCrowd }
        groundTruthBoxes = groundTruthIndices.map { groundTruth.annotations[$0].bbox }
    }

    /// `table[d · G + g]` for the detections at positions `d` (score order) and the annotations
    /// at positions `g` (file order), written over `table` (empty when either list is).
    func ious(detections d: ArraySlice<Int>, groundTruth g: Range<Int>, into table: inout [Double]) throws {
        table.removeAll(keepingCapacity: true)
        if d.isEmpty || g.isEmpty { return }
        table.append(contentsOf: repeatElement(0, count: d.count * g.count))
        switch iouType {
        case .bbox:
            for (i, detection) in d.enumerated() {
                let box = detectionBoxes[detection]
                for (j, position) in g.enumerated() {
                    guard let gtBox = groundTruthBoxes[position] else {
                        let annotation = groundTruth[groundTruthIndices[position]]
                        throw InputError(file: groundTruthSource, line: annotation.line, message: "annotation \(annotation.id) has no bbox")
                    }
                    table[i * g.count + j] = BoxIoU.iou(box, gtBox, crowd: groundTruthCrowd[position])
                }
            }
        case .segm:
            let annotations = g.map { groundTruth[groundTruthIndices[$0]] }
            let gtMasks = try annotations.map { try masks.mask(of: $0) }
            let gtBoxes = gtMasks.map(\.cocoBoundingBox)
            for (i, position) in d.enumerated() {
                let detection = detections[detectionIndices[position]]
                let mask = try masks.mask(of: detection, file: resultsSource)
                let box = mask.cocoBoundingBox
                for (j, gtMask) in gtMasks.enumerated() {
                    guard gtMask.height == mask.height && gtMask.width == mask.width else {
                        throw InputError(
                            file: resultsSource, line: detection.line,
                            message: "the detection's mask is \(mask.height)×\(mask.width) but annotation \(annotations[j].id) (line \(annotations[j].line) of \(groundTruthSource)) is \(gtMask.height)×\(gtMask.width); masks of one image must have one size")
                    }
                    // Masks whose boxes do not overlap cannot overlap (pycocotools skips them the same way).
                    guard BoxIoU.iou(box, gtBoxes[j], crowd: false) > 0 else { continue }
                    table[i * g.count + j] = RunLengthMask.iou(mask, gtMask, crowd: annotations[j].isCrowd)
                }
            }
        }
    }
}
