/// TrackEval's CLEAR MOT matching over a sequence (`trackeval/metrics/clear.py`).
///
/// Per processed timestep (both sides non-empty) the score of a pair is its IoU, plus
/// 1000 when the tracker id is the one the ground-truth id was matched to in the
/// previous *processed* timestep; pairs with IoU < 0.5 − ε score 0; the assignment
/// maximises the summed score and keeps pairs scoring more than ε. An identity switch
/// is a match whose tracker id differs from the ground truth's last match at any time.
struct CLEARMatcher {
    static let threshold = 0.5

    static func evaluate(
        _ sequence: PreparedSequence, table: SimilarityTable, events: inout MatchEvents?, shortcuts: Bool = true
    ) -> CLEARCounts {
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        var counts = CLEARCounts()
        if trk.count == 0 || gt.count == 0 {
            counts.falseNegatives = trk.count == 0 ? gt.count : 0
            counts.falsePositives = trk.count == 0 ? 0 : trk.count
            counts.mostlyLost = trk.count == 0 ? gt.idCount : 0
            counts.isEmptyExit = true
            recordUnmatched(sequence, events: &events)
            return counts
        }
        let ids = gt.idCount
        var present = [Int](repeating: 0, count: ids)
        var matched = [Int](repeating: 0, count: ids)
        var starts = [Int](repeating: 0, count: ids)
        var lastTracker = [Int32](repeating: -1, count: ids)
        var previousTracker = [Int32](repeating: -1, count: ids)
        var previousStep = [Int](repeating: Int.min, count: ids)
        var processed = 0
        var assigner = FrameAssignment(shortcuts: shortcuts)
        var pairs: [FrameAssignment.Pair] = []
        var scores: [Double] = []
        var gtMatched: [Bool] = []
        var trackerMatched: [Bool] = []
        let cutoff = threshold - BoxSimilarity.epsilon

        for t in 0..<sequence.timestepCount {
            let rows = gt.range(t)
            let columns = trk.range(t)
            if rows.isEmpty {
                counts.falsePositives += columns.count
                record(sequence, t, events: &events)
                continue
            }
            if columns.isEmpty {
                counts.falseNegatives += rows.count
                for g in rows { present[Int(gt.id[g])] += 1 }
                record(sequence, t, events: &events)
                continue
            }
            let entries = table.entries(t)
            scores.removeAll(keepingCapacity: true)
            for k in entries {
                let similarity = table.entrySimilarity[k]
                if similarity < cutoff {
                    scores.append(0)
                    continue
                }
                let g = Int(gt.id[rows.lowerBound + Int(table.entryRow[k])])
                let h = trk.id[columns.lowerBound + Int(table.entryColumn[k])]
                let continues = previousStep[g] == processed - 1 && previousTracker[g] == h
                scores.append((continues ? 1000.0 : 0.0) + similarity)
            }
            assigner.assign(
                rows: rows.count, columns: columns.count, entries: entries, table: table,
                score: scores, positiveOnly: true, into: &pairs)
            var frameSimilarity = 0.0
            var matches = 0
            if events != nil {
                gtMatched = [Bool](repeating: false, count: rows.count)
                trackerMatched = [Bool](repeating: false, count: columns.count)
            }
            for pair in pairs where scores[pair.entry - entries.lowerBound] > BoxSimilarity.epsilon {
                let g = Int(gt.id[rows.lowerBound + pair.row])
                let h = trk.id[columns.lowerBound + pair.column]
                let similarity = table.entrySimilarity[pair.entry]
                let isSwitch = lastTracker[g] >= 0 && lastTracker[g] != h
                if isSwitch { counts.identitySwitches += 1 }
                lastTracker[g] = h
                if previousStep[g] != processed - 1 { starts[g] += 1 }
                previousStep[g] = processed
                previousTracker[g] = h
                matched[g] += 1
                matches += 1
                frameSimilarity += similarity
                if events != nil {
                    gtMatched[pair.row] = true
                    trackerMatched[pair.column] = true
                    events!.append(
                        frame: sequence.frameNumbers[t], groundTruth: gt.idLabels[g],
                        tracker: trk.idLabels[Int(h)], similarity: similarity,
                        kind: isSwitch ? .identitySwitch : .match)
                }
            }
            for g in rows { present[Int(gt.id[g])] += 1 }
            processed += 1
            counts.truePositives += matches
            counts.falseNegatives += rows.count - matches
            counts.falsePositives += columns.count - matches
            if matches > 0 { counts.similaritySum += frameSimilarity }
            if events != nil {
                record(sequence, t, events: &events, gtMatched: gtMatched, trackerMatched: trackerMatched)
            }
        }
        for g in 0..<ids where present[g] > 0 {
            let ratio = Double(matched[g]) / Double(present[g])
            if ratio > 0.8 {
                counts.mostlyTracked += 1
            } else if ratio >= 0.2 {
                counts.partiallyTracked += 1
            }
        }
        counts.mostlyLost = ids - counts.mostlyTracked - counts.partiallyTracked
        counts.fragmentations = starts.reduce(0) { $0 + max($1 - 1, 0) }
        counts.frames = sequence.timestepCount
        return counts
    }

    /// Records misses and false positives of timestep `t` for detections not matched.
    static func record(
        _ sequence: PreparedSequence, _ t: Int, events: inout MatchEvents?,
        gtMatched: [Bool] = [], trackerMatched: [Bool] = []
    ) {
        guard events != nil else { return }
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        let frame = sequence.frameNumbers[t]
        for (offset, g) in gt.range(t).enumerated() where offset >= gtMatched.count || !gtMatched[offset] {
            events!.append(frame: frame, groundTruth: gt.idLabels[Int(gt.id[g])], tracker: nil, similarity: .nan, kind: .miss)
        }
        for (offset, h) in trk.range(t).enumerated() where offset >= trackerMatched.count || !trackerMatched[offset] {
            events!.append(frame: frame, groundTruth: nil, tracker: trk.idLabels[Int(trk.id[h])], similarity: .nan, kind: .falsePositive)
        }
    }

    private static func recordUnmatched(_ sequence: PreparedSequence, events: inout MatchEvents?) {
        guard events != nil else { return }
        for t in 0..<sequence.timestepCount { record(sequence, t, events: &events) }
    }
}
