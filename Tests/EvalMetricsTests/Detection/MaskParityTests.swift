import EvalMetrics
import Recording
import Testing

@Suite("Mask parity")
struct MaskParityTests {
    @Test("foreground is strictly logit > 0: ±0 and NaN are background, the tiniest positive is foreground")
    func binarisation() throws {
        let logits: [Double] = [0, -0.0, .nan, .leastNonzeroMagnitude, 1e-300, -1e-300, .infinity, -.infinity]
        #expect(logits.map(InstanceMask.isForeground) == [false, false, false, true, true, false, true, false])
        // Row-major in, column-major runs out: a 2×4 grid.
        let mask = try InstanceMask.binarise(height: 2, width: 4, rowMajorLogits: logits)
        #expect(mask.columnMajorPixels == [false, true, false, false, false, true, true, false])
        #expect(mask.area == 3)
    }

    private func file(_ logits: [[Double]], size: (Int, Int) = (2, 2)) -> InstanceMaskFile {
        InstanceMaskFile(instances: logits.enumerated().map { i, values in
            InstanceMaskFile.Instance(
                detection: COCOResults.Detection(imageId: 1, categoryId: 1, score: 0.9, bbox: COCOBox(x: Double(20 * i), y: 0, width: 10, height: 10)),
                mask: .logits(height: size.0, width: size.1, values: values))
        }, source: "m.json")
    }

    @Test("renderer change: equal counts with moved pixels fail; identical bits pass")
    func renderer() throws {
        let same = try MaskParity.renderer(reference: file([[1, -1, 2, 0]]), variant: file([[3, -2, 1, -0.0]]))
        #expect(same.passed && same.instances[0].referencePixels == 2)
        let moved = try MaskParity.renderer(reference: file([[1, -1, 2, 0]]), variant: file([[-1, 1, 2, 0]]))
        #expect(!moved.passed && moved.instances[0].variantPixels == 2)
    }

    @Test("model change: IoU per pair, both empty counted apart, relative count difference, resampling")
    func model() throws {
        let settings = PairAnalysis.Settings(scoreFloor: 0, operatingThreshold: 0.5)
        let result = try MaskParity.model(reference: file([[1, 1, -1, -1], [-1, -1, -1, -1]]), variant: file([[1, -1, -1, -1], [-1, -1, -1, -1]]),
                                          settings: settings, minimumIoU: 0.6)
        #expect(result.masks.map(\.iou) == [0.5, nil])
        #expect(result.bothEmpty == 1 && result.belowMinimum == 1 && !result.passed)
        #expect(result.masks[0].relativeCountDifference == -0.5)
        let resampled = try MaskParity.model(reference: file([[1, 1, 1, 1]]), variant: file([[1]], size: (1, 1)), settings: settings, minimumIoU: nil)
        #expect(resampled.masks[0].resampled && resampled.masks[0].iou == 1)
    }
}
