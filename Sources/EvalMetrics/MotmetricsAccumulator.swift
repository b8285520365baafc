import EvalNumerics

/// py-motmetrics 1.4.0's `MOTAccumulator` for any distance: the state it carries from one
/// frame to the next and its `update` (spec.md#metric-motmetrics-accumulator). The 2-D
/// motmetrics convention (`MotmetricsAccumulator`, 1 − IoU) and the 3-D tracking of the
/// memory (`CentreDistanceTracking`, centre distance) both run on it, so their rules cannot
/// drift apart.
///
/// Objects and hypotheses are dense indices (`0..<objectCount`, `0..<hypothesisCount`); a
/// frame gives the indices present, in the order the reference receives them, and a
/// row-major distance matrix with NaN for every pair that cannot match (at or beyond the
/// gate). Per frame:
/// 1. every object, in row order, that was matched at any earlier frame — however many frames
///    ago — keeps the hypothesis it was last matched to when that hypothesis is present and
///    their distance is finite (`self.m`);
/// 2. the remaining rows and columns are matched by scipy's solver on the distances, NaN
///    replaced by motmetrics' constant 2·r·(c + 1) + 1 (r the smaller side, c the largest
///    finite |distance|), so the most pairs first and the least summed distance second; a
///    pair whose object was last matched to another hypothesis is a switch;
/// 3. the rows left are misses, the columns left false positives.
struct MotmetricsAccumulatorState {
    /// One matched pair of a frame, with the sub-events motmetrics records beside it.
    struct Pair {
        /// Row (object position in the frame's list).
        var row: Int
        /// Column (hypothesis position in the frame's list).
        var column: Int
        /// The pair's distance.
        var distance: Double
        /// The object was last matched to another hypothesis (`SWITCH`).
        var isSwitch: Bool
        /// A switch to a hypothesis never matched before (`ASCEND`).
        var ascends: Bool
        /// The hypothesis was last matched to another object (`TRANSFER`).
        var transfers: Bool
        /// A transfer of an object never matched before (`MIGRATE`).
        var migrates: Bool
    }

    /// The last frame's pairs, in the order motmetrics records them (continued pairs first).
    private(set) var pairs: [Pair] = []
    /// Whether each row of the last frame was matched.
    private(set) var rowMatched: [Bool] = []
    /// Whether each column of the last frame was matched.
    private(set) var columnMatched: [Bool] = []

    /// The hypothesis each object was last matched to, or −1 (`self.m`).
    private var hypothesisOf: [Int32]
    /// The object each hypothesis was last assigned to by the solver, or −1 (`self.res_m`).
    private var objectOf: [Int32]
    /// Objects matched at least once (`self.last_match` keys).
    private var everMatched: [Bool]
    /// Hypotheses matched at least once (`self.hypHistory` keys).
    private var hypothesisSeen: [Bool]
    private var costs: [Double] = []
    private var solver = LinearAssignmentSolver()

    /// A fresh accumulator for objects `0..<objectCount` and hypotheses `0..<hypothesisCount`.
    init(objectCount: Int, hypothesisCount: Int) {
        hypothesisOf = [Int32](repeating: -1, count: objectCount)
        objectOf = [Int32](repeating: -1, count: hypothesisCount)
        everMatched = [Bool](repeating: false, count: objectCount)
        hypothesisSeen = [Bool](repeating: false, count: hypothesisCount)
    }

