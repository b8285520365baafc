import Recording
import Foundation
import EvalNumerics
import EvalMetrics
import EvalResults
import EvalJobs
import EvalReports

/// Renders a ``COCOEvaluation``: pycocotools' twelve summary lines (−1 printed as `n/a`), or
/// JSON with the twelve numbers unrounded and the full precision and recall arrays.
enum COCOEvaluationFormatting {
    /// The summary block as pycocotools prints it, three decimals, `n/a` for −1.
    static func table(_ evaluation: COCOEvaluation, groundTruth: String, results: String) -> String {
        var lines = [
            "COCO \(evaluation.iouType.rawValue) scoring (pycocotools 2.0 conventions)",
            "ground truth  \(groundTruth)",
            "results       \(results)",
            "images \(evaluation.imageIds.count), categories \(evaluation.categoryIds.count), detections \(evaluation.detectionCount)"
                + (evaluation.droppedDetections > 0 ? " (\(evaluation.droppedDetections) dropped: category not listed)" : ""),
            "",
        ]
        let p = evaluation.parameters
        for (statistic, value) in zip(COCOEvaluation.statistics, evaluation.stats) {
            let title = statistic.isPrecision ? "Average Precision  (AP)" : "Average Recall     (AR)"
            let iou = statistic.iou.map { String(format: "%0.2f     ", $0) }
                ?? String(format: "%0.2f:%0.2f", p.iouThresholds[0], p.iouThresholds[p.iouThresholds.count - 1])
            let area = String(repeating: " ", count: max(0, 6 - statistic.area.count)) + statistic.area
            let number = value == -1 ? "n/a" : String(format: "%0.3f", value)
            lines.append(String(format: " %@ @[ IoU=%@ | area=%@ | maxDets=%3d ] = %@", title, iou, area, statistic.maxDetections, number))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Everything, unrounded: `stats` (−1 kept, as pycocotools stores it), named summary
    /// values, parameters, and `precision` `[T][R][K][A][M]` / `recall` `[T][K][A][M]` as nested lists.
    static func json(_ evaluation: COCOEvaluation, groundTruth: String, results: String) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        write(evaluation, groundTruth: groundTruth, results: results, into: &writer)
        writer.endObject()
        return writer.text
    }

    /// The members of ``json(_:groundTruth:results:)`` inside an open object.
    static func write(_ evaluation: COCOEvaluation, groundTruth: String, results: String, into writer: inout JSONWriter) {
        let p = evaluation.parameters
        writer.string("tool", "spatial-eval")
        writer.string("version", ToolInfo.version)
        writer.string("iou_type", evaluation.iouType.rawValue)
        writer.string("gt", groundTruth)
        writer.string("dt", results)
        writer.integer("images", evaluation.imageIds.count)
        writer.integer("detections", evaluation.detectionCount)
        writer.integer("dropped_detections", evaluation.droppedDetections)
        let stats = evaluation.stats
        writer.raw("stats", JSONWriter.compactArray(stats))
        writer.beginObject("summary")
        for (statistic, value) in zip(COCOEvaluation.statistics, stats) { writer.number(statistic.name, value) }
        writer.endObject()
        writer.raw("category_ids", "[" + evaluation.categoryIds.map(String.init).joined(separator: ", ") + "]")
        writer.raw("iou_thresholds", JSONWriter.compactArray(p.iouThresholds))
        writer.raw("recall_thresholds", JSONWriter.compactArray(p.recallThresholds))
        writer.raw("max_dets", "[" + p.maxDetections.map(String.init).joined(separator: ", ") + "]")
        writer.raw("area_ranges", "[" + p.areaRanges.map { JSONWriter.compactArray([$0.lower, $0.upper]) }.joined(separator: ", ") + "]")
        let t = p.iouThresholds.count, r = p.recallThresholds.count
        let k = evaluation.categoryIds.count, a = p.areaRanges.count, m = p.maxDetections.count
        let precision = blocks(evaluation.precision, count: t * r * k, areas: a, caps: m)
        writer.beginArray("precision")
        for ti in 0..<t {
            writer.beginArray()
            for ri in 0..<r {
                writer.beginArray()
                for kk in 0..<k { writer.raw(nil, precision[(ti * r + ri) * k + kk]) }
                writer.endArray()
            }
            writer.endArray()
        }
        writer.endArray()
        let recall = blocks(evaluation.recall, count: t * k, areas: a, caps: m)
        writer.beginArray("recall")
        for ti in 0..<t {
            writer.beginArray()
            for kk in 0..<k { writer.raw(nil, recall[ti * k + kk]) }
            writer.endArray()
        }
        writer.endArray()
    }

    /// The innermost `[A][M]` blocks of `values` (`count` of them, in C order), each the text
    /// of one line, formatted on all cores: the arrays hold about a million numbers.
    private static func blocks(_ values: [Double], count: Int, areas a: Int, caps m: Int) -> [String] {
        inChunks(of: count, minimumChunk: 256) { range in
            var bytes: [UInt8] = []
            var numbers = JSONWriter.NumberText()
            return range.map { b in
                bytes.removeAll(keepingCapacity: true)
                bytes.append(UInt8(ascii: "["))
                for ai in 0..<a {
                    if ai > 0 { bytes.append(contentsOf: ", ".utf8) }
                    let start = (b * a + ai) * m
                    numbers.appendArray(values[start..<(start + m)], to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
                return String(decoding: bytes, as: UTF8.self)
            }
        }.flatMap { $0 }
    }
}
