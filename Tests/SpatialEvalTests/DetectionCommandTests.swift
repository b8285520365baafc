import Foundation
import EvalResults
import EvalJobs
import EvalReports
import EvalCommandLine
import TestSupport
import Testing

@Suite("Detection commands")
struct DetectionCommandTests {
    static let coco = referenceDataFolder("coco_val2014_100")

    private let gt = """
        {"images": [{"id": 1, "width": 100, "height": 80}, {"id": 2, "width": 100, "height": 80}],
         "categories": [{"id": 1, "name": "cup"}, {"id": 5, "name": "traffic light"}],
         "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20], "area": 400, "iscrowd": 0},
                         {"id": 2, "image_id": 2, "category_id": 5, "bbox": [50, 10, 10, 30], "area": 300, "iscrowd": 0}]}
        """
    private let reference = """
        [{"image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20], "score": 0.9},
         {"image_id": 2, "category_id": 5, "bbox": [50, 10, 10, 30], "score": 0.8},
         {"image_id": 2, "category_id": 1, "bbox": [0, 0, 5, 5], "score": 0.1}]
        """

    @Test("score-det on the real coco_val2014_100 boxes prints pycocotools' official summary", .enabled(if: coco != nil))
    func realData() throws {
        let folder = try #require(Self.coco)
        let (status, output) = runTool(["score-det", "--gt", folder + "/instances_val2014_100.json",
                                        "--dt", folder + "/instances_val2014_fakebbox100_results.json"])
        #expect(status == 0)
        let values = output.standardOutput.split(separator: "\n").filter { $0.contains("] = ") }.map { $0.split(separator: " ").last! }
        #expect(values == ["0.505", "0.697", "0.573", "0.586", "0.519", "0.501", "0.387", "0.594", "0.595", "0.640", "0.566", "0.564"])
    }

    @Test("score-det: JSON with the full arrays; a result on an unlisted image is exit 1 naming the file and line")
    func scoreDet() throws {
        let folder = try TemporaryDirectory()
        let gtPath = try folder.write(gt, to: "gt.json"), dtPath = try folder.write(reference, to: "dt.json")
        let (status, output) = runTool(["score-det", "--gt", gtPath, "--dt", dtPath, "--format", "json"])
        #expect(status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as! [String: Any]
        #expect((json["stats"] as! [Double]).count == 12)
        #expect((json["precision"] as! [Any]).count == 10)
        let bad = try folder.write(#"[{"image_id": 3, "category_id": 1, "bbox": [1, 1, 1, 1], "score": 1}]"#, to: "bad.json")
        let (badStatus, badOutput) = runTool(["score-det", "--gt", gtPath, "--dt", bad])
        #expect(badStatus == 1)
        #expect(badOutput.standardError.contains("bad.json:1:"))
    }

    @Test("score-det: boxes of negative size are scored with one warning per file; --strict refuses them naming file and line")
    func negativeSizes() throws {
        let folder = try TemporaryDirectory()
        let gtPath = try folder.write(gt, to: "gt.json")
        let dtPath = try folder.write("""
            [{"image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20], "score": 0.9},
             {"image_id": 1, "category_id": 1, "bbox": [10, 10, -20, 20], "score": 0.95},
             {"image_id": 2, "category_id": 5, "bbox": [50, 10, -10, -30], "score": 0.8}]
            """, to: "dt.json")
        let (status, output) = runTool(["score-det", "--gt", gtPath, "--dt", dtPath])
        #expect(status == 0)
        let warnings = output.standardError.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings == ["warning: \(dtPath): 2 boxes of negative width or height (lines 2, 3), scored as pycocotools scores them; --strict refuses them"])
        #expect(output.standardOutput.contains("IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.500"))
        let (strict, strictOutput) = runTool(["score-det", "--gt", gtPath, "--dt", dtPath, "--strict"])
        #expect(strict == 1)
        #expect(strictOutput.standardError.contains("\(dtPath):2: bbox has a negative width or height"))
        let negativeGT = try folder.write(gt.replacingOccurrences(of: "[50, 10, 10, 30]", with: "[50, 10, 10, -30]"), to: "negative-gt.json")
        let refPath = try folder.write(reference, to: "ref.json")
        let (gtStatus, gtOutput) = runTool(["score-det", "--gt", negativeGT, "--dt", refPath])
        #expect(gtStatus == 0)
        #expect(gtOutput.standardError.contains("warning: \(negativeGT): 1 box of negative width or height (line 4)"))
        let (gtStrict, _) = runTool(["score-det", "--gt", negativeGT, "--dt", refPath, "--strict"])
        #expect(gtStrict == 1)
    }