    /// Processes one frame: `objects` (rows) and `hypotheses` (columns) present, and their
    /// `distances` (row-major, NaN where a pair cannot match), which are overwritten. The
    /// outcome is in ``pairs``, ``rowMatched`` and ``columnMatched``.
    mutating func update(objects: ArraySlice<Int32>, hypotheses: ArraySlice<Int32>, distances: inout [Double]) {
        let rows = objects.count, width = hypotheses.count
        precondition(distances.count == rows * width, "distance matrix is not rows × columns")
        pairs.removeAll(keepingCapacity: true)
        rowMatched = [Bool](repeating: false, count: rows)
        columnMatched = [Bool](repeating: false, count: width)
        guard rows > 0 && width > 0 else { return }
        // 1. Continue earlier pairings.
        for i in 0..<rows {
            let g = Int(objects[objects.startIndex + i])
            let previous = hypothesisOf[g]
            guard previous >= 0,
                let j = (0..<width).first(where: { !columnMatched[$0] && hypotheses[hypotheses.startIndex + $0] == previous }),
                distances[i * width + j].isFinite
            else { continue }
            everMatched[g] = true
            hypothesisSeen[Int(previous)] = true
            take(i, j, distances[i * width + j], isSwitch: false, ascends: false, transfers: false, migrates: false)
        }
        // 2. Assign the rest.
        var largest = 0.0
        var valid = 0
        for i in 0..<rows {
            for j in 0..<width {
                if rowMatched[i] || columnMatched[j] { distances[i * width + j] = .nan }
                let d = distances[i * width + j]
                if d.isFinite {
                    valid += 1
                    largest = max(largest, abs(d))
                }
            }
        }
        guard valid > 0 else { return }
        let forbidden = 2 * Double(min(rows, width)) * (largest + 1) + 1
        costs = distances.map { $0.isFinite ? $0 : forbidden }
        let assignment = (try? solver.solve(costs: costs, rows: rows, columns: width)) ?? []
        for (i, j) in assignment.enumerated() where j >= 0 && distances[i * width + j].isFinite {
            let g = Int(objects[objects.startIndex + i]), h = Int(hypotheses[hypotheses.startIndex + j])
            let isSwitch = hypothesisOf[g] >= 0 && Int(hypothesisOf[g]) != h
            let transfers = objectOf[h] >= 0 && Int(objectOf[h]) != g
            take(i, j, distances[i * width + j], isSwitch: isSwitch, ascends: isSwitch && !hypothesisSeen[h],
                 transfers: transfers, migrates: transfers && !everMatched[g])
            hypothesisSeen[h] = true
            everMatched[g] = true
            hypothesisOf[g] = Int32(h)
            objectOf[h] = Int32(g)
        }
    }

    private mutating func take(_ i: Int, _ j: Int, _ distance: Double, isSwitch: Bool, ascends: Bool, transfers: Bool, migrates: Bool) {
        rowMatched[i] = true
        columnMatched[j] = true
        pairs.append(Pair(row: i, column: j, distance: distance, isSwitch: isSwitch, ascends: ascends,
                          transfers: transfers, migrates: migrates))
    }
}

/// py-motmetrics 1.4.0's `MOTAccumulator` over a whole MOTChallenge sequence with the IoU
/// distance 1 − IoU and its gate (a pair matches only when 1 − IoU ≤ 0.5), with the metrics
/// of its `eval_motchallenge` app. The per-frame rules are ``MotmetricsAccumulatorState``'s
/// (spec.md#metric-motmetrics-accumulator).
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
        var accumulator = MotmetricsAccumulatorState(objectCount: gt.idCount, hypothesisCount: trk.idCount)
        var presence = [Int](repeating: 0, count: gt.idCount)
        var tracked = [Int](repeating: 0, count: gt.idCount)
        var fragments = FragmentCounter(ids: gt.idCount)
        var overlapFrames: [Int: Int] = [:]
        var distances: [Double] = []

        for t in 0..<sequence.timestepCount {
            let rows = gt.range(t), columns = trk.range(t)
            let frame = sequence.frameNumbers[t]
            for g in rows { presence[Int(gt.id[g])] += 1 }
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
            accumulator.update(objects: gt.id[rows], hypotheses: trk.id[columns], distances: &distances)
            for pair in accumulator.pairs {
                let g = Int(gt.id[rows.lowerBound + pair.row]), h = Int(trk.id[columns.lowerBound + pair.column])
                if pair.isSwitch { counts.switches += 1 } else { counts.matches += 1 }
                if pair.ascends { counts.ascends += 1 }
                if pair.transfers { counts.transfers += 1 }
                if pair.migrates { counts.migrates += 1 }
                counts.distanceSum += pair.distance
                tracked[g] += 1
                fragments.tracked(g)
                events?.append(
                    frame: frame, groundTruth: gt.idLabels[g], tracker: trk.idLabels[h],
                    similarity: 1 - pair.distance, kind: pair.isSwitch ? .identitySwitch : .match)
            }
            // 3–4. Misses and false positives.
            for (i, g) in rows.enumerated() where !accumulator.rowMatched[i] {
                counts.misses += 1
                fragments.missed(Int(gt.id[g]))
                events?.append(frame: frame, groundTruth: gt.idLabels[Int(gt.id[g])], tracker: nil, similarity: .nan, kind: .miss)
            }
            for (j, h) in columns.enumerated() where !accumulator.columnMatched[j] {
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
