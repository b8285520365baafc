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
        let geometry = COCOCellGeometry(groundTruth: groundTruth, detections: detections, grouping: grouping,
                                        resultsSource: resultsSource, iouType: iouType)
        let chunks = inChunks(of: grouping.cells.count, minimumChunk: 64) { range -> Result<COCOAccumulation.CellTable, Error> in
            Result {
                var table = COCOAccumulation.CellTable()
                var buffers = CellBuffers()
                for c in range { try match(grouping.cells[c], geometry: geometry, parameters: parameters, into: &table, buffers: &buffers) }
                return table
            }
        }
        var table = COCOAccumulation.CellTable()
        for chunk in chunks { table.append(try chunk.get()) }
        let accumulation = COCOAccumulation(cells: table, categoryCount: grouping.categoryIds.count, parameters: parameters)
        return COCOEvaluation(
            parameters: parameters, iouType: iouType, imageIds: grouping.imageIds, categoryIds: grouping.categoryIds,
            precision: accumulation.precision, recall: accumulation.recall, droppedDetections: grouping.droppedDetections,
            detectionCount: detections.count - grouping.droppedDetections)
    }

    /// Working storage of ``match(_:geometry:parameters:into:buffers:)``, kept from cell to
    /// cell so that matching allocates nothing per cell.
    struct CellBuffers {
        var detections: [Int] = []
        var ious: [Double] = []
        var detectionAreas: [Double] = []
        var matching = COCOImageMatching.Buffers()
    }

    /// Matching of one cell in every area range, appended to `table`: detections stably
    /// sorted by descending score and capped at the largest `maxDets` before anything else.
    /// Detections and annotations are positions in the geometry's cell order (file order
    /// within the cell, so a lower position is an earlier detection).
    static func match(_ cell: COCOCellGrouping.Cell, geometry: COCOCellGeometry, parameters: COCOParameters,
                      into table: inout COCOAccumulation.CellTable, buffers: inout CellBuffers) throws {
        let scores = geometry.detectionScores
        buffers.detections.removeAll(keepingCapacity: true)
        buffers.detections += cell.detections
        buffers.detections.sort { a, b in scores[a] > scores[b] || (scores[a] == scores[b] && a < b) }
        let cap = parameters.maxDetections.last ?? 100
        if buffers.detections.count > cap { buffers.detections.removeLast(buffers.detections.count - cap) }
        let detections = buffers.detections[...]
        try geometry.ious(detections: detections, groundTruth: cell.groundTruth, into: &buffers.ious)
        buffers.detectionAreas.removeAll(keepingCapacity: true)
        for d in detections { buffers.detectionAreas.append(geometry.detectionAreas[d]) }
        let perArea = parameters.iouThresholds.count * detections.count
        let offset = table.outcomes.count
        table.outcomes.append(contentsOf: repeatElement(0, count: parameters.areaRanges.count * perArea))
        let ious = buffers.ious, detectionAreas = buffers.detectionAreas
        for (a, range) in parameters.areaRanges.enumerated() {
            let counted = ious.withUnsafeBufferPointer { ious in
                COCOImageMatching.match(ious: ious, groundTruthAreas: geometry.groundTruthAreas[cell.groundTruth],
                                        crowd: geometry.groundTruthCrowd[cell.groundTruth], detectionAreas: detectionAreas[...],
                                        range: range, thresholds: parameters.iouThresholds,
                                        into: &table.outcomes, at: offset + a * perArea, buffers: &buffers.matching)
            }
            table.countedGroundTruth.append(counted)
        }
        table.categories.append(cell.category)
        for d in detections { table.scores.append(scores[d]) }
        table.detectionStarts.append(table.scores.count)
    }
}
