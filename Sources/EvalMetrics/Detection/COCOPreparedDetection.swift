import Recording

/// A detection as COCOeval sees it after loading (`spec.md#coco-results-loading`): numbered
/// 1…N in file order, with its `area` and box filled in by the rule of the file's first
/// detection.
public struct COCOPreparedDetection: Equatable, Sendable {
    /// 1…N in file order.
    public var id: Int
    /// The image it is on.
    public var imageId: Int
    /// Its category.
    public var categoryId: Int
    /// Its confidence.
    public var score: Double
    /// The area that decides its area range.
    public var area: Double
    /// Its box (given, or the box of its mask).
    public var bbox: COCOBox
    /// Its segment when the file gave one; box results without one are scored as masks
    /// through the polygon of their box.
    public var segmentation: COCOSegmentation?
    /// Where it is in the file.
    public var line: Int

    /// COCO's results loading: the first detection decides the rule for every detection.
    /// With a box, every detection needs a box and its area is `w · h`; with only a
    /// segmentation, every detection needs an RLE mask, its area is the mask's pixel count
    /// and its box (unless given) is the mask's box. A detection on an image the ground truth
    /// does not list is an error, as in pycocotools.
    public static func prepare(_ results: COCOResults, imageIds: Set<Int>) throws -> [COCOPreparedDetection] {
        for detection in results.detections where !imageIds.contains(detection.imageId) {
            throw InputError(file: results.source, line: detection.line,
                             message: "detection on image \(detection.imageId), which the ground truth does not list (pycocotools: \"Results do not correspond to current coco set\")")
        }
        guard let first = results.detections.first else { return [] }
        let boxRule = first.bbox != nil
        if !boxRule && first.segmentation == nil {
            throw InputError(file: results.source, line: first.line, message: "the first detection has neither bbox nor segmentation")
        }
        var prepared: [COCOPreparedDetection] = []
        prepared.reserveCapacity(results.detections.count)
        for (index, detection) in results.detections.enumerated() {
            let area: Double
            let box: COCOBox
            if boxRule {
                guard let bbox = detection.bbox else {
                    throw InputError(file: results.source, line: detection.line,
                                     message: "a detection without bbox (the first detection has one, so every detection needs one)")
                }
                box = bbox
                area = bbox.area
            } else {
                guard case .mask(let mask) = detection.segmentation else {
                    throw InputError(file: results.source, line: detection.line,
                                     message: "a detection without an RLE segmentation (mask results must carry RLE masks)")
                }
                area = Double(mask.area)
                box = detection.bbox ?? mask.cocoBoundingBox
            }
            prepared.append(COCOPreparedDetection(
                id: index + 1, imageId: detection.imageId, categoryId: detection.categoryId, score: detection.score,
                area: area, bbox: box, segmentation: detection.segmentation, line: detection.line))
        }
        return prepared
    }
}
