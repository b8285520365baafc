import EvalNumerics
import Recording

/// Seeded random tracking sequences made to be hard: crowded integer-coordinate boxes,
/// duplicated tracker boxes (exact ties), id swaps, gaps and spurious tracks.
enum SyntheticSequences {
    static func make(seed: UInt64, frames: Int = 40, objects: Int = 8) -> MOTSequence {
        var random = SplitMix64(seed: seed)
        func uniform(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var gt = MOTRows(path: "gt-\(seed).txt")
        var tracker = MOTRows(path: "trk-\(seed).txt")
        var x = (0..<objects).map { _ in uniform(40) * 5 }
        var y = (0..<objects).map { _ in uniform(20) * 5 }
        var trackID = Array(1...objects)
        var nextID = 100
        var gtLine = 0, trackerLine = 0
        for frame in 1...frames {
            if uniform(10) == 0, objects > 1 { trackID.swapAt(uniform(objects), uniform(objects)) }
            for o in 0..<objects {
                x[o] += (uniform(5) - 2) * 5
                y[o] += (uniform(5) - 2) * 5
                guard uniform(8) != 0 else { continue }
                gtLine += 1
                gt.append(
                    frame: frame, id: o + 1, left: Double(x[o]), top: Double(y[o]), width: 40, height: 80,
                    confidence: uniform(12) == 0 ? 0 : 1, classId: 1, line: gtLine)
                guard uniform(6) != 0 else { continue }
                if uniform(20) == 0 {
                    trackID[o] = nextID
                    nextID += 1
                }
                let jitter = (Double(uniform(5) - 2) * 5, Double(uniform(5) - 2) * 5)
                trackerLine += 1
                tracker.append(
                    frame: frame, id: trackID[o], left: Double(x[o]) + jitter.0, top: Double(y[o]) + jitter.1,
                    width: 40, height: 80, confidence: 1, classId: -1, line: trackerLine)
                if uniform(7) == 0 {  // an exact duplicate box under another id
                    trackerLine += 1
                    tracker.append(
                        frame: frame, id: 500 + o, left: Double(x[o]) + jitter.0, top: Double(y[o]) + jitter.1,
                        width: 40, height: 80, confidence: 1, classId: -1, line: trackerLine)
                }
            }
            if uniform(3) == 0 {
                trackerLine += 1
                tracker.append(
                    frame: frame, id: 900 + uniform(4), left: Double(uniform(40) * 5), top: Double(uniform(20) * 5),
                    width: 40, height: 80, confidence: 1, classId: -1, line: trackerLine)
            }
        }
        return MOTSequence(name: "synthetic-\(seed)", length: frames, groundTruth: gt, tracker: dedupe(tracker))
    }

    /// Drops repeated (frame, id) tracker rows, which the metrics reject.
    private static func dedupe(_ rows: MOTRows) -> MOTRows {
        var seen = Set<[Int]>()
        var result = MOTRows(path: rows.path)
        for row in 0..<rows.count where seen.insert([rows.frame[row], rows.id[row]]).inserted {
            result.append(
                frame: rows.frame[row], id: rows.id[row], left: rows.left[row], top: rows.top[row],
                width: rows.width[row], height: rows.height[row], confidence: rows.confidence[row],
                classId: rows.classId[row], line: Int(rows.line[row]))
        }
        return result
    }
}
