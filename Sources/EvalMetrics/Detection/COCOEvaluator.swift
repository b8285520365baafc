import EvalNumerics
import Recording

/// COCO detection scoring, identical to pycocotools 2.0.x `COCOeval` for boxes and masks
/// (`spec.md#coco-scoring`): evaluate every (image, category) cell, accumulate, summarise.
public enum COCOEvaluator {
    /// Scores a results file against a ground-truth file.
    public static func evaluate(groundTruth: COCOGroundTruth, results: COCOResults, iouType: COCOIoUType,
                                parameters: COCOParameters = .standard) throws -> COCOEvaluation {
        let detections = try COCOPreparedDetection.prepare(results, imageIds: Set(groundTruth.images.map(\.id)))
        return try evaluate(groundTruth: groundTruth, detections: detections, resultsSource: results.source,
                            iouType: iouType, parameters: parameters)
    }

    /// Scores detections already prepared (numbered, with areas) against a ground truth.
    public static func evaluate(groundTruth: COCOGroundTruth, detections: [COCOPreparedDetection], resultsSource: String,
                                iouType: COCOIoUType, parameters: COCOParameters = .standard) throws -> COCOEvaluation {
        let grouping = COCOCellGrouping(
            imageIds: groundTruth.images.map(\.id), categoryIds: groundTruth.categories.map(\.id),
            groundTruth: groundTruth.annotations.map { ($0.imageId, $0.categoryId) },
            detections: detections.map { ($0.imageId, $0.categoryId) })
        let geometry = COCOCellGeometry(groundTruth: groundTruth, detections: detections, resultsSource: resultsSource, iouType: iouType)
        let cells = grouping.cells
        let chunks = inChunks(of: cells.count, minimumChunk: 64) { range -> Result<[COCOAccumulation.CellOutcomes], Error> in
            Result { try range.map { try outcomes(of: cells[$0], geometry: geometry, parameters: parameters) } }
        }
        var cellOutcomes: [COCOAccumulation.CellOutcomes] = []
        cellOutcomes.reserveCapacity(cells.count)
        for chunk in chunks { cellOutcomes += try chunk.get() }
        let accumulation = COCOAccumulation(cells: cellOutcomes, categoryCount: grouping.categoryIds.count, parameters: parameters)
        return COCOEvaluation(
            parameters: parameters, iouType: iouType, imageIds: grouping.imageIds, categoryIds: grouping.categoryIds,
            precision: accumulation.precision, recall: accumulation.recall, droppedDetections: grouping.droppedDetections,
            detectionCount: detections.count - grouping.droppedDetections)
    }

    /// Matching of one cell in every area range: detections stably sorted by descending
    /// score and capped at the largest `maxDets` before anything else.
    static func outcomes(of cell: COCOCellGrouping.Cell, geometry: COCOCellGeometry,
                         parameters: COCOParameters) throws -> COCOAccumulation.CellOutcomes {
        let scores = geometry.detections
        let sorted = cell.detections.sorted { a, b in
            scores[a].score > scores[b].score || (scores[a].score == scores[b].score && a < b)
        }
        let detections = Array(sorted.prefix(parameters.maxDetections.last ?? 100))
        let ious = try geometry.ious(detections: detections, groundTruth: cell.groundTruth)
        let groundTruthAreas = cell.groundTruth.map { geometry.groundTruth[$0].area }
        let crowd = cell.groundTruth.map { geometry.groundTruth[$0].isCrowd }
        let detectionAreas = detections.map { scores[$0].area }
        let perArea = parameters.iouThresholds.count * detections.count
        var outcomes = [UInt8](repeating: 0, count: parameters.areaRanges.count * perArea)
        let counted = ious.withUnsafeBufferPointer { buffer in
            parameters.areaRanges.enumerated().map { a, range in
                COCOImageMatching.match(ious: buffer, groundTruthAreas: groundTruthAreas, crowd: crowd, detectionAreas: detectionAreas,
                                        range: range, thresholds: parameters.iouThresholds, into: &outcomes, at: a * perArea)
            }
        }
        return COCOAccumulation.CellOutcomes(category: cell.category, scores: detections.map { scores[$0].score },
                                             countedGroundTruth: counted, outcomes: outcomes)
    }
}
