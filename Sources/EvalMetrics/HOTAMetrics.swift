import EvalNumerics

/// Per-α accumulators of HOTA (Luiten et al. 2021) for one sequence or a combination.
public struct HOTAAccumulators: Sendable, Equatable {
    /// The 19 localisation thresholds, exactly `numpy.arange(0.05, 0.99, 0.05)`.
    public static let alphas: [Double] = (0..<19).map { 0.05 + Double($0) * 0.05 }

    /// Matches per α (`HOTA_TP`).
    public var truePositives: [Double]
    /// Misses per α (`HOTA_FN`).
    public var falseNegatives: [Double]
    /// False detections per α (`HOTA_FP`).
    public var falsePositives: [Double]
    /// Association accuracy per α.
    public var associationAccuracy: [Double]
    /// Association recall per α.
    public var associationRecall: [Double]
    /// Association precision per α.
    public var associationPrecision: [Double]
    /// Localisation accuracy per α.
    public var localisationAccuracy: [Double]

    /// Zeroed accumulators.
    public init() {
        let zeros = [Double](repeating: 0, count: Self.alphas.count)
        truePositives = zeros
        falseNegatives = zeros
        falsePositives = zeros
        associationAccuracy = zeros
        associationRecall = zeros
        associationPrecision = zeros
        localisationAccuracy = zeros
    }

    /// Combines sequences as TrackEval does: sums of counts, TP-weighted association
    /// means, TP-weighted localisation, in sequence order.
    public static func combined(_ parts: [HOTAAccumulators]) -> HOTAAccumulators {
        var total = HOTAAccumulators()
        var locaWeighted = [Double](repeating: 0, count: alphas.count)
        var assA = locaWeighted, assRe = locaWeighted, assPr = locaWeighted
        for part in parts {
            for a in alphas.indices {
                total.truePositives[a] += part.truePositives[a]
                total.falseNegatives[a] += part.falseNegatives[a]
                total.falsePositives[a] += part.falsePositives[a]
                assA[a] += part.associationAccuracy[a] * part.truePositives[a]
                assRe[a] += part.associationRecall[a] * part.truePositives[a]
                assPr[a] += part.associationPrecision[a] * part.truePositives[a]
                locaWeighted[a] += part.localisationAccuracy[a] * part.truePositives[a]
            }
        }
        for a in alphas.indices {
            let tp = total.truePositives[a]
            total.associationAccuracy[a] = assA[a] / max(1.0, tp)
            total.associationRecall[a] = assRe[a] / max(1.0, tp)
            total.associationPrecision[a] = assPr[a] / max(1.0, tp)
            total.localisationAccuracy[a] = max(1e-10, locaWeighted[a]) / max(1e-10, tp)
        }
        return total
    }

    /// TrackEval's HOTA fields: the α-means, HOTA(0), LocA(0), HOTALocA(0), and the
    /// per-α arrays under the same names (see ``MetricValue/reals(_:)``).
    public var fields: (means: [(String, MetricValue)], arrays: [(String, MetricValue)]) {
        let n = Self.alphas.count
        var detRe = [Double](repeating: 0, count: n), detPr = detRe, detA = detRe, hota = detRe, owta = detRe
        for a in 0..<n {
            let tp = truePositives[a], fn = falseNegatives[a], fp = falsePositives[a]
            detRe[a] = tp / max(1, tp + fn)
            detPr[a] = tp / max(1, tp + fp)
            detA[a] = tp / max(1, tp + fn + fp)
            hota[a] = (detA[a] * associationAccuracy[a]).squareRoot()
            owta[a] = (detRe[a] * associationAccuracy[a]).squareRoot()
        }
        let arrays: [(String, [Double])] = [
            ("HOTA", hota), ("DetA", detA), ("AssA", associationAccuracy), ("DetRe", detRe), ("DetPr", detPr),
            ("AssRe", associationRecall), ("AssPr", associationPrecision), ("LocA", localisationAccuracy), ("OWTA", owta),
        ]
        var means = arrays.map { ($0.0, MetricValue.real(PairwiseSum.sum($0.1) / Double(n))) }
        means.append(("HOTA(0)", .real(hota[0])))
        means.append(("LocA(0)", .real(localisationAccuracy[0])))
        means.append(("HOTALocA(0)", .real(hota[0] * localisationAccuracy[0])))
        var perAlpha = arrays.map { ($0.0, MetricValue.reals($0.1)) }
        perAlpha += [
            ("HOTA_TP", .reals(truePositives)), ("HOTA_FN", .reals(falseNegatives)), ("HOTA_FP", .reals(falsePositives)),
        ]
        return (means, perAlpha)
    }
}

