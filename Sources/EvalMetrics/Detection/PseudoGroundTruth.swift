import Recording

/// Mode B of the parity gate (`spec.md#parity-mode-b`): the reference's confident boxes
/// (score ≥ the threshold) as ground truth, numbered from 1, `area = w·h`, no crowd, every
/// image and category listed, so a variant can be scored for agreement where there is no
/// real ground truth.
public enum PseudoGroundTruth {
    /// The pseudo ground truth of `reference` at `threshold`, over `imageIds` and `categoryIds`
    /// (each should include everything either side produced).
    public static func make(reference: [COCOResults.Detection], threshold: Double, imageIds: [Int], categoryIds: [Int],
                            source: String) throws -> COCOGroundTruth {
        var annotations: [COCOGroundTruth.Annotation] = []
        for detection in reference where detection.score >= threshold {
            guard let box = detection.bbox else {
                throw InputError(file: source, line: detection.line, message: "a reference detection without bbox (pseudo ground truth needs boxes)")
            }
            annotations.append(COCOGroundTruth.Annotation(
                id: annotations.count + 1, imageId: detection.imageId, categoryId: detection.categoryId, bbox: box,
                area: box.area, isCrowd: false, line: detection.line))
        }
        return try COCOGroundTruth(
            images: imageIds.map { COCOGroundTruth.Image(id: $0) },
            categories: categoryIds.map { COCOGroundTruth.Category(id: $0, name: "") },
            annotations: annotations, source: source + " (pseudo ground truth, score ≥ \(threshold))")
    }

    /// Sorted, distinct image ids of all detections given.
    public static func imageIds(_ lists: [COCOResults.Detection]...) -> [Int] {
        Array(Set(lists.joined().map(\.imageId))).sorted()
    }

    /// Sorted, distinct category ids of all detections given.
    public static func categoryIds(_ lists: [COCOResults.Detection]...) -> [Int] {
        Array(Set(lists.joined().map(\.categoryId))).sorted()
    }
}
