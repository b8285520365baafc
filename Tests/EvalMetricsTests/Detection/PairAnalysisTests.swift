import EvalMetrics
import Recording
import Testing

@Suite("Parity pair analysis and gate")
struct PairAnalysisTests {
    private func d(_ image: Int, _ category: Int, _ score: Double, _ x: Double, _ y: Double, _ w: Double = 10, _ h: Double = 10) -> COCOResults.Detection {
        COCOResults.Detection(imageId: image, categoryId: category, score: score, bbox: COCOBox(x: x, y: y, width: w, height: h))
    }

    /// Five reference boxes; the variant jitters two, drops one, adds one, flips one class and
    /// lets one score fall below the operating threshold.
    private var constructed: (reference: [COCOResults.Detection], variant: [COCOResults.Detection]) {
        let reference = [d(1, 1, 0.9, 0, 0), d(1, 1, 0.8, 50, 0), d(1, 2, 0.7, 100, 0), d(2, 1, 0.9, 0, 0), d(2, 3, 0.6, 50, 50)]
        let variant = [
            d(1, 1, 0.92, 0.5, 0),     // jittered
            d(1, 1, 0.75, 50, 0.5),    // jittered
            // reference 2 (category 2 at x 100) dropped
            d(2, 1, 0.4, 0, 0),        // crosses the threshold: seen in the reference only
            d(2, 2, 0.8, 50, 50),      // class flip of reference 4
            d(2, 1, 0.7, 200, 200),    // extra
        ]
        return (reference, variant)
    }

    @Test("every counter comes out as constructed")
    func counters() {
        let (reference, variant) = constructed
        let analysis = PairAnalysis(reference: reference, variant: variant, settings: .init(scoreFloor: 0, operatingThreshold: 0.5))
        let c = analysis.counts
        #expect(c.referenceBoxes == 5 && c.variantBoxes == 4)
        #expect(c.matched == 3 && c.referenceMatched == 3)
        #expect(c.misses == 2)   // the dropped box and the flipped one (its partner has another class)
        #expect(c.extras == 1 && c.classFlips == 1 && c.crossings == 1)
        #expect(analysis.misses == [2, 4])
        #expect(analysis.extras == [4])
        #expect(analysis.classFlips == [PairAnalysis.ClassFlip(variant: 3, reference: 4)])
        #expect(analysis.pairs.first?.iou == 1)  // accepted by descending IoU
        #expect(analysis.iouSummary?.p5 == nil)  // fewer than 20 pairs
        let delta = analysis.deltaSummary!
        #expect(abs(delta.maximumAbsolute - 0.5) < 1e-12)
    }

    @Test("ties on IoU go to the lower reference index, then the lower variant index")
    func ties() {
        let reference = [d(1, 1, 0.9, 0, 0), d(1, 1, 0.9, 0, 0)]
        let variant = [d(1, 1, 0.9, 0, 0), d(1, 1, 0.9, 0, 0)]
        let analysis = PairAnalysis(reference: reference, variant: variant, settings: .init(scoreFloor: 0, operatingThreshold: 0.5))
        #expect(analysis.pairs.map { [$0.reference, $0.variant] } == [[0, 0], [1, 1]])
    }

    @Test("Mode B: the reference agrees with itself exactly, low-score duplicates included; Mode A gap is unrounded")
    func modes() throws {
        let (reference, variant) = constructed
        let duplicates = reference + reference.map { var copy = $0; copy.score = 0.05; return copy }
        let r = COCOResults(detections: duplicates, source: "r"), v = COCOResults(detections: variant, source: "v")
        let b = try DetectionParity(reference: r, variant: v, groundTruth: nil, pseudoThreshold: 0.5,
                                    pairSettings: .init(scoreFloor: 0, operatingThreshold: 0.5), limits: ParityLimits(agreementGap: 100))
        #expect(b.gaps.allSatisfy { abs($0.reference - 1) < 1e-12 })
        #expect(b.rules.map(\.passed) == [true, true])
        let gt = try PseudoGroundTruth.make(reference: reference, threshold: 0, imageIds: [1, 2], categoryIds: [1, 2, 3], source: "gt")
        #expect(gt.annotations.map(\.id) == [1, 2, 3, 4, 5])
        let a = try DetectionParity(reference: r, variant: v, groundTruth: gt, pseudoThreshold: nil,
                                    pairSettings: .init(scoreFloor: 0, operatingThreshold: 0.5), limits: ParityLimits(gap: 1.5, maxMisses: 1))
        #expect(a.gaps[0].gapPP == 100 * (a.reference.stats[0] - a.variant.stats[0]))
        #expect(!a.passed && a.rules.count == 2)
    }
}
