import Recording
import Testing

@testable import EvalMetrics

@Suite("Metric properties")
struct MetricPropertyTests {
    @Test("counts add up to the rows scored, in both conventions", arguments: 0..<12)
    func countsAddUp(seed: UInt64) throws {
        let sequence = SyntheticSequences.make(seed: 1000 + seed)
        let gtKept = (0..<sequence.groundTruth.count).filter { sequence.groundTruth.confidence[$0] != 0 }.count
        let trackerRows = sequence.tracker.count
        guard case .trackeval(let clear, let identity, let hota) =
            try TrackingEvaluation.evaluate(sequence, convention: .trackeval).scores
        else { Issue.record("wrong convention"); return }
        #expect(clear.truePositives + clear.falseNegatives == gtKept)
        #expect(clear.truePositives + clear.falsePositives == trackerRows)
        #expect(identity.truePositives + identity.falseNegatives == gtKept)
        #expect(identity.truePositives + identity.falsePositives == trackerRows)
        for a in HOTAAccumulators.alphas.indices {
            #expect(hota.truePositives[a] + hota.falseNegatives[a] == Double(gtKept))
            if a > 0 { #expect(hota.truePositives[a] <= hota.truePositives[a - 1]) }
        }
        guard case .motmetrics(let counts) = try TrackingEvaluation.evaluate(sequence, convention: .motmetrics).scores
        else { Issue.record("wrong convention"); return }
        #expect(counts.matches + counts.switches + counts.misses == counts.objects)
        #expect(counts.matches + counts.switches + counts.falsePositives == counts.predictions)
    }

    @Test("a tracker identical to the ground truth scores perfectly")
    func perfectTracker() throws {
        var sequence = SyntheticSequences.make(seed: 5)
        let kept = (0..<sequence.groundTruth.count).filter { sequence.groundTruth.confidence[$0] != 0 }
        var tracker = MOTRows(path: "perfect.txt")
        for row in kept {
            let gt = sequence.groundTruth
            tracker.append(
                frame: gt.frame[row], id: gt.id[row], left: gt.left[row], top: gt.top[row], width: gt.width[row],
                height: gt.height[row], confidence: 1, classId: -1, line: Int(gt.line[row]))
        }
        sequence.tracker = tracker
        let fields = Dictionary(
            try TrackingEvaluation.evaluate(sequence, convention: .trackeval).scores.fields, uniquingKeysWith: { a, _ in a })
        for key in ["MOTA", "MOTP", "IDF1", "HOTA", "DetA", "AssA", "LocA"] {
            #expect(fields[key] == .real(1), "\(key)")
        }
        #expect(fields["IDSW"] == .integer(0))
        #expect(fields["CLR_FP"] == .integer(0))
    }

    @Test("degenerate boxes: TrackEval scores zero-area boxes 0, motmetrics shifts corners by −1")
    func boxConventions() {
        let point = BoxCorners(left: 10, top: 10, width: 0, height: 0, convention: .trackeval)
        let box = BoxCorners(left: 0, top: 0, width: 20, height: 20, convention: .trackeval)
        #expect(BoxSimilarity.trackEvalIoU(point, box) == 0)
        #expect(BoxSimilarity.trackEvalIoU(box, box) == 1)
        let shifted = BoxCorners(left: 0.1, top: 0.1, width: 1, height: 1, convention: .motmetrics)
        #expect(shifted.x0 == 0.1 - 1 && shifted.x1 == (0.1 - 1) + 1)
        let half = BoxCorners(left: 0, top: 0, width: 10, height: 20, convention: .trackeval)
        #expect(BoxSimilarity.trackEvalIoU(half, box) == 0.5)
    }

    @Test("invalid sequences are refused with the file and line")
    func invalidInput() throws {
        var sequence = SyntheticSequences.make(seed: 9, frames: 5, objects: 2)
        var duplicate = sequence
        let row = 0
        let gt = duplicate.groundTruth
        duplicate.groundTruth.append(
            frame: gt.frame[row], id: gt.id[row], left: 0, top: 0, width: 1, height: 1, confidence: 1, classId: 1, line: 77)
        #expect(throws: InputError(file: gt.path, line: 77, message: "ground truth has id \(gt.id[row]) more than once in frame \(gt.frame[row])")) {
            _ = try PreparedSequence(duplicate, convention: .trackeval)
        }
        sequence.tracker.append(frame: 6, id: 1, left: 0, top: 0, width: 1, height: 1, confidence: 1, classId: -1, line: 99)
        #expect(throws: InputError(file: sequence.tracker.path, line: 99, message: "frame 6 is outside 1...5 (seqLength 5)")) {
            _ = try PreparedSequence(sequence, convention: .trackeval)
        }
        // motmetrics has no sequence length: the extra frame is simply one more frame.
        _ = try PreparedSequence(sequence, convention: .motmetrics)
    }
}
