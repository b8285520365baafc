import Foundation
import EvalMetrics
import Recording
import EvalResults
import EvalJobs
import EvalReports

/// `spatial-eval coco-rle`: the compressed RLE mask COCOeval scores for every annotation
/// (and detection), so polygon ground truth can be stored as RLE once.
struct COCORLECommand: Command {
    let name = "coco-rle"
    let summary = "Print the RLE mask COCO mask scoring uses for every annotation (and detection)."
    let discussion = """
        Polygons are rasterised at their image's size exactly as pycocotools does \
        (several polygons of one object merged), RLE segments are re-encoded, and a box \
        result without a segment becomes the polygon of its box. Prints one JSON array of \
        {source, id, image_id, category_id, size, counts, area}, ground truth first, \
        detections numbered 1…N in file order. Exit status: 0 success, 1 bad input, 64 usage error.
        """
    static let gt = OptionKey<String>("gt", "GT.json", "COCO ground-truth file.")
    static let dt = OptionKey<String?>("dt", "RESULTS.json", "COCO results file.")
    let positionals: [any CommandPositional] = []
    let options: [any CommandOption] = [Self.gt, Self.dt]

    func run(_ arguments: ParsedArguments, output: OutputSink) throws -> ExitStatus {
        let groundTruth = try COCOGroundTruth.read(from: arguments[Self.gt])
        let maker = COCOMaskMaker(groundTruth: groundTruth)
        var writer = JSONWriter()
        writer.beginArray()
        func entry(_ source: String, id: Int, imageId: Int, categoryId: Int, mask: RunLengthMask) {
            writer.raw(nil, "{\"source\": \"\(source)\", \"id\": \(id), \"image_id\": \(imageId), \"category_id\": \(categoryId), "
                + "\"size\": [\(mask.height), \(mask.width)], \"counts\": \(JSONWriter.quoted(mask.compressedString)), \"area\": \(mask.area)}")
        }
        for annotation in groundTruth.annotations where annotation.segmentation != nil {
            entry("gt", id: annotation.id, imageId: annotation.imageId, categoryId: annotation.categoryId, mask: try maker.mask(of: annotation))
        }
        if let path = arguments[Self.dt] {
            let results = try COCOResults.read(from: path)
            let detections = try COCOPreparedDetection.prepare(results, imageIds: Set(groundTruth.images.map(\.id)))
            for detection in detections {
                entry("dt", id: detection.id, imageId: detection.imageId, categoryId: detection.categoryId,
                      mask: try maker.mask(of: detection, file: path))
            }
        }
        writer.endArray()
        output.out(writer.text)
        return .success
    }
}