/// TrackEval's HOTA computation for one sequence (`trackeval/metrics/hota.py`).
enum HOTAMatcher {
    static func evaluate(_ sequence: PreparedSequence, table: SimilarityTable, shortcuts: Bool = true) -> HOTAAccumulators {
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        var result = HOTAAccumulators()
        let alphaCount = HOTAAccumulators.alphas.count
        if trk.count == 0 || gt.count == 0 {
            let count = Double(trk.count == 0 ? gt.count : trk.count)
            for a in 0..<alphaCount {
                if trk.count == 0 { result.falseNegatives[a] = count } else { result.falsePositives[a] = count }
                result.localisationAccuracy[a] = 1
            }
            return result
        }
        // Pass 1: global alignment score of every overlapping id pair.
        var gtPresence = [Double](repeating: 0, count: gt.idCount)
        var trackerPresence = [Double](repeating: 0, count: trk.idCount)
        for g in 0..<gt.count { gtPresence[Int(gt.id[g])] += 1 }
        for h in 0..<trk.count { trackerPresence[Int(trk.id[h])] += 1 }
        var potential = [Double](repeating: 0, count: table.slotCount)
        for t in 0..<sequence.timestepCount {
            let rowBase = gt.range(t).lowerBound
            let columnBase = trk.range(t).lowerBound
            for k in table.entries(t) {
                let similarity = table.entrySimilarity[k]
                let denominator = table.columnSum[columnBase + Int(table.entryColumn[k])]
                    + table.rowSum[rowBase + Int(table.entryRow[k])] - similarity
                if denominator > BoxSimilarity.epsilon {
                    potential[Int(table.entrySlot[k])] += similarity / denominator
                }
            }
        }
        var alignment = [Double](repeating: 0, count: table.slotCount)
        for s in 0..<table.slotCount {
            let g = Int(table.slotGroundTruth[s]), h = Int(table.slotTracker[s])
            alignment[s] = potential[s] / (gtPresence[g] + trackerPresence[h] - potential[s])
        }
        // Pass 2: per-timestep assignments (independent given the alignment, so solved in
        // parallel chunks of timesteps, several per core since frames differ in cost), then
        // per-α bookkeeping merged in timestep order.
        let frames = inChunks(of: sequence.timestepCount, perProcessor: 8) { [alignment] chunk in
            HOTAFrameMatches(sequence, table: table, alignment: alignment, timesteps: chunk, shortcuts: shortcuts)
        }
        var matchCounts = [Int32](repeating: 0, count: alphaCount * table.slotCount)
        var localisation = [Double](repeating: 0, count: alphaCount)
        for chunk in frames {
            for (offset, t) in chunk.timesteps.enumerated() {
                let rows = Double(gt.range(t).count), columns = Double(trk.range(t).count)
                for a in 0..<alphaCount {
                    let matches = Double(chunk.matches[offset * alphaCount + a])
                    result.truePositives[a] += matches
                    result.falseNegatives[a] += rows - matches
                    result.falsePositives[a] += columns - matches
                    if matches > 0 { localisation[a] += chunk.similarity[offset * alphaCount + a] }
                }
            }
            for (slot, levels) in zip(chunk.pairSlot, chunk.pairLevels) {
                for a in 0..<Int(levels) { matchCounts[a * table.slotCount + Int(slot)] += 1 }
            }
        }
        for a in 0..<alphaCount {
            var assA = 0.0, assRe = 0.0, assPr = 0.0
            for s in 0..<table.slotCount {
                let m = Double(matchCounts[a * table.slotCount + s])
                guard m > 0 else { continue }
                let g = gtPresence[Int(table.slotGroundTruth[s])], h = trackerPresence[Int(table.slotTracker[s])]
                assA += m * (m / max(1, g + h - m))
                assRe += m * (m / max(1, g))
                assPr += m * (m / max(1, h))
            }
            let tp = max(1, result.truePositives[a])
            result.associationAccuracy[a] = assA / tp
            result.associationRecall[a] = assRe / tp
            result.associationPrecision[a] = assPr / tp
            result.localisationAccuracy[a] = max(1e-10, localisation[a]) / max(1e-10, result.truePositives[a])
        }
        return result
    }
}

/// The HOTA matches of a run of timesteps: per timestep and α the number of matches and
/// the sum of their IoUs (in row order), and every matched pair's id slot with the number
/// of thresholds it passes (IoU ≥ α − ε holds for a prefix of the increasing α).
struct HOTAFrameMatches: Sendable {
    let timesteps: Range<Int>
    var matches: [Int32]
    var similarity: [Double]
    var pairSlot: [Int32] = []
    var pairLevels: [UInt8] = []

    init(_ sequence: PreparedSequence, table: SimilarityTable, alignment: [Double], timesteps: Range<Int>, shortcuts: Bool) {
        let alphaCount = HOTAAccumulators.alphas.count
        let cutoffs = HOTAAccumulators.alphas.map { $0 - BoxSimilarity.epsilon }
        self.timesteps = timesteps
        matches = [Int32](repeating: 0, count: timesteps.count * alphaCount)
        similarity = [Double](repeating: 0, count: timesteps.count * alphaCount)
        var assigner = FrameAssignment(shortcuts: shortcuts)
        var pairs: [FrameAssignment.Pair] = []
        var scores: [Double] = []
        for (offset, t) in timesteps.enumerated() {
            let rows = sequence.groundTruth.range(t).count
            let columns = sequence.tracker.range(t).count
            if rows == 0 || columns == 0 { continue }
            let entries = table.entries(t)
            scores.removeAll(keepingCapacity: true)
            var allPositive = true
            for k in entries {
                let score = alignment[Int(table.entrySlot[k])] * table.entrySimilarity[k]
                if !(score > 0) { allPositive = false }
                scores.append(score)
            }
            assigner.assign(
                rows: rows, columns: columns, entries: entries, table: table, score: scores,
                positiveOnly: allPositive, into: &pairs)
            let base = offset * alphaCount
            for pair in pairs where pair.entry >= 0 {
                let iou = table.entrySimilarity[pair.entry]
                var levels = 0
                while levels < alphaCount && iou >= cutoffs[levels] {
                    matches[base + levels] += 1
                    similarity[base + levels] += iou
                    levels += 1
                }
                if levels > 0 {
                    pairSlot.append(table.entrySlot[pair.entry])
                    pairLevels.append(UInt8(levels))
                }
            }
        }
    }
}
