import EvalMetrics
import Recording
import Testing

/// Expected strings were produced by pycocotools 2.0.11 (`frPyObjects`, `merge`, `toBbox`).
@Suite("COCO mask geometry")
struct MaskGeometryTests {
    @Test("polygons rasterise exactly as pycocotools does, several parts merged")
    func polygons() throws {
        #expect(try PolygonRasterizer.mask(polygons: [[1, 1, 5, 5, 1, 8]], height: 10, width: 10).compressedString == ";74N2N2N_1")
        let merged = try PolygonRasterizer.mask(polygons: [[0.3, 0.2, 7.7, 1.1, 6.2, 6.9, 2.5, 5.5], [10, 10, 15, 10, 15, 14]], height: 16, width: 20)
        #expect(merged.compressedString == "`03=2O0O001OO1Lm10WN1O1O1U2")
        #expect(throws: PolygonRasterizer.Problem.self) { try PolygonRasterizer.mask(polygons: [[1, 1, 3, 4]], height: 10, width: 10) }
    }

    @Test("mask IoU, crowd IoU over the detection's area, and the box of a mask")
    func iou() throws {
        let a = try RunLengthMask(height: 4, width: 4, columnMajor: (0..<16).map { $0 < 8 })   // columns 0–1
        let b = try RunLengthMask(height: 4, width: 4, columnMajor: (0..<16).map { $0 >= 4 && $0 < 12 })  // columns 1–2
        #expect(RunLengthMask.iou(a, b, crowd: false) == 4.0 / 12)
        #expect(RunLengthMask.iou(a, b, crowd: true) == 0.5)
        #expect(b.cocoBoundingBox == COCOBox(x: 1, y: 0, width: 2, height: 4))
        let sample = try RunLengthMask(height: 4, width: 5, compressed: "0181J03")
        #expect(sample.cocoBoundingBox == COCOBox(x: 0, y: 0, width: 4, height: 3))
    }
}
