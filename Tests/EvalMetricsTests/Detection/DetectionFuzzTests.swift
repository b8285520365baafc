import EvalMetrics
import EvalNumerics
import Foundation
import Recording
import Testing

/// Seeded mutations of valid files: every reader and the scoring must either succeed or
/// throw an input error, never crash, hang or allocate without bound.
@Suite("Detection input fuzzing")
struct DetectionFuzzTests {
    static let groundTruth = """
        {"images": [{"id": 1, "width": 20, "height": 16}, {"id": 2, "width": 20, "height": 16}],
         "categories": [{"id": 1, "name": "a"}, {"id": 3, "name": "b"}],
         "annotations": [
          {"id": 1, "image_id": 1, "category_id": 1, "bbox": [1, 2, 8, 6], "area": 40, "iscrowd": 0, "segmentation": [[1, 2, 9, 2, 9, 8, 1, 8]]},
          {"id": 2, "image_id": 2, "category_id": 3, "bbox": [0, 0, 4, 4], "area": 16, "iscrowd": 1, "segmentation": {"size": [16, 20], "counts": [0, 4, 12, 4, 300]}}]}
        """
    static let results = """
        [{"image_id": 1, "category_id": 1, "bbox": [1.5, 2, 8, 6], "score": 0.9, "segmentation": {"size": [16, 20], "counts": "R16:00000000000^5"}},
         {"image_id": 2, "category_id": 3, "bbox": [0, 0, 5, 4], "score": 0.4}]
        """
    static let alphabet = Array("{}[]:,\"0123456789.-eE+ nN\\u".utf8)

    private static func mutate(_ text: String, _ rng: inout SplitMix64) -> Data {
        var bytes = Array(text.utf8)
        for _ in 0..<(1 + Int(rng.next() % 4)) where !bytes.isEmpty {
            let at = Int(rng.next() % UInt64(bytes.count))
            switch rng.next() % 4 {
            case 0: bytes[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
            default:
                let end = min(bytes.count, at + Int(rng.next() % 12))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            }
        }
        return Data(bytes)
    }

    @Test("mutated ground truth and results: parsed or rejected with an input error, and scored without crashing")
    func mutations() {
        var rng = SplitMix64(seed: 20261201)
        let cleanGT = try! COCOGroundTruth.decode(Data(Self.groundTruth.utf8), file: "gt.json")
        let cleanDT = try! COCOResults.decode(Data(Self.results.utf8), file: "dt.json")
        var parsed = 0
        for round in 0..<600 {
            let mutateGT = round % 2 == 0
            do {
                let gt = mutateGT ? try COCOGroundTruth.decode(Self.mutate(Self.groundTruth, &rng), file: "gt.json") : cleanGT
                let dt = mutateGT ? cleanDT : try COCOResults.decode(Self.mutate(Self.results, &rng), file: "dt.json")
                parsed += 1
                for type in COCOIoUType.allCases {
                    _ = try? COCOEvaluator.evaluate(groundTruth: gt, results: dt, iouType: type)
                }
            } catch is InputError {
                continue
            } catch {
                Issue.record("round \(round): not an input error: \(error)")
            }
        }
        #expect(parsed > 0)
    }
}
