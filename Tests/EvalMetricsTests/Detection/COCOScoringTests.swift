import EvalMetrics
import Recording
import Testing

/// Hand-made cases of the COCOeval conventions; the seeded and real-data comparison with
/// pycocotools itself is Scripts/conformance-detection.
@Suite("COCO detection scoring")
struct COCOScoringTests {
    private func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> COCOBox { COCOBox(x: x, y: y, width: w, height: h) }

    private func groundTruth(_ boxes: [COCOBox], crowd: Set<Int> = [], areas: [Double]? = nil, images: [Int] = [1],
                             categories: [Int] = [1]) throws -> COCOGroundTruth {
        try COCOGroundTruth(
            images: images.map { COCOGroundTruth.Image(id: $0) }, categories: categories.map { COCOGroundTruth.Category(id: $0, name: "") },
            annotations: boxes.enumerated().map { i, b in
                COCOGroundTruth.Annotation(id: i + 1, imageId: images[0], categoryId: categories[0], bbox: b,
                                           area: areas?[i] ?? b.area, isCrowd: crowd.contains(i))
            }, source: "gt")
    }

    /// Equal up to the last bits: a single true positive has precision 1/(1 + ε), as in pycocotools.
    private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    private func results(_ boxes: [(COCOBox, Double)], image: Int = 1, category: Int = 1) -> COCOResults {
        COCOResults(detections: boxes.map { COCOResults.Detection(imageId: image, categoryId: category, score: $0.1, bbox: $0.0) }, source: "dt")
    }

    @Test("thresholds are built as numpy.linspace: the ninth is the double just below 0.9, 0.75 is exact")
    func thresholds() {
        let p = COCOParameters.standard
        #expect(p.iouThresholds.count == 10 && p.recallThresholds.count == 101)
        #expect(p.iouThresholds[8] == 0.9.nextDown)
        #expect(p.iouIndex(of: 0.75) == 5 && p.iouIndex(of: 0.5) == 0)
        #expect(p.recallThresholds[100] == 1 && p.iouThresholds[9] == 0.95)
    }

    @Test("box IoU: touching boxes 0, half a box 0.5 exactly, a crowd region divides by the detection's area")
    func boxIoU() {
        #expect(BoxIoU.iou(box(10, 0, 10, 10), box(0, 0, 10, 10), crowd: false) == 0)
        #expect(BoxIoU.iou(box(0, 0, 5, 10), box(0, 0, 10, 10), crowd: false) == 0.5)
        #expect(BoxIoU.iou(box(2, 2, 2, 2), box(0, 0, 10, 10), crowd: true) == 1)
        #expect(BoxIoU.iou(box(0, 0, 0, 10), box(0, 0, 10, 10), crowd: false) == 0)
    }

    @Test("TP, FP, TP, TP over three boxes: the 101-point mean of the non-increasing envelope, not a trapezoid")
    func fourDetections() throws {
        let g = [box(0, 0, 10, 10), box(20, 0, 10, 10), box(40, 0, 10, 10)]
        let dt = results([(g[0], 0.9), (box(60, 0, 10, 10), 0.8), (g[1], 0.7), (g[2], 0.6)])
        let e = try COCOEvaluator.evaluate(groundTruth: groundTruth(g), results: dt, iouType: .bbox)
        // Recall 1/3 at precision 1 for thresholds 0…0.33, then the envelope 0.75 up to recall 1.
        #expect(e.stats[0] == 84.25 / 101)
        #expect(e.stats[1] == 84.25 / 101)
        #expect(e.stats[8] == 1)
        #expect(near(e.stats[6], 1.0 / 3))  // AR@1: one detection per image and category
    }

    @Test("IoU exactly at a threshold matches there and below; the ninth threshold sits below 0.9")
    func exactThresholds() throws {
        let g = box(0, 0, 10, 10)
        let cases: [(COCOBox, Int)] = [(box(0, 0, 7.5, 10), 6), (box(0, 0, 9, 10), 9), (box(0, 0, 5, 10), 1)]
        for (detection, matchedThresholds) in cases {
            let e = try COCOEvaluator.evaluate(groundTruth: groundTruth([g]), results: results([(detection, 0.5)]), iouType: .bbox)
            let recalls = (0..<10).map { e.recall(t: $0, k: 0, a: 0, m: 2) }
            #expect(recalls == (0..<10).map { $0 < matchedThresholds ? 1 : 0 })
        }
    }