    @Test("det-parity: the negative-size warning names at most five lines, once per file")
    func warningLines() throws {
        let folder = try TemporaryDirectory()
        let boxes = (0..<7).map { #"{"image_id": 1, "category_id": 1, "bbox": [10, 10, -20, 20], "score": 0.\#($0 + 1)}"# }
        let path = try folder.write("[" + boxes.joined(separator: ",\n") + "]", to: "v.json")
        let refPath = try folder.write(reference, to: "ref.json")
        let (status, output) = runTool(["det-parity", "--reference", refPath, "--variant", path, "--threshold", "0.5"])
        #expect(status == 0 || status == 2)
        let warnings = output.standardError.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings == ["warning: \(path): 7 boxes of negative width or height (lines 1, 2, 3, 4, 5, …), scored as pycocotools scores them; --strict refuses them"])
    }

    @Test("det-parity: an identical variant passes (gap 0), a blind one fails with exit 2; the report folder is written")
    func detParity() throws {
        let folder = try TemporaryDirectory()
        let gtPath = try folder.write(gt, to: "gt.json"), refPath = try folder.write(reference, to: "ref.json")
        let (same, sameOutput) = runTool(["det-parity", "--gt", gtPath, "--reference", refPath, "--variant", refPath, "--threshold", "0.5",
                                          "--report", folder.file("report"), "--max-misses", "0"])
        #expect(same == 0)
        #expect(sameOutput.standardOutput.contains("PASS"))
        #expect(try folder.entries().contains("report"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("report")).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ["parity-iou.svg", "parity-score-delta.svg", "parity.json", "report.html", "report.md"])
        let blind = try folder.write(#"[{"image_id": 1, "category_id": 5, "bbox": [60, 60, 5, 5], "score": 0.9}]"#, to: "blind.json")
        let (status, output) = runTool(["det-parity", "--reference", refPath, "--variant", blind, "--threshold", "0.5", "--agreement-gate", "1"])
        #expect(status == 2)
        #expect(output.standardOutput.contains("FAIL"))
    }

    @Test("gate-log exits 2 on an unparsed line in a block; mask-parity exits 2 when a renderer moved pixels")
    func gateAndMasks() throws {
        let folder = try TemporaryDirectory()
        let clean = try folder.write("GATE begin m\nGATE det cup 0.9 1 1 5 5\nGATE end 1\n", to: "clean.log")
        let broken = try folder.write("GATE det cup 0,9 1 1 5 5\n", to: "broken.log")
        #expect(runTool(["gate-log", clean]).status == 0)
        #expect(runTool(["gate-log", broken]).status == 2)
        let a = try folder.write(#"[{"image_id": 1, "category_id": 1, "score": 0.9, "bbox": [0, 0, 2, 2], "mask": {"size": [1, 2], "logits": [1, -1]}}]"#, to: "a.json")
        let b = try folder.write(#"[{"image_id": 1, "category_id": 1, "score": 0.9, "bbox": [0, 0, 2, 2], "mask": {"size": [1, 2], "logits": [-1, 1]}}]"#, to: "b.json")
        #expect(runTool(["mask-parity", "--reference", a, "--variant", a, "--change", "renderer"]).status == 0)
        #expect(runTool(["mask-parity", "--reference", a, "--variant", b, "--change", "renderer"]).status == 2)
    }
}
