import EvalNumerics

/// py-motmetrics 1.4.0's `MOTAccumulator.update` over a whole sequence, with the
/// metrics of its `eval_motchallenge` app.
///
/// Per frame: first every ground-truth object, in file order, keeps the hypothesis it was
/// last matched to (at any earlier frame) if that hypothesis is present and within the
/// gate (1 − IoU ≤ 0.5); then the rest are matched by scipy's solver on the distances,
/// with forbidden pairs replaced by motmetrics' large constant 2·r·c + 1 (so the
/// matching is maximum-cardinality first, minimum distance second).
enum MotmetricsAccumulator {
    static let gate = 0.5

    static func evaluate(
        _ sequence: PreparedSequence, table: SimilarityTable, events: inout MatchEvents?
    ) -> MotmetricsCounts {
        let gt = sequence.groundTruth
        let trk = sequence.tracker
        var counts = MotmetricsCounts()
        counts.frames = sequence.timestepCount
        counts.objects = gt.count
        counts.predictions = trk.count
        var trackerOf = [Int32](repeating: -1, count: gt.idCount)        // self.m
        var objectOf = [Int32](repeating: -1, count: trk.idCount)        // self.res_m
        var everMatched = [Bool](repeating: false, count: gt.idCount)    // self.last_match keys
        var hypothesisSeen = [Bool](repeating: false, count: trk.idCount)  // self.hypHistory keys
        var presence = [Int](repeating: 0, count: gt.idCount)
        var tracked = [Int](repeating: 0, count: gt.idCount)
        var fragments = FragmentCounter(ids: gt.idCount)
        var overlapFrames: [Int: Int] = [:]
        var distances: [Double] = []
        var costs: [Double] = []
        var rowTaken: [Bool] = []
        var columnTaken: [Bool] = []
        var solver = LinearAssignmentSolver()

        for t in 0..<sequence.timestepCount {
            let rows = gt.range(t), columns = trk.range(t)
            let frame = sequence.frameNumbers[t]
            for g in rows { presence[Int(gt.id[g])] += 1 }
            rowTaken = [Bool](repeating: false, count: rows.count)
            columnTaken = [Bool](repeating: false, count: columns.count)
            let width = columns.count
            distances = [Double](repeating: .nan, count: rows.count * width)
            for k in table.entries(t) {
                let distance = 1 - table.entrySimilarity[k]
                guard distance <= gate else { continue }
                distances[Int(table.entryRow[k]) * width + Int(table.entryColumn[k])] = distance
                let g = Int(gt.id[rows.lowerBound + Int(table.entryRow[k])])
                let h = Int(trk.id[columns.lowerBound + Int(table.entryColumn[k])])
                overlapFrames[g * trk.idCount + h, default: 0] += 1
            }
            func match(_ i: Int, _ j: Int, isSwitch: Bool) {
                let g = Int(gt.id[rows.lowerBound + i]), h = trk.id[columns.lowerBound + j]
                let distance = distances[i * width + j]
                rowTaken[i] = true
                columnTaken[j] = true
                if isSwitch { counts.switches += 1 } else { counts.matches += 1 }
                counts.distanceSum += distance
                tracked[g] += 1
                fragments.tracked(g)
                events?.append(
                    frame: frame, groundTruth: gt.idLabels[g], tracker: trk.idLabels[Int(h)],
                    similarity: 1 - distance, kind: isSwitch ? .identitySwitch : .match)
            }
            if !rows.isEmpty && !columns.isEmpty {
                // 1. Continue earlier pairings.
                for i in 0..<rows.count {
                    let g = Int(gt.id[rows.lowerBound + i])
                    let previous = trackerOf[g]
                    guard previous >= 0,
                        let j = (0..<width).first(where: { !columnTaken[$0] && trk.id[columns.lowerBound + $0] == previous }),
                        distances[i * width + j].isFinite
                    else { continue }
                    everMatched[g] = true
                    hypothesisSeen[Int(previous)] = true
                    match(i, j, isSwitch: false)
                }
                // 2. Assign the rest.
                var largest = 0.0
                var valid = 0
                for i in 0..<rows.count {
                    for j in 0..<width {
                        if rowTaken[i] || columnTaken[j] { distances[i * width + j] = .nan }
                        let d = distances[i * width + j]
                        if d.isFinite {
                            valid += 1
                            largest = max(largest, abs(d))
                        }
                    }
                }
                if valid > 0 {
                    let forbidden = 2 * Double(min(rows.count, width)) * (largest + 1) + 1
                    costs = distances.map { $0.isFinite ? $0 : forbidden }
                    let assignment = (try? solver.solve(costs: costs, rows: rows.count, columns: width)) ?? []
                    for (i, j) in assignment.enumerated() where j >= 0 && distances[i * width + j].isFinite {
                        let g = Int(gt.id[rows.lowerBound + i]), h = Int(trk.id[columns.lowerBound + j])
                        let isSwitch = trackerOf[g] >= 0 && Int(trackerOf[g]) != h
                        if isSwitch && !hypothesisSeen[h] { counts.ascends += 1 }
                        if objectOf[h] >= 0 && Int(objectOf[h]) != g {
                            if !everMatched[g] { counts.migrates += 1 }
                            counts.transfers += 1
                        }
                        hypothesisSeen[h] = true
                        everMatched[g] = true
                        match(i, j, isSwitch: isSwitch)
                        trackerOf[g] = Int32(h)
                        objectOf[h] = Int32(g)
                    }
                }
            }
            // 3–4. Misses and false positives.
            for (i, g) in rows.enumerated() where !rowTaken[i] {
                counts.misses += 1
                fragments.missed(Int(gt.id[g]))
                events?.append(frame: frame, groundTruth: gt.idLabels[Int(gt.id[g])], tracker: nil, similarity: .nan, kind: .miss)
            }
            for (j, h) in columns.enumerated() where !columnTaken[j] {
                counts.falsePositives += 1
                events?.append(frame: frame, groundTruth: nil, tracker: trk.idLabels[Int(trk.id[h])], similarity: .nan, kind: .falsePositive)
            }
        }
        for g in 0..<gt.idCount where presence[g] > 0 {
            counts.uniqueObjects += 1
            let ratio = Double(tracked[g]) / Double(presence[g])
            if ratio >= 0.8 {
                counts.mostlyTracked += 1
            } else if ratio >= 0.2 {
                counts.partiallyTracked += 1
            } else {
                counts.mostlyLost += 1
            }
        }
        counts.fragmentations = fragments.total
        var trackerPresence = [Int](repeating: 0, count: trk.idCount)
        for h in 0..<trk.count { trackerPresence[Int(trk.id[h])] += 1 }
        let overlaps = overlapFrames.map { ($0.key / trk.idCount, $0.key % trk.idCount, $0.value) }
        counts.identity = IdentityAssignment.counts(
            groundTruthCount: presence, trackerCount: trackerPresence, overlaps: overlaps)
        return counts
    }
}

/// Counts, per object, transitions from tracked to missed that lie between its first
/// and last tracked frame (py-motmetrics' `num_fragmentations`).
struct FragmentCounter {
    private var everTracked: [Bool]
    private var lastTracked: [Bool]
    private var pending: [Bool]
    private(set) var total = 0

    init(ids: Int) {
        everTracked = [Bool](repeating: false, count: ids)
        lastTracked = everTracked
        pending = everTracked
    }

    mutating func tracked(_ id: Int) {
        if pending[id] {
            total += 1
            pending[id] = false
        }
        everTracked[id] = true
        lastTracked[id] = true
    }

    mutating func missed(_ id: Int) {
        if everTracked[id] && lastTracked[id] { pending[id] = true }
        lastTracked[id] = false
    }
}