    @Test("greedy by score, not optimal: the first detection takes the box it overlaps most")
    func greedy() throws {
        let g = [box(0, 0, 10, 10), box(6, 0, 10, 10)]
        // The high-score detection overlaps box 1 best (IoU 0.82) but could also have taken box 0;
        // the second detection only fits box 1 and is left unmatched at IoU 0.5.
        let dt = results([(box(5, 0, 10, 10), 0.9), (box(7, 0, 10, 10), 0.8)])
        let e = try COCOEvaluator.evaluate(groundTruth: groundTruth(g), results: dt, iouType: .bbox)
        #expect(e.recall(t: 0, k: 0, a: 0, m: 2) == 0.5)
    }

    @Test("crowd regions absorb any number of detections, which are ignored; the 101st detection is cut")
    func crowdAndCap() throws {
        let g = [box(0, 0, 10, 10), box(100, 100, 50, 50)]
        var boxes: [(COCOBox, Double)] = (0..<5).map { (box(110 + Double($0), 110, 5, 5), 0.9) }
        boxes.append((g[0], 0.1))
        var e = try COCOEvaluator.evaluate(groundTruth: groundTruth(g, crowd: [1]), results: results(boxes), iouType: .bbox)
        #expect(near(e.stats[0], 1))  // the crowd hits are neither true nor false positives
        #expect(e.stats[6] == 0)  // AR@1: the top slot went to an ignored detection
        boxes = (0..<100).map { (box(200 + Double($0), 0, 5, 5), 0.9) } + [(g[0], 0.8)]
        e = try COCOEvaluator.evaluate(groundTruth: groundTruth([g[0]]), results: results(boxes), iouType: .bbox)
        #expect(e.stats[8] == 0)
    }

    @Test("area decides the range, both edges inclusive; no ground truth in a slice gives -1")
    func areaRanges() throws {
        let g = [box(0, 0, 32, 32)]
        let e = try COCOEvaluator.evaluate(groundTruth: groundTruth(g), results: results([(g[0], 0.5)]), iouType: .bbox)
        #expect(near(e.stats[3], 1) && near(e.stats[4], 1) && e.stats[5] == -1)
        let e2 = try COCOEvaluator.evaluate(groundTruth: groundTruth(g, areas: [20000]), results: results([(g[0], 0.5)]), iouType: .bbox)
        #expect(e2.stats[3] == -1 && near(e2.stats[5], 1))
    }

    @Test("no detections: AP and AR 0 where there is ground truth; categories without ground truth are left out")
    func emptyResults() throws {
        let gt = try groundTruth([box(0, 0, 10, 10)], categories: [1, 2])
        let e = try COCOEvaluator.evaluate(groundTruth: gt, results: COCOResults(detections: [], source: "dt"), iouType: .bbox)
        #expect(e.stats[0] == 0 && e.stats[8] == 0)
        #expect(e.categoryAP(1) == -1)
        let invented = results([(box(0, 0, 10, 10), 0.9)], category: 2) // a class with no ground truth costs nothing
        let e2 = try COCOEvaluator.evaluate(groundTruth: gt, results: invented, iouType: .bbox)
        #expect(e2.stats[0] == 0)
    }

    @Test("a detection on an image the ground truth does not list is an input error; unknown categories are dropped")
    func imagesAndCategories() throws {
        let gt = try groundTruth([box(0, 0, 10, 10)])
        #expect(throws: InputError.self) { try COCOEvaluator.evaluate(groundTruth: gt, results: results([(box(0, 0, 1, 1), 1)], image: 9), iouType: .bbox) }
        let e = try COCOEvaluator.evaluate(groundTruth: gt, results: results([(box(0, 0, 10, 10), 1)], category: 5), iouType: .bbox)
        #expect(e.droppedDetections == 1 && e.stats[0] == 0)
    }
}
