import Foundation
import Recording
import TestSupport
import Testing

@Suite("COCO ground-truth and results files")
struct COCOFileTests {
    private let gt = """
        {"images": [{"id": 7, "width": 10, "height": 8}], "categories": [{"id": 3, "name": "cup"}],
         "annotations": [
          {"id": 1, "image_id": 7, "category_id": 3, "bbox": [1, 2, 3, 4], "area": 9.5, "iscrowd": 0, "ignore": 1},
          {"id": 2, "image_id": 7, "category_id": 3, "bbox": [0, 0, 2, 2], "area": 4, "iscrowd": 1,
           "segmentation": {"size": [8, 10], "counts": [0, 2, 6, 2, 70]}}]}
        """

    @Test("reads images, categories and annotations; the ignore field is not read; RLE decoded")
    func readsGroundTruth() throws {
        let file = try COCOGroundTruth.decode(Data(gt.utf8), file: "gt.json")
        #expect(file.images == [COCOGroundTruth.Image(id: 7, width: 10, height: 8)])
        #expect(file.categories == [COCOGroundTruth.Category(id: 3, name: "cup")])
        #expect(file.annotations.map(\.isCrowd) == [false, true])
        #expect(file.annotations[0].bbox == COCOBox(x: 1, y: 2, width: 3, height: 4))
        #expect(file.annotations[0].line == 3)
        guard case .mask(let mask) = file.annotations[1].segmentation else { Issue.record("no mask"); return }
        #expect(mask.area == 4)
    }

    @Test("annotation id 0, duplicate ids, missing area or iscrowd, negative sizes (when refused) are input errors with a line")
    func rejectsGroundTruth() {
        let cases: [(String, String)] = [
            (gt.replacingOccurrences(of: "\"id\": 1,", with: "\"id\": 0,"), "ids start at 1"),
            (gt.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 1,"), "appears twice"),
            (gt.replacingOccurrences(of: "\"area\": 9.5, ", with: ""), "area"),
            (gt.replacingOccurrences(of: "\"iscrowd\": 0, ", with: ""), "iscrowd"),
            (gt.replacingOccurrences(of: "[1, 2, 3, 4]", with: "[1, 2, -3, 4]"), "negative"),
            (gt.replacingOccurrences(of: "\"width\": 10", with: "\"width\": -10"), "not positive"),
            (gt.replacingOccurrences(of: "[0, 2, 6, 2, 70]", with: "[0, 2, 6, 2, 7]"), "add up"),
        ]
        for (text, needle) in cases {
            do {
                _ = try COCOGroundTruth.decode(Data(text.utf8), file: "gt.json", negativeBoxSizes: .reject)
                Issue.record("accepted input that should fail with \(needle)")
            } catch let error as InputError {
                #expect(error.file == "gt.json")
                #expect(error.description.contains(needle), "\(error)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test("results: an empty array is valid; bbox [] counts as absent; score is required")
    func readsResults() throws {
        #expect(try COCOResults.decode(Data("[]".utf8), file: "r.json").detections.isEmpty)
        let results = try COCOResults.decode(Data(#"[{"image_id": 7, "category_id": 3, "bbox": [], "score": 0.5, "segmentation": {"size": [2, 2], "counts": "04"}}]"#.utf8), file: "r.json")
        #expect(results.detections[0].bbox == nil)
        #expect(throws: InputError(file: "r.json", line: 1, message: "a detection without \"score\"")) {
            _ = try COCOResults.decode(Data(#"[{"image_id": 7, "category_id": 3, "bbox": [1, 1, 1, 1]}]"#.utf8), file: "r.json")
        }
    }
}

@Suite("COCO boxes of negative width or height")
struct COCONegativeBoxTests {
    private let resultsText = """
        [{"image_id": 7, "category_id": 3, "bbox": [1, 1, 4, 4], "score": 0.9},
         {"image_id": 7, "category_id": 3, "bbox": [1, 1, -4, 4], "score": 0.8},
         {"image_id": 7, "category_id": 3, "bbox": [1, 1, -4, -4], "score": 0.7}]
        """

    @Test("results: kept by default with their lines listed; refused naming the file and line when asked")
    func results() throws {
        let kept = try COCOResults.decode(Data(resultsText.utf8), file: "r.json")
        #expect(kept.negativeSizeBoxes == [2, 3])
        #expect(kept.detections[1].bbox == COCOBox(x: 1, y: 1, width: -4, height: 4))
        #expect(kept.detections[1].bbox?.area == -16)
        #expect(kept.detections[2].bbox?.area == 16)
        #expect(throws: InputError(file: "r.json", line: 2, message: "bbox has a negative width or height")) {
            _ = try COCOResults.decode(Data(resultsText.utf8), file: "r.json", negativeBoxSizes: .reject)
        }
    }

    @Test("ground truth: a box of negative height is kept by default and listed; its area field stays the area")
    func groundTruth() throws {
        let text = """
            {"images": [{"id": 7}], "categories": [{"id": 3, "name": "cup"}],
             "annotations": [{"id": 1, "image_id": 7, "category_id": 3, "bbox": [1, 2, 3, -4], "area": 12, "iscrowd": 0}]}
            """
        let file = try COCOGroundTruth.decode(Data(text.utf8), file: "gt.json")
        #expect(file.negativeSizeBoxes == [2])
        #expect(file.annotations[0].area == 12)
        #expect(file.annotations[0].bbox?.hasNegativeSize == true)
    }

    @Test("the mask-parity instance file still refuses a negative size")
    func instanceMaskFile() {
        let text = #"[{"image_id": 7, "category_id": 3, "score": 0.5, "bbox": [0, 0, -1, 1], "mask": {"size": [1, 1], "counts": [0, 1]}}]"#
        do {
            _ = try InstanceMaskFile.decode(Data(text.utf8), file: "m.json")
            Issue.record("accepted a negative width")
        } catch let error as InputError {
            #expect(error.file == "m.json")
            #expect(error.description.contains("negative width or height"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite("Run settings files")
struct RunSettingsTests {
    @Test("values compare as canonical JSON: key order inside objects does not matter, any other change does")
    func differences() throws {
        let folder = try TemporaryDirectory()
        let a = try RunSettings.read(from: folder.write(#"{"letterbox": 640, "nms": {"iou": 0.7, "agnostic": false}, "floor": 0.001}"#, to: "a.json"))
        let b = try RunSettings.read(from: folder.write(#"{"nms": {"agnostic": false, "iou": 0.7}, "letterbox": 640, "floor": 0.01, "bgr": true}"#, to: "b.json"))
        #expect(a.differences(from: b) == ["bgr", "floor"])
        #expect(a.differences(from: a).isEmpty)
    }
}
