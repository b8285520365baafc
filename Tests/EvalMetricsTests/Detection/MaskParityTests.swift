import EvalMetrics
import Foundation
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

@Suite("Gate log verdicts")
struct GateLogVerdictTests {
    @Test("a block is paired with the expected list; a block in other units fails instead of being guessed at")
    func verdicts() {
        let log = GateLog.parse(Data("GATE begin m\nGATE det cup 0.9 0 0 10 10\nGATE end 1\nGATE begin m units=normalized\nGATE det cup 0.9 0 0 0.1 0.1\n".utf8), file: "a.log")
        let expected = [GateLog.Detection(label: "cup", score: 0.95, box: COCOBox(x: 0.5, y: 0, width: 10, height: 10), line: 1)]
        let settings = PairAnalysis.Settings(scoreFloor: 0, operatingThreshold: 0.5)
        let verdicts = log.blocks.map { GateLogSummary.verdict($0, expected: expected, settings: settings, limits: ParityLimits(gap: nil, maxMisses: 0)) }
        #expect(verdicts[0].passed && verdicts[0].pairs?.counts.referenceMatched == 1)
        #expect(!verdicts[1].passed)
        let timing = GateLogSummary.timing(GateLog.parse(Data("STATS median 5000 ms 1 fps\nSTATS median 20 ms 40 fps\nSTATS median 30 ms 30 fps\n".utf8), file: "b.log").windows, warmup: 1)
        #expect(timing.count == 1 && timing[0].medianMilliseconds == 25 && timing[0].windows == 2)
    }
}
